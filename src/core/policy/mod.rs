//! The retry policy a person sets on the page, and the checks on each field.
//!
//! Every field arrives as text. [`parse_whole`] and [`parse_multiplier`] turn
//! that text into a value or an [`InputError`] that says what is wrong, so
//! the page can show the reason beside the field and keep the last valid
//! schedule on screen.

mod input;

use crate::core::decimal_text;

pub use input::{
    parse_attempt_timeout, parse_deadline, parse_decimal, parse_delay, parse_factor,
    parse_multiplier, parse_optional_delay, parse_retries, parse_whole, InputError,
    DEFAULT_ATTEMPT_TIMEOUT_MS,
};

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
                min: decimal_text::shortest(MIN_FACTOR),
            });
        }
        if !(MIN_FACTOR..=MAX_FACTOR).contains(&self.hi) {
            return Err(InputError::TooLarge {
                max: decimal_text::shortest(MAX_FACTOR),
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

#[cfg(test)]
mod tests {
    use super::*;

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
