//! What a written value means, without running anything: numbers kept as
//! exact decimals (so `0.025s` is 25 ms exactly, not 25.000000000000004),
//! durations in every spelling the configs use (`500 * time.Millisecond`,
//! `Duration.ofMillis(500)`, `TimeSpan.FromSeconds(2)`,
//! `timedelta(seconds=5)`, `Duration::from_millis(100)`, `"0.1s"`,
//! `500ms`, `PT0.5S`, `00:00:02`), booleans, "none", and names.
//!
//! Numbers ([`Q`]) and the values read ([`Val`]) are here; what an
//! expression means, names and calls read, in `value/eval.rs`.

use super::duration::unit_ms;
use super::read::one_of;
use crate::core::decimal::parse_f64;

pub(super) use eval::{arg, eval_at, num_of};
pub use eval::{eval, Names};

/// A number: an exact decimal `m · 10^e` while it fits, a float after.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Q {
    /// `m · 10^e`, exact.
    Dec(i64, i32),
    /// A float, where the decimal would not fit.
    F(f64),
}

impl Q {
    /// The number written as `text` (digits, point, exponent, `_`).
    pub fn parse(text: &str) -> Option<Q> {
        let t: String = text.chars().filter(|c| *c != '_').collect();
        let (mant, exp) = match t.find(['e', 'E']) {
            Some(k) => (&t[..k], &t[k + 1..]),
            None => (t.as_str(), "0"),
        };
        if mant.is_empty() || !mant.chars().all(|c| c.is_ascii_digit() || c == '.') {
            return None;
        }
        if mant.matches('.').count() > 1 || mant == "." {
            return None;
        }
        let frac = mant.split_once('.').map_or(0, |(_, f)| f.len());
        let digits: String = mant.chars().filter(|c| *c != '.').collect();
        let digits = digits.trim_start_matches('0');
        let float = || parse_f64(&t).map(Q::F);
        let Some(e) = int(exp, 10).and_then(|e| i32::try_from(e).ok()) else {
            return float();
        };
        if digits.len() > 18 || e.unsigned_abs() > 100_000 {
            return float();
        }
        let m = if digits.is_empty() {
            0
        } else {
            int(digits, 10)?
        };
        Some(Q::Dec(m, e - frac as i32))
    }

    /// A whole number.
    pub fn int(n: i64) -> Q {
        Q::Dec(n, 0)
    }

    /// The nearest `f64`.
    pub fn f64(self) -> f64 {
        match self {
            Q::Dec(0, _) => 0.0,
            Q::Dec(m, e) => parse_f64(&format!("{m}e{e}")).unwrap_or(f64::NAN),
            Q::F(x) => x,
        }
    }

    /// `self · 10^k`, exactly.
    pub fn shift(self, k: i32) -> Q {
        match self {
            Q::Dec(m, e) => Q::Dec(m, e.saturating_add(k)),
            Q::F(x) => Q::F(x * 10f64.powi(k)),
        }
    }

    fn neg(self) -> Q {
        match self {
            Q::Dec(m, e) => Q::Dec(-m, e),
            Q::F(x) => Q::F(-x),
        }
    }

    /// `self · o`, exactly while it fits.
    pub fn mul(self, o: Q) -> Q {
        if let (Q::Dec(a, x), Q::Dec(b, y)) = (self, o) {
            if let (Some(m), Some(e)) = (a.checked_mul(b), x.checked_add(y)) {
                return Q::Dec(m, e);
            }
        }
        Q::F(self.f64() * o.f64())
    }

    /// `self + o`, exactly while it fits.
    pub fn add(self, o: Q) -> Q {
        if let (Q::Dec(a, x), Q::Dec(b, y)) = (self, o) {
            let (hi, lo, ehi, elo) = if x >= y { (a, b, x, y) } else { (b, a, y, x) };
            let scaled = u32::try_from(ehi - elo)
                .ok()
                .and_then(|d| 10i64.checked_pow(d))
                .and_then(|p| hi.checked_mul(p));
            if let Some(s) = scaled.and_then(|s| s.checked_add(lo)) {
                return Q::Dec(s, elo);
            }
        }
        Q::F(self.f64() + o.f64())
    }

    fn div(self, o: Q) -> Q {
        if let (Q::Dec(a, x), Q::Dec(b, y)) = (self, o) {
            if b != 0 && a % b == 0 {
                return Q::Dec(a / b, x - y);
            }
        }
        Q::F(self.f64() / o.f64())
    }
}

/// An integer written in `radix` (10 or 16) as `str::parse` reads one: a
/// sign or none, then at least one digit, `None` past `i64`; every `_` is
/// skipped. By hand: the standard reader is some 600 B of code that
/// nothing else in this part of the page needs.
fn int(text: &str, radix: u32) -> Option<i64> {
    let (mut n, mut negative, mut first, mut digits) = (0u64, false, true, false);
    for c in text.chars() {
        if c == '_' {
            continue;
        }
        if first && (c == '-' || c == '+') {
            negative = c == '-';
            first = false;
            continue;
        }
        first = false;
        let d = c.to_digit(radix)?;
        n = n.checked_mul(u64::from(radix))?.checked_add(u64::from(d))?;
        digits = true;
    }
    if !digits {
        return None;
    }
    if negative {
        0i64.checked_sub_unsigned(n)
    } else {
        i64::try_from(n).ok()
    }
}

/// A value read.
#[derive(Debug)]
pub enum Val {
    /// A number, with the milliseconds of the unit written after it, if
    /// any (`500ms`, `10s`; `None` for `500`, `10L`, `2.0d`).
    Num(Q, Option<Q>),
    /// A duration, ms.
    Dur(Q),
    /// `true` / `false`.
    Bool(bool),
    /// `None`, `null`, `nil`.
    Nothing,
    /// A string's content.
    Text(String),
    /// A name (an enum value `DelayBackoffType.Exponential`, a bare word):
    /// its last part.
    Name(String),
    /// Something the reader does not evaluate (a variable, a function).
    Unknown,
}

/// A number as written, its suffix read as a unit or a type mark.
fn number(text: &str) -> Val {
    let text = text.trim_end_matches('.');
    let hex = text.starts_with("0x") || text.starts_with("0X");
    if hex {
        return match int(&text[2..], 16) {
            Some(n) => Val::Num(Q::int(n), None),
            None => Val::Unknown,
        };
    }
    let end = text
        .find(|c: char| c.is_ascii_alphabetic() && c != 'e' && c != 'E')
        .unwrap_or(text.len());
    // `1e5` keeps its `e`; `5e` alone is not a number.
    let (num, suffix) = text.split_at(end);
    let suffix = suffix.trim_start_matches('.');
    let Some(q) = Q::parse(num) else {
        return Val::Unknown;
    };
    // A decimal point before `d` or `m` marks a type (Java's `2.0d`, C#'s
    // `1.5m`), not days or minutes.
    let typed = num.contains('.') && matches!(suffix, "d" | "D" | "m" | "M");
    match unit_ms(suffix) {
        Some(per) if !typed => Val::Num(q, Some(per)),
        _ if suffix.is_empty() || is_type_mark(suffix) => Val::Num(q, None),
        _ => Val::Unknown,
    }
}

fn is_type_mark(s: &str) -> bool {
    one_of(
        "l f d m u ul lu n f32 f64 u8 u16 u32 u64 u128 usize i32 i64 isize",
        &s.to_ascii_lowercase(),
    )
}

mod eval;

#[cfg(test)]
mod tests {
    use super::int;

    #[test]
    fn int_reads_as_the_standard_parser_does() {
        let texts = [
            "",
            "0",
            "7",
            "+7",
            "-7",
            "+",
            "-",
            "--7",
            "+-7",
            "007",
            "12a",
            "1.5",
            " 1",
            "1 ",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "99999999999999999999",
            "٣",
            "ff",
            "FF",
            "-ff",
            "x1",
        ];
        for t in texts {
            assert_eq!(int(t, 10), t.parse::<i64>().ok(), "{t:?} in base 10");
            assert_eq!(
                int(t, 16),
                i64::from_str_radix(t, 16).ok(),
                "{t:?} in base 16"
            );
            let under = format!("_{}_", t.replace("", "_"));
            assert_eq!(
                int(&under, 16),
                i64::from_str_radix(&under.replace('_', ""), 16).ok(),
                "{under:?}"
            );
        }
    }
}
