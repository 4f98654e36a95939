//! Millisecond fields as people type them: `30000`, `30,000`, `30 s`,
//! `30s`, `500 ms`, `2 min`, `1 h`, `1.5 s` (1,500 ms).
//!
//! A number with a unit is read exactly, as a decimal: `0.1 s` is 100 ms
//! with no rounding, and a value that is not a whole number of
//! milliseconds (`1.0005 s`) is refused rather than rounded. A number
//! without a unit is read as every field reads it (milliseconds, whole).
//! Commas group thousands; they must fall every three digits.
//!
//! Not yet read by the page's fields, which take thousands commas
//! ([`super::decimal::ungroup`]) but not units: the units and the note under
//! each field that says what it read would join the first screen's code,
//! which is already over its budget. Loading them with the rest of the page
//! is the way in (see the README, "Why the critical path is still over
//! 160 KB").

use std::fmt;

use super::policy::{parse_whole, InputError};
use super::{decimal, format};

/// Why a millisecond field's text was not accepted.
#[derive(Clone, Debug, PartialEq)]
pub enum UnitError {
    /// Any field's reason: empty, not a number, out of range.
    Input(InputError),
    /// A unit the field does not know (`30 days`).
    Unit,
    /// A duration with a unit that comes to a fraction of a ms (`1.0005 s`).
    FractionOfMs,
}

impl From<InputError> for UnitError {
    fn from(e: InputError) -> Self {
        UnitError::Input(e)
    }
}

impl fmt::Display for UnitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnitError::Input(e) => return e.fmt(f),
            UnitError::Unit => "Use ms, s, min or h after the number, like 30 s.",
            UnitError::FractionOfMs => "That is a fraction of a millisecond: use whole ms.",
        })
    }
}

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
pub fn parse_ms(text: &str, min: u64, max: u64) -> Result<u64, UnitError> {
    let text = text.trim();
    let letters = text
        .bytes()
        .rev()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let (number, unit) = text.split_at(text.len() - letters);
    let number = number.trim_end();
    // Words alone (`abc`, `inf`, `NaN`) get the usual messages.
    let Some(&first) = number.as_bytes().first() else {
        return Ok(parse_whole(text, min, max)?);
    };
    let point = number.find('.');
    let sign = usize::from(matches!(first, b'+' | b'-'));
    // Thousands commas, taken out where they belong.
    let plain = decimal::ungroup(number).ok_or(InputError::Grouping)?;
    let plain: &str = &plain;
    if unit.is_empty() {
        return Ok(parse_whole(plain, min, max)?);
    }
    let size = unit_ms(unit).ok_or(UnitError::Unit)?;
    let too_large = || {
        UnitError::Input(InputError::TooLarge {
            max: format::thousands(max),
        })
    };
    if first == b'-' {
        return Err(InputError::TooSmall {
            min: format::thousands(min),
        }
        .into());
    }
    // Exact: the digits × the unit, over 10 per fraction digit, in
    // integers. A unit is at most 2^7 · 5^5 · 9 ms, so past 7 fraction
    // digits (after trailing zeros) no value is a whole number of ms.
    let digits = plain[sign..].trim_end_matches('0');
    let digits = if point.is_some() {
        digits
    } else {
        &plain[sign..]
    };
    let (mut total, mut scale, mut seen_point, mut count) = (0u64, 1u64, false, 0);
    for b in digits.bytes() {
        match b {
            b'.' if !seen_point => seen_point = true,
            b'0'..=b'9' => {
                count += 1;
                if seen_point {
                    if scale >= 10_000_000 {
                        return Err(UnitError::FractionOfMs);
                    }
                    scale *= 10;
                }
                total = total
                    .checked_mul(10)
                    .and_then(|t| t.checked_add(u64::from(b - b'0')))
                    .ok_or_else(too_large)?;
            }
            _ => return Err(InputError::NotANumber.into()),
        }
    }
    if count == 0 && !plain[sign..].bytes().any(|b| b == b'0') {
        return Err(InputError::NotANumber.into());
    }
    let total = total.checked_mul(size).ok_or_else(too_large)?;
    if !total.is_multiple_of(scale) {
        return Err(UnitError::FractionOfMs);
    }
    let ms = total / scale;
    if ms > max {
        Err(too_large())
    } else if ms < min {
        Err(InputError::TooSmall {
            min: format::thousands(min),
        }
        .into())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(text: &str) -> Result<u64, UnitError> {
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
        assert_eq!(ms("30 days"), Err(UnitError::Unit));
        assert_eq!(
            UnitError::Unit.to_string(),
            "Use ms, s, min or h after the number, like 30 s."
        );
        assert_eq!(ms("1.0005 s"), Err(UnitError::FractionOfMs));
        assert_eq!(
            UnitError::FractionOfMs.to_string(),
            "That is a fraction of a millisecond: use whole ms."
        );
        assert_eq!(ms("1.5 ms"), Err(UnitError::FractionOfMs));
        assert_eq!(ms("0.000000005 h"), Err(UnitError::FractionOfMs));
        assert_eq!(ms("0.00000125 h"), Err(UnitError::FractionOfMs));
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
        assert_eq!(ms("1.5"), Err(UnitError::Input(InputError::NotWhole)));
        assert_eq!(ms("30,00"), Err(UnitError::Input(InputError::Grouping)));
        assert_eq!(ms("3,0000"), Err(UnitError::Input(InputError::Grouping)));
        assert_eq!(ms(",000"), Err(UnitError::Input(InputError::Grouping)));
        assert_eq!(ms("1.000,5 s"), Err(UnitError::Input(InputError::Grouping)));
        assert_eq!(
            InputError::Grouping.to_string(),
            "Put commas between groups of three digits, like 30,000."
        );
        assert_eq!(ms("abc"), Err(UnitError::Input(InputError::NotANumber)));
        assert_eq!(ms("inf"), Err(UnitError::Input(InputError::NotFinite)));
        assert_eq!(ms("1..5 s"), Err(UnitError::Input(InputError::NotANumber)));
        assert_eq!(ms(". s"), Err(UnitError::Input(InputError::NotANumber)));
        assert_eq!(
            ms("1e3 s"),
            Err(UnitError::Input(InputError::NotANumber)),
            "no exponent with a unit"
        );
        assert_eq!(
            ms("-1 s"),
            Err(UnitError::Input(InputError::TooSmall { min: "0".into() }))
        );
        assert_eq!(
            ms("999999999999 h"),
            Err(UnitError::Input(InputError::TooLarge {
                max: "1,000,000,000,000".into()
            }))
        );
        assert_eq!(
            ms(&format!("{} s", "9".repeat(40))),
            Err(UnitError::Input(InputError::TooLarge {
                max: "1,000,000,000,000".into()
            }))
        );
        assert_eq!(
            parse_ms("0.5 s", 1_000, 2_000),
            Err(UnitError::Input(InputError::TooSmall {
                min: "1,000".into()
            }))
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
}
