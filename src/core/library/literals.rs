//! Numbers and durations as the libraries' config languages write them:
//! Python floats, Go `time` arithmetic, Rust `Duration`s.

use crate::core::decimal_text::shortest;

/// A number as a config writes it: `0.5`, `120`, `1e-7`.
pub fn num(x: f64) -> String {
    shortest(x)
}

/// A Python float literal: always with a point (`2.0`, `0.5`).
pub fn py_float(x: f64) -> String {
    let s = num(x);
    if s.contains(['.', 'e', 'i', 'N']) {
        s
    } else {
        format!("{s}.0")
    }
}

/// A whole number as Go or Rust writes it (`1500`), rounded to the unit.
pub fn go_free_num(x: f64) -> String {
    format!("{}", x.round() as u64)
}

/// A duration in ms in the largest unit that holds it whole: `(0, "")`,
/// `(2, "s")`, `(1500, "ms")`, or microseconds when it is not a whole
/// number of ms. Go and Rust write the number and unit each their way.
fn whole_unit(x: f64) -> (String, &'static str) {
    if x == 0.0 {
        (String::from("0"), "")
    } else if x % 1000.0 == 0.0 {
        (go_free_num(x / 1000.0), "s")
    } else if x.fract() == 0.0 {
        (go_free_num(x), "ms")
    } else {
        (go_free_num(x * 1000.0), "us")
    }
}

/// A duration in ms as Go writes it: `0`, `2 * time.Second`,
/// `500 * time.Millisecond`, or microseconds when it is not a whole
/// number of ms.
pub fn go_ms(x: f64) -> String {
    let (n, unit) = whole_unit(x);
    let unit = match unit {
        "" => return n,
        "s" => "Second",
        "ms" => "Millisecond",
        _ => "Microsecond",
    };
    format!("{n} * time.{unit}")
}

/// A duration in ms as Rust's `std::time::Duration` writes it:
/// `Duration::from_secs(1)`, `Duration::from_millis(1500)`, or
/// microseconds when it is not a whole number of ms.
pub fn rust_duration(x: f64) -> String {
    let (n, unit) = whole_unit(x);
    let unit = match unit {
        "s" | "" => "secs",
        "ms" => "millis",
        _ => "micros",
    };
    format!("Duration::from_{unit}({n})")
}
