//! A policy field's text read as a value, or the reason it is refused
//! ([`InputError`]): the page shows the reason beside the field and keeps
//! the last valid schedule on screen.

use std::fmt;

use super::{MAX_DELAY_MS, MAX_FACTOR, MAX_MULTIPLIER, MAX_RETRIES, MIN_FACTOR, MIN_MULTIPLIER};
use crate::core::{decimal, decimal_text, format};

/// Why a field's text was not accepted.
#[derive(Clone, Debug, PartialEq)]
pub enum InputError {
    /// Nothing was entered.
    Empty,
    /// The text is not a number (`abc`, `NaN`).
    NotANumber,
    /// Commas that are not thousands commas (`30,00`); `30,000` is read.
    Grouping,
    /// The text names an infinity (`inf`).
    NotFinite,
    /// The field takes whole numbers and the text has a fraction (`1.5`).
    NotWhole,
    /// The value is below the field's minimum.
    TooSmall {
        /// The smallest accepted value, as the page shows it.
        min: String,
    },
    /// The value is above the field's maximum (`1e400` lands here too).
    TooLarge {
        /// The largest accepted value, as the page shows it.
        max: String,
    },
    /// The smallest proportional factor is above the largest.
    FactorsReversed,
    /// A millisecond field's unit it does not know (`30 days`).
    Unit,
    /// A duration with a unit that comes to a fraction of a ms (`1.0005 s`).
    FractionOfMs,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Empty => f.write_str("Enter a value."),
            InputError::NotANumber => f.write_str("Enter a number, like 1000."),
            InputError::NotFinite => f.write_str("Enter a finite number."),
            InputError::NotWhole => f.write_str("Enter a whole number."),
            InputError::Grouping => {
                f.write_str("Put commas between groups of three digits, like 30,000.")
            }
            InputError::TooSmall { min } => write!(f, "Enter {min} or more."),
            InputError::TooLarge { max } => write!(f, "Enter at most {max}."),
            InputError::FactorsReversed => {
                f.write_str("The lowest factor must not be above the highest.")
            }
            InputError::Unit => f.write_str("Use ms, s, min or h, like 30 s."),
            InputError::FractionOfMs => f.write_str("Use whole ms."),
        }
    }
}

impl std::error::Error for InputError {}

/// Reads a number the way every field does: trimmed, in Rust's decimal
/// syntax (`1000`, `2.5`, `1e3`). A literal too large for `f64` (`1e400`)
/// reads as an infinity, so the range check calls it too large.
fn parse_number(text: &str) -> Result<f64, InputError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(InputError::Empty);
    }
    let value = decimal::parse_f64(text).ok_or(InputError::NotANumber)?;
    // Rust also accepts "NaN" and "inf"; we name them rather than use them.
    let word = text.trim_start_matches(['+', '-']).to_ascii_lowercase();
    if value.is_nan() {
        Err(InputError::NotANumber)
    } else if word.starts_with("inf") {
        Err(InputError::NotFinite)
    } else {
        Ok(value)
    }
}

/// Reads a number in `min..=max`; the labels are how the messages show the
/// bounds.
fn parse_in_range(
    text: &str,
    (min, min_label): (f64, String),
    (max, max_label): (f64, String),
) -> Result<f64, InputError> {
    let value = parse_number(text)?;
    if value < min {
        Err(InputError::TooSmall { min: min_label })
    } else if value > max {
        Err(InputError::TooLarge { max: max_label })
    } else {
        Ok(value)
    }
}

/// Reads a number, fractions allowed, in `min..=max` (the load model's
/// budget numbers). Thousands commas are read.
pub fn parse_decimal(text: &str, min: f64, max: f64) -> Result<f64, InputError> {
    let text = decimal::ungroup(text).ok_or(InputError::Grouping)?;
    // Bounds as the page writes numbers: `1,000`, `0.001`.
    let label = |v: f64| {
        if v.fract() == 0.0 {
            format::thousands(v as u64)
        } else {
            decimal_text::shortest(v)
        }
    };
    parse_in_range(&text, (min, label(min)), (max, label(max)))
}

/// Reads a whole number in `min..=max` (delays and the retry count).
/// Thousands commas are read (`1,000`), as people type counts and delays.
pub fn parse_whole(text: &str, min: u64, max: u64) -> Result<u64, InputError> {
    let text = decimal::ungroup(text).ok_or(InputError::Grouping)?;
    let value = parse_in_range(
        &text,
        (min as f64, format::thousands(min)),
        (max as f64, format::thousands(max)),
    )?;
    if value.fract() != 0.0 {
        return Err(InputError::NotWhole);
    }
    Ok(value as u64)
}

/// Reads any fractional number in `min..=max`.
fn parse_fraction(text: &str, min: f64, max: f64) -> Result<f64, InputError> {
    parse_in_range(
        text,
        (min, decimal_text::shortest(min)),
        (max, decimal_text::shortest(max)),
    )
}

/// Reads the multiplier: any number from [`MIN_MULTIPLIER`] to [`MAX_MULTIPLIER`].
pub fn parse_multiplier(text: &str) -> Result<f64, InputError> {
    parse_fraction(text, MIN_MULTIPLIER, MAX_MULTIPLIER)
}

/// Reads a proportional factor: any number from [`MIN_FACTOR`] to [`MAX_FACTOR`].
pub fn parse_factor(text: &str) -> Result<f64, InputError> {
    parse_fraction(text, MIN_FACTOR, MAX_FACTOR)
}

/// Reads a base or cap delay in milliseconds.
///
/// Thousands commas are read (`30,000`). Units (`30 s`, `2 min`) are read
/// by [`crate::core::units::plain_ms`] before this, in the page's fields
/// once the rest of the page has loaded; the link carries plain ms.
pub fn parse_delay(text: &str) -> Result<u64, InputError> {
    parse_whole(text, 0, MAX_DELAY_MS)
}

/// Reads the retry count.
pub fn parse_retries(text: &str) -> Result<u32, InputError> {
    parse_whole(text, 0, MAX_RETRIES as u64).map(|n| n as u32)
}

/// Reads an attempt timeout in milliseconds: at least 1 ms, since an
/// attempt with no time at all could never succeed.
pub fn parse_attempt_timeout(text: &str) -> Result<u64, InputError> {
    parse_whole(text, 1, MAX_DELAY_MS)
}

/// The attempt timeout the page starts with, ms.
pub const DEFAULT_ATTEMPT_TIMEOUT_MS: u64 = 10_000;

/// Reads the caller's deadline in milliseconds: empty text means no
/// deadline.
pub fn parse_deadline(text: &str) -> Result<Option<u64>, InputError> {
    parse_optional_delay(text)
}

/// Reads a delay in milliseconds that may be left empty (`None`).
pub fn parse_optional_delay(text: &str) -> Result<Option<u64>, InputError> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        parse_whole(text, 0, MAX_DELAY_MS).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_fields_accept_plain_integers() {
        assert_eq!(parse_delay("1000"), Ok(1000));
        assert_eq!(parse_delay(" 0 "), Ok(0));
        assert_eq!(parse_delay("1e3"), Ok(1000));
        assert_eq!(parse_retries("1000"), Ok(1000));
    }

    #[test]
    fn whole_fields_refuse_bad_text_with_a_reason() {
        assert_eq!(parse_delay(""), Err(InputError::Empty));
        assert_eq!(parse_delay("   "), Err(InputError::Empty));
        assert_eq!(parse_delay("abc"), Err(InputError::NotANumber));
        // Thousands commas as people type them, where they belong.
        assert_eq!(parse_delay("30,000"), Ok(30_000));
        assert_eq!(parse_delay(" 1,000,000 "), Ok(1_000_000));
        assert_eq!(parse_retries("1,000"), Ok(1_000));
        for bad in ["30,00", ",000", "1,0000", "1.000,5", "1,,000"] {
            assert_eq!(parse_delay(bad), Err(InputError::Grouping), "{bad}");
        }
        assert_eq!(parse_delay("NaN"), Err(InputError::NotANumber));
        assert_eq!(parse_delay("inf"), Err(InputError::NotFinite));
        assert_eq!(parse_delay("1.5"), Err(InputError::NotWhole));
        assert_eq!(
            parse_delay("-1"),
            Err(InputError::TooSmall { min: "0".into() })
        );
        assert_eq!(
            parse_delay("1e400"),
            Err(InputError::TooLarge {
                max: "1,000,000,000,000".into()
            })
        );
        assert_eq!(
            parse_retries("1001"),
            Err(InputError::TooLarge {
                max: "1,000".into()
            })
        );
        assert_eq!(
            parse_delay("999999999999999999999999999999"),
            Err(InputError::TooLarge {
                max: "1,000,000,000,000".into()
            })
        );
    }

    #[test]
    fn multiplier_takes_fractions_between_one_and_ten() {
        assert_eq!(parse_multiplier("1.5"), Ok(1.5));
        assert_eq!(parse_multiplier("1"), Ok(1.0));
        assert_eq!(parse_multiplier("10"), Ok(10.0));
        assert_eq!(
            parse_multiplier("11"),
            Err(InputError::TooLarge { max: "10".into() })
        );
        assert_eq!(
            parse_multiplier("0.5"),
            Err(InputError::TooSmall { min: "1".into() })
        );
        assert_eq!(
            parse_multiplier("1e400"),
            Err(InputError::TooLarge { max: "10".into() })
        );
        assert_eq!(parse_multiplier("abc"), Err(InputError::NotANumber));
        assert_eq!(parse_multiplier("-inf"), Err(InputError::NotFinite));
    }

    #[test]
    fn messages_read_plainly() {
        assert_eq!(InputError::NotWhole.to_string(), "Enter a whole number.");
        assert_eq!(
            InputError::TooSmall { min: "1".into() }.to_string(),
            "Enter 1 or more."
        );
    }

    #[test]
    fn an_empty_deadline_is_no_deadline() {
        assert_eq!(parse_deadline(""), Ok(None));
        assert_eq!(parse_deadline("  "), Ok(None));
        assert_eq!(parse_deadline("30000"), Ok(Some(30_000)));
        assert_eq!(parse_deadline("1.5"), Err(InputError::NotWhole));
    }
}
