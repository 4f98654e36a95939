//! The page's decimal reader against the standard `str::parse::<f64>`: the
//! same value bit for bit, or the same refusal, for any text a field or a
//! link could reasonably hold (see `src/core/decimal.rs` on the one kind of
//! giant text where they part). Also: `ungroup` and the writer take any
//! text or `f64` without a panic.

use backoff_calculator::core::decimal::{parse_f64, ungroup};
use proptest::prelude::*;

/// Both readers agree: equal bits, both NaN, or both refuse.
fn check(text: &str) {
    let ours = parse_f64(text);
    let std = text.parse::<f64>().ok();
    let same = match (ours, std) {
        (Some(a), Some(b)) => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
        (None, None) => true,
        _ => false,
    };
    assert!(same, "{text:?}: ours {ours:?}, std {std:?}");
}

/// The exact decimal digits and power of ten of `odd × 2^k`, written in
/// base 10^9 limbs (least significant first).
fn exact_decimal(odd: u64, k: i32) -> (String, i32) {
    let mut limbs = vec![
        odd % 1_000_000_000,
        odd / 1_000_000_000 % 1_000_000_000,
        odd / 1_000_000_000_000_000_000,
    ];
    let (factor, times, exponent) = if k >= 0 { (2, k, 0) } else { (5, -k, k) };
    for _ in 0..times {
        let mut carry = 0;
        for limb in &mut limbs {
            let v = *limb * factor + carry;
            *limb = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    while limbs.len() > 1 && limbs.last() == Some(&0) {
        limbs.pop();
    }
    let mut text = limbs.last().unwrap().to_string();
    for limb in limbs.iter().rev().skip(1) {
        text.push_str(&format!("{limb:09}"));
    }
    (text, exponent)
}

#[test]
fn what_the_fields_see() {
    for text in [
        "0", "1", "2", "1.5", "0.8", "1.2", "3", "1000", "1e3", "2.5E-1", "+1", "-0", "-1.5", ".5",
        "1.", "0.1", "0.30000000000000004", "1e400", "-1e400", "1e-400", "inf", "-inf", "+inf",
        "Infinity", "INF", "nan", "NaN", "-nan", "", ".", "-", "+", "e5", "1e", "1e+", "1.2.3",
        "1_000", "1,000", " 1", "1 ", "0x10", "١", "1e99999999999999999999", "1e-99999999999999999",
        "00000000000000000000000001.5", "9007199254740993", "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9",
        "2.2250738585072011e-308", "2.2250738585072014e-308", "4.9406564584124654e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623157e308",
        "1.7976931348623158e308", "1.7976931348623159e308",
    ] {
        check(text);
    }
}

#[test]
fn very_long_texts_keep_their_last_digit() {
    // 1 + 2^-53 is halfway between 1 and the next f64: a nonzero digit far
    // past the kept ones decides it upward.
    let (digits, exponent) = exact_decimal((1 << 53) + 1, -53);
    let half = format!("{digits}e{exponent}");
    check(&half);
    check(&format!(
        "{digits}{}1e{}",
        "0".repeat(2_000),
        exponent - 2_001
    ));
    check(&format!("{}{half}", "0".repeat(5_000)));
    check(&format!("0.{}1", "0".repeat(3_000)));
    check(&format!("{}.5", "9".repeat(2_000)));
    // Past the kept digits, with an exponent that saturates: no overflow.
    check(&format!("0.{}e-99999999999999999999", "1".repeat(801)));
    check(&format!("{}e99999999999999999999", "1".repeat(801)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn any_number_shaped_text(text in "[+-]?[0-9]{0,22}(\\.[0-9]{0,22})?([eE][+-]?[0-9]{1,3})?") {
        check(&text);
    }

    #[test]
    fn any_text(text in "[-+.eE0-9a-z ]{0,12}") {
        check(&text);
    }

    #[test]
    fn every_f64_written_every_way(bits in any::<u64>()) {
        let x = f64::from_bits(bits);
        for text in [format!("{x}"), format!("{x:e}"), format!("{x:.20e}"), format!("{x:.30}")] {
            check(&text);
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Halfway between two neighbouring f64 values, and a hair either
    /// side: the hardest inputs, where only exact arithmetic rounds right.
    #[test]
    fn halfway_points(mantissa in (1u64 << 52)..(1u64 << 53), k in -1126i32..=970) {
        // odd × 2^k with odd = 2m + 1 lies halfway between m·2^(k+1) and
        // (m + 1)·2^(k+1).
        let (digits, exponent) = exact_decimal(2 * mantissa + 1, k);
        check(&format!("{digits}e{exponent}"));
        check(&format!("{digits}1e{}", exponent - 1));
        let below = format!("{}49e{}", &digits[..digits.len() - 1], exponent - 1);
        check(&below);
    }
}

/// The page's decimal writer (`core::decimal_text`) against `{}` and
/// `{:.N}`, over the values it covers: sizes from 10^-14 to 2^64, any
/// text of up to 31 decimals, and short decimals as people type them.
mod writer {
    use backoff_calculator::core::decimal_text::{fixed, shortest};
    use proptest::prelude::*;

    fn check(x: f64) {
        assert_eq!(shortest(x), format!("{x}"), "{x:e}");
        for d in 0..=4 {
            assert_eq!(fixed(x, d), format!("{x:.*}", d as usize), "{x:e} to {d}");
        }
    }

    #[test]
    fn edges() {
        for x in [
            0.0, -0.0, 0.5, 0.05, 0.15, 0.25, 0.35, 2.5, 3.5, 1e-7, 1.5e-20, 1e19,
        ] {
            check(x);
            check(-x);
        }
        // Powers of two, whose next smaller neighbour is closer.
        for k in -46..=63 {
            check(2f64.powi(k));
        }
        // Out of range: no panic, and the text reads back close.
        for x in [1e300, f64::MAX, 1e37] {
            let back: f64 = shortest(x).parse().unwrap();
            assert!((back - x).abs() <= x.abs() * 1e-15, "{x:e}: {back:e}");
        }
        // Below: written to 31 decimals, within 10^-31.
        for x in [5e-324, 1e-300, f64::MIN_POSITIVE] {
            let back: f64 = shortest(x).parse().unwrap();
            assert!((back - x).abs() <= 1e-31, "{x:e}: {back:e}");
            let _ = fixed(x, 3);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        #[test]
        fn any_f64_in_range(mantissa in (1u64 << 52)..(1u64 << 53), k in -98i32..=11, neg: bool) {
            // From 2^-46 (above 10^-14) to 2^64.
            let x = mantissa as f64 * 2f64.powi(k) * if neg { -1.0 } else { 1.0 };
            assert_eq!(shortest(x), format!("{x}"), "{x:e}");
        }

        #[test]
        fn fixed_decimals(mantissa in (1u64 << 52)..(1u64 << 53), k in -80i32..=11, d in 0u32..=8) {
            let x = mantissa as f64 * 2f64.powi(k);
            assert_eq!(fixed(x, d), format!("{x:.*}", d as usize), "{x:e}");
        }

        #[test]
        fn typed_decimals(int in 0u64..100_000, frac in 0u64..10_000, places in 0usize..5) {
            let text = format!("{int}.{frac:0>places$}", places = places.max(1));
            check(text.parse().unwrap());
        }
    }
}

/// `n` with a comma between each group of three digits: `30,000`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    /// Whatever a field holds, `ungroup` gives the trimmed text without its
    /// commas or refuses it, and never panics; a whole number written with
    /// its thousands commas comes back as its digits.
    #[test]
    fn ungroup_takes_any_text(
        text in prop_oneof!["[-+ 0-9,.eé]{0,16}", ".{0,16}"],
        n in any::<u64>(),
        sign in prop_oneof![Just(""), Just("-"), Just("+")],
    ) {
        if let Some(plain) = ungroup(&text) {
            prop_assert_eq!(plain.as_ref(), text.trim().replace(',', ""));
        }
        let written = format!(" {sign}{} ", grouped(n));
        let digits = format!("{sign}{n}");
        let read = ungroup(&written);
        prop_assert_eq!(read.as_deref(), Some(digits.as_str()));
    }

    /// The first screen's writer takes any `f64` (NaN, infinities,
    /// subnormals, the largest) at any number of decimals without a panic:
    /// no shift, power or subtraction in it leaves its range.
    #[test]
    fn the_writer_takes_any_f64(bits in any::<u64>(), d in 0u32..=40) {
        use backoff_calculator::core::decimal_text::{fixed, shortest};
        let x = f64::from_bits(bits);
        prop_assert!(!shortest(x).is_empty());
        prop_assert!(!fixed(x, d).is_empty());
    }
}
