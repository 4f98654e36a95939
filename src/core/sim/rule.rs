//! How each mode draws a client's sleep before its next read: the study's
//! modes with the study's numbers, the page's policy with its own.

use super::random::Draws;
use super::run::Client;
use super::{Mode, STUDY_BASE_MS, STUDY_CAP_MS};
use crate::core::policy::{CapOrder, Jitter, Policy, Proportional};

/// How a sleep is drawn from the client's current backoff.
#[derive(Clone, Copy, Debug)]
enum Draw {
    /// No backoff.
    Zero,
    /// Exactly the capped exponential.
    Exact,
    /// `uniform(0, exp)`.
    Full,
    /// `exp/2 + uniform(0, exp/2)`.
    Equal,
    /// `min(cap, uniform(base, prev × 3))`.
    Decorrelated,
    /// `exp × uniform(lo, hi)`, with the factors `lo` and `hi`.
    FactorBeforeCap(f64, f64),
    /// `min(cap, raw × uniform(lo, hi))`, with the factors `lo` and `hi`.
    FactorAfterCap(f64, f64),
}

/// A mode's backoff, ready to draw from.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rule {
    draw: Draw,
    /// Decorrelated jitter's floor and starting sleep.
    pub(super) base: f64,
    /// The uncapped backoff of the first retry.
    pub(super) first: f64,
    /// Growth per retry.
    multiplier: f64,
    /// No backoff exceeds it (except proportional with the cap first).
    cap: f64,
    /// The uncapped backoff stops growing here, as in the schedule.
    stop: f64,
    /// A client gives up when its write fails after this many retries.
    pub(super) max_retries: u32,
}

impl Rule {
    /// The rule clients follow in `mode`; `policy` matters only for
    /// [`Mode::Policy`].
    pub(super) fn new(mode: Mode, policy: &Policy) -> Rule {
        let study = |draw| Rule {
            draw,
            base: STUDY_BASE_MS,
            // The study's first retry has n = 1: 2 × base.
            first: 2.0 * STUDY_BASE_MS,
            multiplier: 2.0,
            cap: STUDY_CAP_MS,
            stop: STUDY_CAP_MS,
            max_retries: u32::MAX,
        };
        match mode {
            Mode::Exponential => study(Draw::Exact),
            Mode::Decorrelated => study(Draw::Decorrelated),
            Mode::Equal => study(Draw::Equal),
            Mode::Full => study(Draw::Full),
            // Its sleeps are the client's own sequence ([`super::Run`]).
            Mode::None | Mode::Library => study(Draw::Zero),
            Mode::Policy => {
                let cap = policy.cap_ms as f64;
                let Proportional { lo, hi, cap: order } = policy.proportional;
                let (draw, stop) = match (policy.jitter, order) {
                    (Jitter::None, _) => (Draw::Exact, cap),
                    (Jitter::Full, _) => (Draw::Full, cap),
                    (Jitter::Equal, _) => (Draw::Equal, cap),
                    (Jitter::Decorrelated, _) => (Draw::Decorrelated, cap),
                    (Jitter::Proportional, CapOrder::Before) => {
                        (Draw::FactorBeforeCap(lo, hi), cap)
                    }
                    (Jitter::Proportional, CapOrder::After) => {
                        (Draw::FactorAfterCap(lo, hi), cap / lo)
                    }
                };
                Rule {
                    draw,
                    base: policy.base_ms as f64,
                    first: policy.base_ms as f64,
                    multiplier: policy.multiplier,
                    cap,
                    stop,
                    max_retries: policy.max_retries,
                }
            }
        }
    }

    /// The sleep before `client`'s next read, advancing its backoff state.
    pub(super) fn sleep(&self, client: &mut Client, draws: &mut Draws) -> f64 {
        let raw = client.raw;
        if raw < self.stop {
            client.raw = raw * self.multiplier;
        }
        let exp = raw.min(self.cap);
        match self.draw {
            Draw::Zero => 0.0,
            Draw::Exact => exp,
            Draw::Full => draws.between(0.0, exp),
            Draw::Equal => draws.between(exp / 2.0, exp),
            Draw::Decorrelated => {
                let hi = (client.prev * 3.0).max(self.base);
                client.prev = draws.between(self.base, hi).min(self.cap);
                client.prev
            }
            Draw::FactorBeforeCap(lo, hi) => draws.between(exp * lo, exp * hi),
            Draw::FactorAfterCap(lo, hi) => draws.between(raw * lo, raw * hi).min(self.cap),
        }
    }
}
