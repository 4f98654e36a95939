//! What fits a deadline: the largest cap and the most retries whose worst
//! case stays within it.
//!
//! The worst case of a policy is the sum of the per-retry maximums, the
//! figure the range tile shows ([`Schedule::range_max_ms`]). [`worst_case_ms`]
//! computes it without building a schedule, adding the same maximums in the
//! same order, so the two agree to the last bit.
//!
//! The worst case never falls when the cap or the retry count grows: each
//! maximum is `min(cap, …)` of a value that does not depend on the cap, and
//! every maximum is at least 0. So the largest cap that fits a deadline is
//! found by a binary search over whole milliseconds, and the most retries
//! by one running sum.
//!
//! A server's wait applied to one retry ([`ServerWait`]) replaces that
//! retry's maximum, as it replaces the row in the schedule; it does not
//! depend on the cap, so both searches still hold.
//!
//! [`Schedule::range_max_ms`]: super::schedule::Schedule::range_max_ms
//! [`ServerWait`]: super::server_wait::ServerWait

use super::format;
use super::policy::{CapOrder, Jitter, Policy, Proportional, MAX_DELAY_MS, MAX_RETRIES};

/// A server's wait put in place of one retry's delay: `(retry, wait_ms)`,
/// the retry counted from 1, as the schedule applies it.
pub type Wait = Option<(u32, u64)>;

/// The per-retry maximums of `policy` for its first `retries` retries,
/// computed exactly as [`schedule`](super::schedule::schedule) computes each row's `max_ms`,
/// with `wait` in place of its retry's maximum.
fn maxima(policy: &Policy, retries: u32, wait: Wait) -> impl Iterator<Item = f64> {
    let base = policy.base_ms as f64;
    let cap = policy.cap_ms as f64;
    let multiplier = policy.multiplier;
    let jitter = policy.jitter;
    let Proportional { hi, cap: order, lo } = policy.proportional;
    // The backoff stops growing where the schedule stops it: at the cap, or
    // with the cap after the factor, once raw × lo reaches the cap.
    let stop = match (jitter, order) {
        (Jitter::Proportional, CapOrder::After) => cap / lo,
        _ => cap,
    };
    let mut raw = base;
    let mut decorrelated = base;
    (1..=retries).map(move |retry| {
        let value = raw;
        if raw < stop {
            raw *= multiplier;
        }
        let exp = value.min(cap);
        let max = match jitter {
            Jitter::None | Jitter::Full | Jitter::Equal => exp,
            Jitter::Decorrelated => {
                if decorrelated < cap {
                    decorrelated *= 3.0;
                }
                decorrelated.min(cap)
            }
            Jitter::Proportional => match order {
                CapOrder::Before => exp * hi,
                CapOrder::After => (value * hi).min(cap),
            },
        };
        match wait {
            Some((at, wait_ms)) if at == retry => wait_ms as f64,
            _ => max,
        }
    })
}

/// The worst case of `policy`: the sum of its per-retry maximums, in ms.
///
/// Equal, bit for bit, to `schedule(policy, seed).range_max_ms` for any
/// seed, without allocating or simulating.
pub fn worst_case_ms(policy: &Policy) -> f64 {
    worst_case_with_wait(policy, None)
}

/// [`worst_case_ms`] with a server's wait in place of one retry's delay:
/// equal, bit for bit, to the range of the schedule it was applied to.
pub fn worst_case_with_wait(policy: &Policy, wait: Wait) -> f64 {
    let mut sum = 0.0;
    for max in maxima(policy, policy.max_retries, wait) {
        sum += max;
    }
    sum
}

/// The largest cap that keeps the worst case within a deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapFit {
    /// Not even a cap of 0 fits. With the page's modes a cap of 0 makes
    /// every wait 0, so this does not happen for a deadline of 0 or more;
    /// it is here so a caller has an answer for every case.
    None,
    /// The largest whole-millisecond cap whose worst case fits; one
    /// millisecond more does not fit.
    Largest(u64),
    /// Every cap up to [`MAX_DELAY_MS`] fits: the worst case stays within
    /// the deadline whatever the cap.
    Any,
}

impl CapFit {
    /// The largest cap that fits, in ms: [`MAX_DELAY_MS`] when any cap
    /// does, `None` when none does.
    pub fn cap_ms(self) -> Option<u64> {
        match self {
            CapFit::None => None,
            CapFit::Largest(cap) => Some(cap),
            CapFit::Any => Some(MAX_DELAY_MS),
        }
    }
}

/// The most retries whose worst case fits a deadline at the current cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetriesFit {
    /// This many retries fit (fewer than [`MAX_RETRIES`]); one more does not.
    Most(u32),
    /// All [`MAX_RETRIES`] retries fit.
    All,
}

impl RetriesFit {
    /// The retry count that fits: [`MAX_RETRIES`] when all do.
    pub fn count(self) -> u32 {
        match self {
            RetriesFit::Most(n) => n,
            RetriesFit::All => MAX_RETRIES,
        }
    }
}

/// Both answers for one policy and deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeadlineFit {
    /// The deadline, ms.
    pub deadline_ms: u64,
    /// The largest cap that fits at the current retries.
    pub cap: CapFit,
    /// The most retries that fit at the current cap.
    pub retries: RetriesFit,
    /// The server's wait counted in both, if one is applied.
    pub wait: Wait,
    /// The time counted for each attempt, ms: the retry code's attempt
    /// timeout, or 0 to count the waits alone.
    pub attempt_ms: u64,
}

/// Whether `policy`'s worst case is within `deadline_ms`, as the schedule's
/// deadline check decides it.
fn fits(policy: &Policy, deadline_ms: u64, wait: Wait) -> bool {
    worst_case_with_wait(policy, wait) <= deadline_ms as f64
}

/// The largest cap (whole ms, `0..=MAX_DELAY_MS`) whose worst case fits
/// `deadline_ms` at `policy`'s retries, jitter and factors.
pub fn max_cap(policy: &Policy, deadline_ms: u64) -> CapFit {
    max_cap_with_wait(policy, deadline_ms, None)
}

/// [`max_cap`] counting a server's wait.
pub fn max_cap_with_wait(policy: &Policy, deadline_ms: u64, wait: Wait) -> CapFit {
    max_cap_counting(policy, deadline_ms, wait, 0)
}

/// [`max_cap_with_wait`] with `attempt_ms` counted for each attempt (the
/// retries and the first call): the waits have what is left.
fn max_cap_counting(policy: &Policy, deadline_ms: u64, wait: Wait, attempt_ms: u64) -> CapFit {
    let attempts = (u64::from(policy.max_retries) + 1).saturating_mul(attempt_ms);
    let Some(deadline_ms) = deadline_ms.checked_sub(attempts) else {
        return CapFit::None;
    };
    let with_cap = |cap_ms| Policy { cap_ms, ..*policy };
    let fits = |cap_ms| fits(&with_cap(cap_ms), deadline_ms, wait);
    if fits(MAX_DELAY_MS) {
        return CapFit::Any;
    }
    if !fits(0) {
        return CapFit::None;
    }
    // Invariant: `lo` fits, `hi` does not.
    let (mut lo, mut hi) = (0, MAX_DELAY_MS);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    CapFit::Largest(lo)
}

/// The most retries (`0..=MAX_RETRIES`) whose worst case fits `deadline_ms`
/// at `policy`'s cap.
pub fn max_retries(policy: &Policy, deadline_ms: u64) -> RetriesFit {
    max_retries_with_wait(policy, deadline_ms, None)
}

/// [`max_retries`] counting a server's wait: it is in the schedule only
/// when the retries reach it, and so in the running sum.
pub fn max_retries_with_wait(policy: &Policy, deadline_ms: u64, wait: Wait) -> RetriesFit {
    max_retries_counting(policy, deadline_ms, wait, 0)
}

/// [`max_retries_with_wait`] with `attempt_ms` counted for each attempt.
fn max_retries_counting(
    policy: &Policy,
    deadline_ms: u64,
    wait: Wait,
    attempt_ms: u64,
) -> RetriesFit {
    let (deadline, attempt) = (deadline_ms as f64, attempt_ms as f64);
    // The worst case of n retries is the running sum of the first n
    // maximums (the same additions `worst_case_ms` makes), and n + 1
    // attempts.
    let mut sum = 0.0;
    for (n, max) in maxima(policy, MAX_RETRIES, wait).enumerate() {
        sum += max;
        if sum + (n as f64 + 2.0) * attempt > deadline {
            return RetriesFit::Most(n as u32);
        }
    }
    RetriesFit::All
}

/// The largest cap and the most retries that fit `deadline_ms`.
pub fn deadline_fit(policy: &Policy, deadline_ms: u64) -> DeadlineFit {
    deadline_fit_with_wait(policy, deadline_ms, None)
}

/// [`deadline_fit`] counting a server's wait applied to one retry (the
/// page passes [`ServerWait::counted`](super::server_wait::ServerWait::counted)).
pub fn deadline_fit_with_wait(policy: &Policy, deadline_ms: u64, wait: Wait) -> DeadlineFit {
    deadline_fit_counting(policy, deadline_ms, wait, 0)
}

/// [`deadline_fit_with_wait`] with `attempt_ms` counted for each attempt,
/// as the retry code bounds them: the worst case that
/// [`Schedule::with_attempt_timeouts`](super::schedule::Schedule::with_attempt_timeouts)
/// states, so the cap offered and the attempts said to fit agree.
pub fn deadline_fit_counting(
    policy: &Policy,
    deadline_ms: u64,
    wait: Wait,
    attempt_ms: u64,
) -> DeadlineFit {
    DeadlineFit {
        deadline_ms,
        cap: max_cap_counting(policy, deadline_ms, wait, attempt_ms),
        retries: max_retries_counting(policy, deadline_ms, wait, attempt_ms),
        wait,
        attempt_ms,
    }
}

impl DeadlineFit {
    /// One plain sentence for the page, for example "A cap of 4,000 ms
    /// (4.00 s) or less keeps the worst case within the 20.0 s deadline; at
    /// the current cap, 4 retries fit."
    pub fn sentence(&self) -> String {
        let deadline = format::total(self.deadline_ms as f64);
        // The timeout itself is said in the sentence above the fit.
        let (worst, stays) = match self.attempt_ms {
            0 => ("the worst case", "The worst case stays"),
            _ => (
                "the waits and every attempt's timeout",
                "The waits and every attempt's timeout stay",
            ),
        };
        let cap = match self.cap {
            CapFit::None => format!("No cap keeps {worst} within the {deadline} deadline"),
            CapFit::Largest(cap) => format!(
                "A cap of {} or less keeps {worst} within the {deadline} deadline",
                format::delay(cap as f64)
            ),
            CapFit::Any => format!("{stays} within the {deadline} deadline whatever the cap"),
        };
        let retries = match self.retries {
            RetriesFit::Most(1) => "1 retry fits".to_string(),
            RetriesFit::Most(n) => format!("{} retries fit", format::thousands(n as u64)),
            RetriesFit::All => format!("all {} retries fit", format::thousands(MAX_RETRIES as u64)),
        };
        let counting = self.wait.map_or(String::new(), |(retry, _)| {
            format!(", counting the server's wait at retry {retry}")
        });
        format!("{cap}; at the current cap, {retries}{counting}.")
    }
}
