//! Writes an `f64` as decimal text, as `{}` and `{:.N}` do, in a fraction
//! of the code size.
//!
//! The standard writer carries two algorithms (Grisu with a Dragon4
//! fallback) and their tables: about 15 KB of the page's first-screen wasm,
//! 6 KB of its gzip download, for numbers the page shows with a handful of
//! digits (a multiplier of `1.5`, a factor of `0.8`, a chart coordinate to
//! a tenth). This writer works on the exact binary value: an `f64` is
//! `m × 2^-k` with `m` below 2^53, so `m × 5^d` fits in 128 bits for every
//! `d` up to 31, and rounding `m × 2^-k × 10^d` to a whole number is one
//! shift of it. Digits are written from 64-bit numbers only: 128-bit
//! division and printing would cost the first screen 2 KB more.
//!
//! [`shortest`] gives what `{}` gives (the fewest decimals that read back
//! as the same `f64`, the nearest such text) for every value from 10^-14
//! to 2^64 in size, and any whose text has at most 31 decimals. The rest,
//! which the page never shows, is written close: below, to 31 decimals;
//! above, with 17 significant digits. [`fixed`] gives what `{:.N}` gives
//! (the exact value rounded half to even) for values below 2^64 and up to
//! 19 decimals. `tests/decimal.rs` checks both against the standard writer.
//! [`shortest_wide`] and [`fixed_wide`] write every value exactly, for the
//! parts loaded after the first screen only (module `wide`).

mod wide;

pub use wide::{fixed_wide, shortest_wide, WideNum};

/// An `f64` that formats as [`shortest`] writes it, for `format!` and
/// `write!` (`{}` of a bare `f64` would bring the standard writer back).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num(pub f64);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&shortest(self.0))
    }
}

/// An `f64` that formats as [`fixed`] writes it with as many decimals as `.1` says, for
/// `format!` and `write!` in place of `{:.N}` (the standard writer, whose
/// call costs code at every use).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixed(pub f64, pub u32);

impl std::fmt::Display for Fixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&fixed(self.0, self.1))
    }
}

/// Most decimals [`shortest`] tries: `m × 5^31 × 4` stays below 2^128.
const MAX_DECIMALS: u32 = 31;

/// Most decimals [`fixed`] writes: `10^19` is the largest power of ten in
/// 64 bits.
const MAX_FIXED: u32 = 19;

/// `x` as `{}` writes it: `2`, `1.5`, `0.0000001`, `-0`, `NaN`, `inf`.
pub fn shortest(x: f64) -> String {
    let Some((neg, m, k)) = split(x) else {
        return special(x);
    };
    let text = if m == 0 {
        "0".into()
    } else if k <= 0 {
        shortest_whole(x.abs(), m, -k)
    } else {
        shortest_fraction(m, k as u32)
    };
    sign(neg, text)
}

/// `m × 2^-k` (`k` > 0) with the fewest decimals that read back.
fn shortest_fraction(m: u64, k: u32) -> String {
    // At `d = k` decimals the text is exact, so the loop ends by then.
    for d in 0..=MAX_DECIMALS.min(k) {
        // In units of 2^-k × 5^-d: the value is `m × 5^d`, a text of `d`
        // decimals `n × 2^(k-d)`, and the step to the next f64 `5^d`.
        let value = u128::from(m) * 5u128.pow(d);
        let shift = k - d;
        let reads_back = |n: u64| {
            u128::from(n).checked_shl(shift).is_some_and(|c| {
                c >> shift == u128::from(n) && within(c, value, 5u128.pow(d), m, k < 1074)
            })
        };
        let floor = value.checked_shr(shift).unwrap_or(0) as u64;
        if let Some(n) = either(round_scaled(m, k, d, false), floor, reads_back) {
            return with_point(n, d);
        }
    }
    // Below about 10^-14: not a value the page ever shows.
    with_point(round_scaled(m, k, MAX_DECIMALS, false), MAX_DECIMALS)
}

/// A whole number `a = m × 2^e` (at least 2^52) as `{}` writes it: its
/// fewest significant digits that read back, then zeros.
fn shortest_whole(a: f64, m: u64, e: i32) -> String {
    if e >= 12 {
        // From 2^64 on, not a value the page ever shows: 17 significant
        // digits, then zeros.
        let zeros = (53 + e) * 30_103 / 100_000 - 16;
        let digits = (a / 10f64.powi(zeros)).round() as u64;
        return format!("{digits}{}", "0".repeat(zeros as usize));
    }
    let a = m << e;
    let step = 1u128 << e;
    for j in (1..=19u32).rev() {
        let p = 10u64.pow(j);
        let (whole, rest) = (a / p, a % p);
        let nearest = whole + u64::from(rest >= p - rest);
        let reads_back =
            |n: u64| within(u128::from(n) * u128::from(p), u128::from(a), step, m, true);
        if let Some(n) = either(nearest, whole, reads_back) {
            return format!("{n}{}", "0".repeat(j as usize));
        }
    }
    a.to_string()
}

/// The nearest candidate if it reads back, else its neighbour on the other
/// side of the value (`floor` is the one below): at a power of two the
/// value's interval is lopsided, and the farther one can read back alone.
fn either(nearest: u64, floor: u64, reads_back: impl Fn(u64) -> bool) -> Option<u64> {
    let other = if nearest == floor { floor + 1 } else { floor };
    [nearest, other].into_iter().find(|&n| reads_back(n))
}

/// `x` as `{:.decimals$}` writes it, the exact value rounded half to even:
/// `fixed(0.15, 1)` is `0.1` (0.15 is stored as 0.1499…), `fixed(2.5, 0)`
/// is `2`. Decimals past 19 are written as 19.
pub fn fixed(x: f64, decimals: u32) -> String {
    let d = decimals.min(MAX_FIXED);
    let Some((neg, m, k)) = split(x) else {
        return special(x);
    };
    let zeros = |n: u32| "0".repeat(n as usize);
    let text = if k <= 0 || m == 0 {
        // A whole number: all its digits (2^64 on, close), then zeros.
        let whole = match (m, -k) {
            (0, _) => "0".into(),
            (_, e) if e < 12 => (m << e).to_string(),
            (_, e) => shortest_whole(x.abs(), m, e),
        };
        if d == 0 {
            whole
        } else {
            format!("{whole}.{}", zeros(d))
        }
    } else if d == 0 {
        // Below 2^53: the rounded whole number fits in 64 bits.
        round_scaled(m, k as u32, 0, true).to_string()
    } else {
        // The whole part, and the fraction rounded to `d` digits (a tie
        // goes to an even last digit, which is the fraction's).
        let mut int = x.abs().trunc() as u64;
        let mut frac = match split(x.abs().fract()) {
            Some((_, fm, fk)) if fm != 0 => round_scaled(fm, fk as u32, d, true),
            _ => 0,
        };
        if frac == 10u64.pow(d) {
            int += 1;
            frac = 0;
        }
        let digits = frac.to_string();
        format!("{int}.{}{digits}", zeros(d - digits.len() as u32))
    };
    sign(neg, text)
}

/// The sign, 53-bit mantissa and binary exponent of a finite `x`, as
/// `x = ±m × 2^-k`; zero is `m = 0, k = 0`.
fn split(x: f64) -> Option<(bool, u64, i32)> {
    if !x.is_finite() {
        return None;
    }
    let bits = x.to_bits();
    let neg = bits >> 63 == 1;
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1 << 52) - 1);
    Some(match (exp, frac) {
        (0, 0) => (neg, 0, 0),
        (0, _) => (neg, frac, 1074),
        _ => (neg, frac | (1 << 52), 1075 - exp),
    })
}

/// `NaN`, `inf` or `-inf`, as `{}` writes them.
fn special(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x > 0.0 {
        "inf".into()
    } else {
        "-inf".into()
    }
}

fn sign(neg: bool, text: String) -> String {
    if neg {
        format!("-{text}")
    } else {
        text
    }
}

/// `m × 2^-k × 10^d` (`k` > 0), rounded to a whole number: half to even as
/// `{:.N}` rounds, or half up as `{}` picks between two texts equally
/// near. The callers keep the result below 2^64.
fn round_scaled(m: u64, k: u32, d: u32, ties_even: bool) -> u64 {
    // m × 2^-k × 10^d = m × 5^d × 2^(d-k).
    let scaled = u128::from(m) * 5u128.pow(d);
    if d >= k {
        return (scaled << (d - k)) as u64;
    }
    let shift = k - d;
    if shift >= 128 {
        return 0;
    }
    let whole = scaled >> shift;
    let rest = scaled - (whole << shift);
    let half = 1u128 << (shift - 1);
    (whole + u128::from(rest > half || (rest == half && (!ties_even || whole & 1 == 1)))) as u64
}

/// Whether a candidate `c` reads back as the value `v` (both in the same
/// units, `step` the distance to the next `f64` up): whether it lies within
/// half a step of it. The step below is half as long when the mantissa is
/// a power of two and a smaller exponent exists (`lower`). On the boundary
/// itself a reader rounds to the even mantissa, so `{}` counts the boundary
/// in exactly then.
fn within(c: u128, v: u128, step: u128, m: u64, lower: bool) -> bool {
    let even = m & 1 == 0;
    let gap = if c >= v {
        2 * (c - v)
    } else if m == 1 << 52 && lower {
        4 * (v - c)
    } else {
        2 * (v - c)
    };
    gap < step || (even && gap == step)
}

/// `n` with a point `d` digits from its end: `with_point(15, 1)` is `1.5`,
/// `with_point(1, 3)` is `0.001`.
fn with_point(n: u64, d: u32) -> String {
    let digits = n.to_string();
    let d = d as usize;
    if d == 0 {
        return digits;
    }
    let digits = if digits.len() <= d {
        format!("{}{digits}", "0".repeat(d + 1 - digits.len()))
    } else {
        digits
    };
    // `split_at_checked`: `split_at` can panic, and its message brings
    // Rust's char escaping to the first screen (see `presets::note_parts`).
    let (int, frac) = digits
        .split_at_checked(digits.len() - d)
        .unwrap_or(("0", ""));
    format!("{int}.{frac}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_what_the_standard_writer_writes() {
        for x in [
            0.0,
            -0.0,
            1.0,
            2.0,
            1.5,
            0.1,
            0.2,
            0.3,
            0.8,
            1.2,
            0.7,
            1e-7,
            123456.789,
            2.5e15,
            9007199254740993.0,
            0.1 + 0.2,
            1e19,
            1.5e-20,
            2f64.powi(60),
            2f64.powi(53),
            2f64.powi(52) + 0.5,
        ] {
            assert_eq!(shortest(x), format!("{x}"), "{x:e}");
            assert_eq!(format!("{}", Num(x)), format!("{x}"), "{x:e}");
            for d in 0..6 {
                assert_eq!(fixed(x, d), format!("{x:.*}", d as usize), "{x:e} {d}");
                let standard = format!("{x:.*}", d as usize);
                assert_eq!(format!("{}", Fixed(x, d)), standard, "{x:e} {d}");
            }
        }
        assert_eq!(shortest(f64::NAN), "NaN");
        assert_eq!(shortest(f64::NEG_INFINITY), "-inf");
        assert_eq!(fixed(0.15, 1), "0.1");
        assert_eq!(fixed(2.5, 0), "2");
        assert_eq!(fixed(-1.25, 1), "-1.2");
    }
}
