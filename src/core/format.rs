//! How the page writes milliseconds: whole ms with thousands separators, and
//! from 1,000 ms on also seconds to three significant figures.
//!
//! `627 ms`, `2,110 ms (2.11 s)`, `10,591 ms (10.6 s)`; totals as `26.1 s`.
//! Rounding happens here and nowhere else: the core keeps full precision.

use super::decimal_text::fixed;

/// Writes a whole number with comma thousands separators: `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Rounds milliseconds to the nearest whole millisecond, treating anything
/// not finite or negative as 0 so display never panics.
pub fn round_ms(ms: f64) -> u64 {
    if ms.is_finite() && ms > 0.0 {
        ms.round() as u64
    } else {
        0
    }
}

/// Seconds to three significant figures (`2.11`, `10.6`, `627`); from
/// 1,000 s on, whole seconds with separators (`1,235`).
pub fn seconds(ms: f64) -> String {
    let s = if ms.is_finite() && ms > 0.0 {
        ms / 1000.0
    } else {
        0.0
    };
    for decimals in [2usize, 1, 0] {
        let scale = 10f64.powi(decimals as i32);
        let rounded = (s * scale).round() / scale;
        // Rounding can carry into the next decade (9.996 → 10.00); move on.
        if rounded < 10f64.powi(3 - decimals as i32) {
            return fixed(rounded, decimals as u32);
        }
    }
    thousands(s.round() as u64)
}

/// One delay: `627 ms`, or `2,110 ms (2.11 s)` from 1,000 ms on.
pub fn delay(ms: f64) -> String {
    match delay_parts(ms) {
        (ms, Some(secs)) => format!("{ms} {secs}"),
        (ms, None) => ms,
    }
}

/// [`delay`] in its two parts, `("2,110 ms", Some("(2.11 s)"))`, so a narrow
/// table can drop the seconds.
pub fn delay_parts(ms: f64) -> (String, Option<String>) {
    let whole = round_ms(ms);
    let millis = format!("{} ms", thousands(whole));
    let secs = (whole >= 1000).then(|| format!("({} s)", seconds(whole as f64)));
    (millis, secs)
}

/// A total: `26.1 s`, or `627 ms` below one second.
pub fn total(ms: f64) -> String {
    let whole = round_ms(ms);
    if whole >= 1000 {
        format!("{} s", seconds(ms))
    } else {
        format!("{whole} ms")
    }
}

/// A range of delays: `0 – 1,000 ms`, or `500 ms – 1.00 s` style is avoided:
/// both ends in whole ms so columns line up.
pub fn range(min_ms: f64, max_ms: f64) -> String {
    format!(
        "{} – {} ms",
        thousands(round_ms(min_ms)),
        thousands(round_ms(max_ms))
    )
}

/// A drawing coordinate in whole tenths of a pixel: `12.46` → `125`.
/// A redraw compares these and writes only the values that moved, as
/// `tenths / 10` (`12.5`, `12`, `-0.3`); not finite reads as 0.
pub fn tenths(value: f64) -> i64 {
    if value.is_finite() {
        (value * 10.0).round() as i64
    } else {
        0
    }
}

/// How wide `text` is drawn, in `ch` (the width of the digit 0), for the
/// page's table text: an estimate on the high side for common sans-serif
/// fonts with tabular digits (every digit exactly 1 ch). The schedule
/// sizes its columns with it, so every row can lay out on its own.
pub fn width_ch(text: &str) -> f64 {
    text.chars()
        .map(|c| match c {
            '0'..='9' => 1.0,
            'm' | 'M' | 'W' | 'w' => 1.6,
            ',' | '.' | ' ' | ':' => 0.55,
            '(' | ')' => 0.65,
            '–' => 0.85,
            's' => 0.9,
            _ => 1.0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_count_digits_as_one_ch_and_grow_with_the_value() {
        assert_eq!(width_ch("1234567890"), 10.0);
        let widths: Vec<f64> = [999.0, 1_000.0, 16_000.0, 1_234_567.0]
            .iter()
            .map(|&ms| width_ch(&delay_parts(ms).0))
            .collect();
        assert!(widths.windows(2).all(|w| w[0] < w[1]), "{widths:?}");
        // "16,000 ms": 5 digits, a comma, a space, m and s.
        assert!((width_ch("16,000 ms") - 8.6).abs() < 1e-9);
    }

    #[test]
    fn spec_examples() {
        assert_eq!(delay(627.0), "627 ms");
        assert_eq!(delay(2110.0), "2,110 ms (2.11 s)");
        assert_eq!(delay(10591.0), "10,591 ms (10.6 s)");
        assert_eq!(total(26_100.0), "26.1 s");
        assert_eq!(total(15_500.0), "15.5 s");
    }

    #[test]
    fn rounding_and_edges() {
        assert_eq!(delay(0.0), "0 ms");
        assert_eq!(delay(0.4), "0 ms");
        assert_eq!(delay(999.4), "999 ms");
        assert_eq!(delay(999.6), "1,000 ms (1.00 s)");
        assert_eq!(delay(9_996.0), "9,996 ms (10.0 s)");
        assert_eq!(delay(32_000.0), "32,000 ms (32.0 s)");
        assert_eq!(delay(123_456.0), "123,456 ms (123 s)");
        assert_eq!(delay(1_234_567.0), "1,234,567 ms (1,235 s)");
        assert_eq!(delay(f64::NAN), "0 ms");
        assert_eq!(delay(f64::INFINITY), "0 ms");
        assert_eq!(
            delay_parts(2110.0),
            ("2,110 ms".to_string(), Some("(2.11 s)".to_string()))
        );
        assert_eq!(delay_parts(627.0), ("627 ms".to_string(), None));
        assert_eq!(total(999.0), "999 ms");
        assert_eq!(total(999_950.0), "1,000 s");
        assert_eq!(range(0.0, 31_000.0), "0 – 31,000 ms");
    }

    #[test]
    fn tenths_of_a_pixel() {
        assert_eq!(tenths(12.5), 125);
        assert_eq!(tenths(12.46), 125);
        assert_eq!(tenths(12.04), 120);
        assert_eq!(tenths(0.0), 0);
        assert_eq!(tenths(-0.04), 0);
        assert_eq!(tenths(-0.3), -3);
        assert_eq!(tenths(-12.0), -120);
        assert_eq!(tenths(f64::NAN), 0);
        assert_eq!(tenths(f64::INFINITY), 0);
        assert_eq!(tenths(720.0), 7200);
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }
}
