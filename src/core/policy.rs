//! The retry policy a person sets on the page, and the checks on each field.
//!
//! Every field arrives as text. [`parse_whole`] and [`parse_multiplier`] turn
//! that text into a value or an [`InputError`] that says what is wrong, so
//! the page can show the reason beside the field and keep the last valid
//! schedule on screen.

use std::fmt;

use super::{decimal, format};

/// Largest accepted `base` and `cap`, in milliseconds (about 31.7 years).
///
/// Chosen so every delay is exact in an `f64`, and so the generated Go code
/// can hold it in a `time.Duration` (nanoseconds in an `i64`).
pub const MAX_DELAY_MS: u64 = 1_000_000_000_000;

/// Largest accepted number of retries. The core computes any count; the page
/// stops here so the table and the 2,000-run decorrelated simulation stay fast.
pub const MAX_RETRIES: u32 = 1_000;

/// Smallest accepted multiplier: 1 keeps the delay constant.
pub const MIN_MULTIPLIER: f64 = 1.0;

/// Largest accepted multiplier.
pub const MAX_MULTIPLIER: f64 = 10.0;

/// How each sleep is drawn from the capped exponential `exp(k)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Jitter {
    /// Sleep exactly `exp(k)`.
    None,
    /// Sleep `uniform(0, exp(k))`.
    Full,
    /// Sleep `exp(k)/2 + uniform(0, exp(k)/2)`.
    Equal,
    /// Sleep `min(cap, uniform(base, prev × 3))`, with `prev` starting at base.
    Decorrelated,
    /// Sleep `exp(k) × uniform(lo, hi)`, with the cap applied before or after
    /// the factor (see [`Proportional`]). gRPC, cenkalti/backoff, client-go,
    /// Resilience4j, openai-python and stripe-node all draw this way.
    Proportional,
}

impl Jitter {
    /// Every mode, in the order the page lists them.
    pub const ALL: [Jitter; 5] = [
        Jitter::None,
        Jitter::Full,
        Jitter::Equal,
        Jitter::Decorrelated,
        Jitter::Proportional,
    ];

    /// The share-link spelling: `none`, `full`, `equal` or `decorrelated`.
    pub fn as_str(self) -> &'static str {
        match self {
            Jitter::None => "none",
            Jitter::Full => "full",
            Jitter::Equal => "equal",
            Jitter::Decorrelated => "decorrelated",
            Jitter::Proportional => "proportional",
        }
    }

    /// The label shown in the `Jitter` select.
    pub fn label(self) -> &'static str {
        match self {
            Jitter::None => "None",
            Jitter::Full => "Full",
            Jitter::Equal => "Equal",
            Jitter::Decorrelated => "Decorrelated",
            Jitter::Proportional => "Proportional",
        }
    }

    /// What the mode does, and whose formula it is, in one line under the
    /// `Jitter` select.
    pub fn hint(self) -> &'static str {
        match self {
            Jitter::None => "Clients retry in step.",
            Jitter::Full => "Random, 0 to the backoff (AWS, 2015).",
            Jitter::Equal => "Half the backoff, half random (AWS, 2015).",
            Jitter::Decorrelated => "Random, base to 3 × the last wait (Brooker, AWS, 2015).",
            Jitter::Proportional => "The backoff × a random factor (gRPC).",
        }
    }

    /// Whether the multiplier plays a part: decorrelated jitter grows each
    /// wait from the last one instead.
    pub fn uses_multiplier(self) -> bool {
        self != Jitter::Decorrelated
    }

    /// Reads the share-link spelling back; `None` for anything else.
    pub fn parse(s: &str) -> Option<Jitter> {
        Jitter::ALL.into_iter().find(|j| j.as_str() == s)
    }
}

/// Where the cap applies in proportional jitter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CapOrder {
    /// `min(cap, base × m^n) × uniform(lo, hi)`: a sleep may exceed the cap
    /// by the factor `hi` (gRPC, cenkalti/backoff).
    Before,
    /// `min(cap, base × m^n × uniform(lo, hi))`: no sleep exceeds the cap
    /// (Resilience4j).
    After,
}

impl CapOrder {
    /// Both orders, in the order the page lists them.
    pub const ALL: [CapOrder; 2] = [CapOrder::Before, CapOrder::After];

    /// The spelling in the page's select: `before` or `after`.
    pub fn as_str(self) -> &'static str {
        match self {
            CapOrder::Before => "before",
            CapOrder::After => "after",
        }
    }

    /// Reads [`Self::as_str`] back; `None` for anything else.
    pub fn parse(s: &str) -> Option<CapOrder> {
        CapOrder::ALL.into_iter().find(|c| c.as_str() == s)
    }

    /// The option's text in the `Cap applies` select.
    pub fn label(self) -> &'static str {
        match self {
            CapOrder::Before => "Before the factor (may exceed the cap)",
            CapOrder::After => "After the factor (never above the cap)",
        }
    }
}

/// The factor range of proportional jitter: each sleep is the backoff times
/// `uniform(lo, hi)`, with `MIN_FACTOR ≤ lo ≤ hi ≤ MAX_FACTOR`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Proportional {
    /// Smallest factor.
    pub lo: f64,
    /// Largest factor.
    pub hi: f64,
    /// Whether the cap applies before or after the factor.
    pub cap: CapOrder,
}

impl Proportional {
    /// gRPC's connection backoff: ±20 %, cap before the jitter. The default.
    pub const GRPC: Proportional = Proportional {
        lo: 0.8,
        hi: 1.2,
        cap: CapOrder::Before,
    };
}

impl Default for Proportional {
    fn default() -> Self {
        Proportional::GRPC
    }
}

impl Proportional {
    /// Checks `lo ≤ hi` and that both lie in `MIN_FACTOR..=MAX_FACTOR`.
    pub fn check(&self) -> Result<(), InputError> {
        if !(MIN_FACTOR..=MAX_FACTOR).contains(&self.lo) {
            return Err(InputError::TooSmall {
                min: MIN_FACTOR.to_string(),
            });
        }
        if !(MIN_FACTOR..=MAX_FACTOR).contains(&self.hi) {
            return Err(InputError::TooLarge {
                max: MAX_FACTOR.to_string(),
            });
        }
        if self.lo > self.hi {
            return Err(InputError::FactorsReversed);
        }
        Ok(())
    }
}

/// Smallest proportional factor. Above zero so that, with the cap after the
/// factor, the backoff stops growing once `raw × lo` reaches the cap.
pub const MIN_FACTOR: f64 = 0.01;

/// Largest proportional factor.
pub const MAX_FACTOR: f64 = 10.0;

/// A complete retry policy. All delays are whole milliseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// What retry 1 waits before jitter.
    pub base_ms: u64,
    /// Growth factor per retry, from 1 to 10.
    pub multiplier: f64,
    /// No single wait exceeds this.
    pub cap_ms: u64,
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// How each sleep is drawn.
    pub jitter: Jitter,
    /// The factor range, used only when `jitter` is [`Jitter::Proportional`].
    pub proportional: Proportional,
}

impl Policy {
    /// A policy from its five main inputs, with the default proportional
    /// factors ([`Proportional::GRPC`]); usable in constants.
    pub const fn new(
        base_ms: u64,
        multiplier: f64,
        cap_ms: u64,
        max_retries: u32,
        jitter: Jitter,
    ) -> Policy {
        Policy {
            base_ms,
            multiplier,
            cap_ms,
            max_retries,
            jitter,
            proportional: Proportional::GRPC,
        }
    }
}

impl Default for Policy {
    /// The page's defaults: 1 s doubling to a 32 s cap (the Google Cloud
    /// Storage Java client's maximum delay), 5 retries, full jitter.
    fn default() -> Self {
        Policy {
            base_ms: 1_000,
            multiplier: 2.0,
            cap_ms: 32_000,
            max_retries: 5,
            jitter: Jitter::Full,
            proportional: Proportional::default(),
        }
    }
}

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
    parse_in_range(text, (min, min.to_string()), (max, max.to_string()))
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
/// Thousands commas are read (`30,000`); units (`30 s`, `2 min`) are not
/// yet: [`super::units::parse_ms`] reads them, and is kept off the first
/// screen's code until it can load with the rest of the page.
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

    #[test]
    fn cap_order_round_trips_its_spelling() {
        for c in CapOrder::ALL {
            assert_eq!(CapOrder::parse(c.as_str()), Some(c));
        }
        assert_eq!(CapOrder::parse("After"), None);
    }

    #[test]
    fn jitter_round_trips_its_share_spelling() {
        for j in Jitter::ALL {
            assert_eq!(Jitter::parse(j.as_str()), Some(j));
        }
        assert_eq!(Jitter::parse("Full"), None);
    }
}
