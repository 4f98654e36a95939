//! `Plan`: the policy and the code options resolved once (limits held to
//! what every duration type can hold), with the questions every writer
//! asks of them. The header every snippet starts with is in `header`.

use super::{decimal, Options};
use crate::core::policy::{CapOrder, Jitter, Policy, MAX_DELAY_MS};

/// What a language's attempt timeout bounds, as its header says.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum AttemptBound {
    /// The whole attempt (JS/TS, Go, Rust, bash).
    Whole,
    /// The connect and each read of the socket only: Python's requests has
    /// no limit on a whole attempt.
    EachRead,
}

/// Everything a writer needs, resolved once: the policy and the options.
pub(super) struct Plan {
    pub(super) policy: Policy,
    pub(super) honor: bool,
    pub(super) retry_after_max_ms: u64,
    /// The deadline, held to [`MAX_DELAY_MS`].
    pub(super) deadline_ms: Option<u64>,
    pub(super) key: bool,
    /// Each attempt's timeout, held to [`MAX_DELAY_MS`].
    pub(super) timeout_ms: u64,
    /// Whether the calls share a retry budget (`budget`).
    pub(super) budget: bool,
}

impl Plan {
    pub(super) fn new(policy: &Policy, options: &Options) -> Plan {
        Plan {
            policy: *policy,
            honor: options.honor_retry_after,
            retry_after_max_ms: options.retry_after_max_ms.min(MAX_DELAY_MS),
            deadline_ms: options.deadline_ms.map(|d| d.min(MAX_DELAY_MS)),
            key: options.idempotency_key,
            timeout_ms: options.attempt_timeout_ms.min(MAX_DELAY_MS),
            budget: options.retry_budget,
        }
    }

    /// Whether a computed sleep can pass [`MAX_DELAY_MS`], which only
    /// proportional jitter with the cap before the factor allows. Past
    /// about 292 years (9.2e12 ms) a sleep overflows Go's `time.Duration`
    /// and Python's `time.sleep`, so those writers hold it to the limit.
    pub(super) fn sleep_may_overflow(&self) -> bool {
        let p = &self.policy;
        self.jitter() == Jitter::Proportional
            && self.cap_order() == CapOrder::Before
            && p.cap_ms as f64 * p.proportional.hi > MAX_DELAY_MS as f64
    }

    pub(super) fn jitter(&self) -> Jitter {
        self.policy.jitter
    }

    /// The cap order, meaningful only for proportional jitter.
    pub(super) fn cap_order(&self) -> CapOrder {
        self.policy.proportional.cap
    }

    /// Whether the backoff grows until `cap / LOW_FACTOR` rather than `cap`:
    /// with the cap after the factor, the sleep still changes until
    /// `backoff × lo` reaches the cap (the core's `stop`).
    pub(super) fn grows_past_cap(&self) -> bool {
        self.jitter() == Jitter::Proportional && self.cap_order() == CapOrder::After
    }

    /// Whether the sleep draws a random number at all.
    pub(super) fn uses_random(&self) -> bool {
        self.jitter() != Jitter::None
    }

    /// The snippet's named constants, in order. Every value is a whole
    /// number or a decimal; each writer spells the names its own way.
    pub(super) fn constants(&self) -> Vec<(&'static str, f64)> {
        let p = &self.policy;
        let mut out = vec![("BASE_DELAY_MS", p.base_ms as f64)];
        // Decorrelated jitter grows from the previous sleep, not by the
        // multiplier, so its code has no use for one.
        if p.jitter != Jitter::Decorrelated {
            out.push(("MULTIPLIER", p.multiplier));
        }
        out.push(("MAX_DELAY_MS", p.cap_ms as f64));
        out.push(("MAX_RETRIES", f64::from(p.max_retries)));
        if p.jitter == Jitter::Proportional {
            out.push(("LOW_FACTOR", p.proportional.lo));
            out.push(("HIGH_FACTOR", p.proportional.hi));
        }
        if self.honor {
            out.push(("RETRY_AFTER_MAX_MS", self.retry_after_max_ms as f64));
        }
        out.push(("ATTEMPT_TIMEOUT_MS", self.timeout_ms as f64));
        if let Some(deadline) = self.deadline_ms {
            out.push(("DEADLINE_MS", deadline as f64));
        }
        out
    }

    /// The multiplier as a decimal literal: `2`, `1.5`.
    pub(super) fn multiplier(&self) -> String {
        decimal(self.policy.multiplier)
    }

    /// The proportional factors as decimal literals.
    pub(super) fn factors(&self) -> (String, String) {
        let p = self.policy.proportional;
        (decimal(p.lo), decimal(p.hi))
    }
}
