//! [`shortest`](super::shortest) and [`fixed`](super::fixed) for every
//! `f64`, from 2^64 up and below 10^-14 included, for the parts of the page
//! loaded after the first screen, where a library's rows can pass 2^64 ms
//! (a library with no cap, a thousand retries) and a bar drawn against
//! them can be thinner than 10^-14. Kept apart so the first screen does not
//! carry it: there a value's exact digits are written by long
//! multiplication, and the fewest of them that read back are found with
//! the exact reader ([`crate::core::decimal::parse_f64`]).

use super::{fixed, shortest};
use crate::core::decimal::parse_f64;

/// 2^64: from here on [`shortest`] and [`fixed`] write close, not exact.
const WIDE: f64 = 18_446_744_073_709_551_616.0;

/// An `f64` that formats as [`shortest_wide`] writes it, for `format!`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WideNum(pub f64);

impl std::fmt::Display for WideNum {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&shortest_wide(self.0))
    }
}

/// `x` as `{}` writes it, for every `f64`.
pub fn shortest_wide(x: f64) -> String {
    let a = x.abs();
    if !(a.is_finite() && (a >= WIDE || (a > 0.0 && a < 1e-14))) {
        return shortest(x);
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let (digits, exp10) = exact(a);
    // `{}` writes the fewest significant digits that read back (17 always
    // do), the nearer of two that both do.
    for p in 1..=17.min(digits.len() - 1) {
        let (head, rest) = digits.split_at(p);
        // By hand: `str::parse` would be placed in the first screen's wasm.
        let floor = head.bytes().fold(0, |n, b| n * 10 + u64::from(b - b'0'));
        // Half up on a tie, as [`shortest`] picks.
        let half = format!("5{}", "0".repeat(rest.len() - 1));
        let nearest = floor + u64::from(rest >= half.as_str());
        let other = if nearest == floor { floor + 1 } else { floor };
        for n in [nearest, other] {
            let text = place(&n.to_string(), exp10 + rest.len() as i32);
            if parse_f64(&text) == Some(a) {
                return format!("{sign}{text}");
            }
        }
    }
    format!("{sign}{}", place(&digits, exp10))
}

/// `x` as `{:.decimals$}` writes it, for every `f64` (up to 19 decimals,
/// as [`fixed`]).
pub fn fixed_wide(x: f64, decimals: u32) -> String {
    if !(x.is_finite() && x.abs() >= WIDE) {
        return fixed(x, decimals);
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let digits = exact(x.abs()).0;
    if decimals == 0 {
        format!("{sign}{digits}")
    } else {
        format!("{sign}{digits}.{}", "0".repeat(decimals as usize))
    }
}

/// `digits × 10^exp10` as plain decimal text, without trailing zeros after
/// the point: `place("15", -1)` is `1.5`, `place("10", -17)` is
/// `0.0000000000000001`, `place("3", 2)` is `300`.
fn place(digits: &str, exp10: i32) -> String {
    if exp10 >= 0 {
        return format!("{digits}{}", "0".repeat(exp10 as usize));
    }
    let d = exp10.unsigned_abs() as usize;
    let padded = format!(
        "{}{digits}",
        "0".repeat((d + 1).saturating_sub(digits.len()))
    );
    let (int, frac) = padded.split_at(padded.len() - d);
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        int.to_string()
    } else {
        format!("{int}.{frac}")
    }
}

/// The exact value of a finite, nonzero `a` as `digits × 10^exp10`: its
/// mantissa times 2^e (a whole number), or times 5^k over 10^k (for
/// `a = m × 2^-k`), by long multiplication in base 10^9.
fn exact(a: f64) -> (String, i32) {
    let bits = a.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1 << 52) - 1);
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    };
    let (times, count, exp10) = if e >= 0 { (2, e, 0) } else { (5, -e, e) };
    const BASE: u64 = 1_000_000_000;
    // Least significant limb first.
    let mut limbs = vec![m % BASE, m / BASE % BASE, m / BASE / BASE];
    for _ in 0..count {
        let mut carry = 0;
        for limb in &mut limbs {
            let v = *limb * times + carry;
            *limb = v % BASE;
            carry = v / BASE;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    while limbs.len() > 1 && limbs.last() == Some(&0) {
        limbs.pop();
    }
    let mut out = limbs.last().map_or(String::new(), u64::to_string);
    for limb in limbs.iter().rev().skip(1) {
        let s = limb.to_string();
        out += &"0".repeat(9 - s.len());
        out += &s;
    }
    (out, exp10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_what_the_standard_writer_writes_at_any_size() {
        let mut x = 1.0f64;
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut values = vec![
            WIDE,
            1e20,
            1e30,
            2f64.powi(80),
            1e300,
            f64::MAX,
            123.0,
            0.1,
            1e-15,
            1.5e-300,
            f64::MIN_POSITIVE,
            5e-324,
            1.2345678901234567e-20,
        ];
        while x.is_finite() {
            values.push(x);
            values.push(-x * 1.5);
            x *= 7.3;
        }
        x = 1.0;
        while x > 0.0 {
            values.push(x);
            x /= 9.1;
        }
        for _ in 0..2_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let v = f64::from_bits(seed >> 1);
            if v.is_finite() {
                values.push(v);
            }
        }
        for v in values {
            assert_eq!(shortest_wide(v), format!("{v}"), "{v:e}");
            assert_eq!(format!("{}", WideNum(v)), format!("{v}"), "{v:e}");
            for d in [0, 1, 6] {
                assert_eq!(fixed_wide(v, d), format!("{v:.*}", d as usize), "{v:e}");
            }
        }
        assert_eq!(shortest_wide(f64::INFINITY), "inf");
        assert_eq!(shortest_wide(f64::NAN), "NaN");
    }
}
