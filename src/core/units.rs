//! Millisecond fields as people type them: `30000`, `30,000`, `30 s`,
//! `30s`, `500 ms`, `2 min`, `1 h`, `1.5 s` (1,500 ms).
//!
//! A number with a unit is read exactly, as a decimal: `0.1 s` is 100 ms
//! with no rounding, and a value that is not a whole number of
//! milliseconds (`1.0005 s`) is refused rather than rounded. A number
//! without a unit is read as every field reads it (milliseconds, whole).
//! Commas group thousands; they must fall every three digits.
//!
//! The page's millisecond fields read units once the rest of the page
//! has loaded: [`plain_ms`] turns `30 s` into `30000` before the field's
//! own reader checks the range, and [`reading`] is the note under the field
//! that says what was read. Both live outside the first screen's code: a
//! unit typed before they arrive is refused, then read when they come.
//! Library fields in seconds or milliseconds read units through
//! [`library_value`].

use std::borrow::Cow;

use super::policy::{parse_whole, InputError, MAX_DELAY_MS};
use super::{decimal, format};

/// The size in ms of a unit a millisecond field takes, `None` for any
/// other word.
fn unit_ms(unit: &str) -> Option<u64> {
    let is = |name: &str| unit.eq_ignore_ascii_case(name);
    if is("ms") {
        Some(1)
    } else if is("s") || is("sec") {
        Some(1_000)
    } else if is("m") || is("min") {
        Some(60_000)
    } else if is("h") {
        Some(3_600_000)
    } else {
        None
    }
}

/// Reads a duration in whole milliseconds, `min..=max`.
pub fn parse_ms(text: &str, min: u64, max: u64) -> Result<u64, InputError> {
    let text = text.trim();
    let (number, unit) = split_unit(text);
    // Words alone (`abc`, `inf`, `NaN`) get the usual messages.
    let Some(&first) = number.as_bytes().first() else {
        return parse_whole(text, min, max);
    };
    let point = number.find('.');
    let sign = usize::from(matches!(first, b'+' | b'-'));
    // Thousands commas, taken out where they belong.
    let plain = decimal::ungroup(number).ok_or(InputError::Grouping)?;
    let plain: &str = &plain;
    if unit.is_empty() {
        return parse_whole(plain, min, max);
    }
    let size = unit_ms(unit).ok_or(InputError::Unit)?;
    let too_large = || InputError::TooLarge {
        max: format::thousands(max),
    };
    if first == b'-' {
        return Err(InputError::TooSmall {
            min: format::thousands(min),
        });
    }
    // Exact: the digits × the unit, over 10 per fraction digit, in
    // integers. A unit is at most 2^7 · 5^5 · 9 ms, so past 7 fraction
    // digits (after trailing zeros) no value is a whole number of ms.
    let digits = &plain[sign..];
    let digits = if point.is_some() {
        // By bytes: `trim_end_matches` would be one more generic function
        // shared with the first screen's code, and so in it.
        let zeros = digits.bytes().rev().take_while(|&b| b == b'0').count();
        &digits[..digits.len() - zeros]
    } else {
        digits
    };
    let (mut total, mut scale, mut seen_point, mut count) = (0u64, 1u64, false, 0);
    for b in digits.bytes() {
        match b {
            b'.' if !seen_point => seen_point = true,
            b'0'..=b'9' => {
                count += 1;
                if seen_point {
                    if scale >= 10_000_000 {
                        return Err(InputError::FractionOfMs);
                    }
                    scale *= 10;
                }
                total = total
                    .checked_mul(10)
                    .and_then(|t| t.checked_add(u64::from(b - b'0')))
                    .ok_or_else(too_large)?;
            }
            _ => return Err(InputError::NotANumber),
        }
    }
    if count == 0 && !plain[sign..].bytes().any(|b| b == b'0') {
        return Err(InputError::NotANumber);
    }
    let total = total.checked_mul(size).ok_or_else(too_large)?;
    if !total.is_multiple_of(scale) {
        return Err(InputError::FractionOfMs);
    }
    let ms = total / scale;
    if ms > max {
        Err(too_large())
    } else if ms < min {
        Err(InputError::TooSmall {
            min: format::thousands(min),
        })
    } else {
        Ok(ms)
    }
}

/// What a millisecond field read, for the note under it: "= 30,000 ms
/// (30.0 s)". `None` when the text is a plain number of ms (nothing to
/// explain) or is refused (its message says why).
pub fn reading(text: &str) -> Option<String> {
    let plain = text.trim();
    if plain.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    parse_ms(text, 0, u64::MAX)
        .ok()
        .map(|ms| format!("= {}", format::delay(ms as f64)))
}

/// The text of a millisecond field with its unit read: `30 s` gives
/// `30000`, for the field's own reader to check against its range. Text
/// without a unit (`30,000`, `abc`, empty) comes back as it is, so every
/// other message stays the field's own.
pub fn plain_ms(text: &str) -> Result<Cow<'_, str>, InputError> {
    let Some((number, _)) = number_and_unit(text) else {
        return Ok(Cow::Borrowed(text));
    };
    if number.starts_with('-') {
        // Below every field's minimum: let the field say its own.
        return Ok(Cow::Borrowed("-1"));
    }
    parse_ms(text, 0, MAX_DELAY_MS).map(|ms| Cow::Owned(ms.to_string()))
}

/// The number and the unit of `text` (`30 s` → `30`, `s`), or `None` when
/// it has no unit, or is words alone (`none`, `inf`), which the fields
/// read as they always have.
fn number_and_unit(text: &str) -> Option<(&str, &str)> {
    let (number, unit) = split_unit(text);
    (!unit.is_empty() && !number.is_empty()).then_some((number, unit))
}

/// `text` trimmed and cut before its trailing letters: the number, and the
/// unit (empty when there is none).
fn split_unit(text: &str) -> (&str, &str) {
    let text = text.trim();
    let letters = text
        .bytes()
        .rev()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let (number, unit) = text.split_at(text.len() - letters);
    (number.trim_end(), unit)
}

/// A library field's value typed with a unit, in the field's own unit of
/// `field_ms` milliseconds (1,000 for seconds): `500 ms` in a seconds field
/// is 0.5. `None` when the text has no unit: the field reads it as it
/// always has. Fractions are kept (a library takes `0.0005` s).
pub fn library_value(text: &str, field_ms: u64) -> Option<Result<f64, InputError>> {
    let (number, unit) = number_and_unit(text)?;
    Some((|| {
        let size = unit_ms(unit).ok_or(InputError::Unit)?;
        let plain = decimal::ungroup(number).ok_or(InputError::Grouping)?;
        let value = decimal::parse_f64(&plain).ok_or(InputError::NotANumber)?;
        if !value.is_finite() {
            return Err(InputError::NotFinite);
        }
        // By whole ratios, so that `500 ms` is exactly 0.5 s.
        Ok(if size >= field_ms {
            value * (size / field_ms) as f64
        } else {
            value / (field_ms / size) as f64
        })
    })())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(text: &str) -> Result<u64, InputError> {
        parse_ms(text, 0, 1_000_000_000_000)
    }

    #[test]
    fn reads_what_people_type() {
        assert_eq!(ms("30000"), Ok(30_000));
        assert_eq!(ms("30,000"), Ok(30_000));
        assert_eq!(ms("1,000,000"), Ok(1_000_000));
        assert_eq!(ms("30 s"), Ok(30_000));
        assert_eq!(ms("30s"), Ok(30_000));
        assert_eq!(ms(" 30 S "), Ok(30_000));
        assert_eq!(ms("500 ms"), Ok(500));
        assert_eq!(ms("2 min"), Ok(120_000));
        assert_eq!(ms("2m"), Ok(120_000));
        assert_eq!(ms("1 h"), Ok(3_600_000));
        assert_eq!(ms("1.5 s"), Ok(1_500));
        assert_eq!(ms("0.5 s"), Ok(500));
        assert_eq!(ms(".5 s"), Ok(500));
        assert_eq!(ms("0.1 s"), Ok(100), "exact, no binary rounding");
        assert_eq!(ms("1.001 s"), Ok(1_001));
        assert_eq!(ms("1,500.0 ms"), Ok(1_500));
        assert_eq!(ms("+2 s"), Ok(2_000));
        // Without a unit, as before: exponents too.
        assert_eq!(ms("1e3"), Ok(1_000));
    }

    #[test]
    fn refuses_with_a_clear_message() {
        assert_eq!(ms("30 days"), Err(InputError::Unit));
        assert_eq!(
            InputError::Unit.to_string(),
            "Use ms, s, min or h, like 30 s."
        );
        assert_eq!(ms("1.0005 s"), Err(InputError::FractionOfMs));
        assert_eq!(InputError::FractionOfMs.to_string(), "Use whole ms.");
        assert_eq!(ms("1.5 ms"), Err(InputError::FractionOfMs));
        assert_eq!(ms("0.000000005 h"), Err(InputError::FractionOfMs));
        assert_eq!(ms("0.00000125 h"), Err(InputError::FractionOfMs));
        assert_eq!(
            ms("0.0000125 h"),
            Ok(45),
            "7 fraction digits can still be whole"
        );
        assert_eq!(
            ms("2.50000000000 s"),
            Ok(2_500),
            "trailing zeros are not digits that count"
        );
        assert_eq!(ms("1.5"), Err(InputError::NotWhole));
        assert_eq!(ms("30,00"), Err(InputError::Grouping));
        assert_eq!(ms("3,0000"), Err(InputError::Grouping));
        assert_eq!(ms(",000"), Err(InputError::Grouping));
        assert_eq!(ms("1.000,5 s"), Err(InputError::Grouping));
        assert_eq!(
            InputError::Grouping.to_string(),
            "Put commas between groups of three digits, like 30,000."
        );
        assert_eq!(ms("abc"), Err(InputError::NotANumber));
        assert_eq!(ms("inf"), Err(InputError::NotFinite));
        assert_eq!(ms("1..5 s"), Err(InputError::NotANumber));
        assert_eq!(ms(". s"), Err(InputError::NotANumber));
        assert_eq!(
            ms("1e3 s"),
            Err(InputError::NotANumber),
            "no exponent with a unit"
        );
        assert_eq!(ms("-1 s"), Err(InputError::TooSmall { min: "0".into() }));
        assert_eq!(
            ms("999999999999 h"),
            Err(InputError::TooLarge {
                max: "1,000,000,000,000".into()
            })
        );
        assert_eq!(
            ms(&format!("{} s", "9".repeat(40))),
            Err(InputError::TooLarge {
                max: "1,000,000,000,000".into()
            })
        );
        assert_eq!(
            parse_ms("0.5 s", 1_000, 2_000),
            Err(InputError::TooSmall {
                min: "1,000".into()
            })
        );
    }

    #[test]
    fn the_note_says_what_was_read_unless_the_text_is_plain() {
        assert_eq!(reading("30000"), None);
        assert_eq!(reading(""), None);
        assert_eq!(reading("30 s").as_deref(), Some("= 30,000 ms (30.0 s)"));
        assert_eq!(reading("30,000").as_deref(), Some("= 30,000 ms (30.0 s)"));
        assert_eq!(reading("1.5 s").as_deref(), Some("= 1,500 ms (1.50 s)"));
        assert_eq!(reading("30 days"), None);
    }

    #[test]
    fn a_field_reads_its_unit_then_checks_its_own_range() {
        assert_eq!(plain_ms("30 s").as_deref(), Ok("30000"));
        assert_eq!(plain_ms("2 min").as_deref(), Ok("120000"));
        assert_eq!(plain_ms("1.5 s").as_deref(), Ok("1500"));
        // No unit: as typed, for the field's own messages.
        for text in ["30,000", "30000", "", "abc", "inf", "1e3", "none"] {
            assert_eq!(plain_ms(text).as_deref(), Ok(text));
        }
        assert_eq!(plain_ms("-2 s").as_deref(), Ok("-1"));
        assert_eq!(plain_ms("30 days"), Err(InputError::Unit));
        assert_eq!(plain_ms("1.0005 s"), Err(InputError::FractionOfMs));
        assert_eq!(
            plain_ms("1000 d"),
            Err(InputError::Unit),
            "days are not a unit the fields take"
        );
        assert_eq!(
            plain_ms("9999999 h"),
            Err(InputError::TooLarge {
                max: format::thousands(MAX_DELAY_MS)
            })
        );
    }

    #[test]
    fn a_library_field_reads_a_unit_into_its_own() {
        assert_eq!(library_value("500 ms", 1_000), Some(Ok(0.5)));
        assert_eq!(library_value("2 min", 1_000), Some(Ok(120.0)));
        assert_eq!(library_value("100ms", 1_000), Some(Ok(0.1)));
        assert_eq!(library_value("0.1 s", 1_000), Some(Ok(0.1)));
        assert_eq!(library_value("1.5 s", 1), Some(Ok(1_500.0)));
        assert_eq!(library_value("1,500 ms", 1), Some(Ok(1_500.0)));
        assert_eq!(library_value("0.5 ms", 1_000), Some(Ok(0.0005)));
        assert_eq!(library_value("0.5", 1_000), None);
        assert_eq!(library_value("none", 1_000), None);
        assert_eq!(
            library_value("2 fortnights", 1_000),
            Some(Err(InputError::Unit))
        );
        assert_eq!(
            library_value("x s", 1_000),
            Some(Err(InputError::NotANumber))
        );
        assert_eq!(
            library_value("30,00 s", 1_000),
            Some(Err(InputError::Grouping))
        );
    }
}
