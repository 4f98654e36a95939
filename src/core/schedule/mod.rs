//! From a [`Policy`] and a seed to the exact wait schedule.
//!
//! Retry `k` (1-based) has `n = k − 1` previous retries, and its capped
//! exponential is `exp(k) = min(cap, base × multiplier^n)`, built by repeated
//! multiplication that stops growing once it reaches the cap: a million
//! retries never overflow, and a base of 0 stays 0.
//!
//! Each mode's range and expected value are exact, except decorrelated
//! jitter, whose expected column is the mean of [`SIMULATION_RUNS`] simulated
//! runs with a fixed seed (so it does not move when the sample is re-rolled).
//!
//! Samples come from `rand_pcg::Pcg64` seeded with the share link's seed.
//! Each retry draws one `u64`, turned into a uniform `u` in `[0, 1)` from
//! its top 53 bits; a sleep between `lo` and `hi` is `lo + (hi − lo) × u`.
//!
//! This file builds the rows and their sums; `decorrelated.rs` holds
//! decorrelated jitter's step and simulates its expected column, and
//! `words.rs` puts a schedule and a policy's edge cases in the page's words.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::format;
use super::policy::{CapOrder, Jitter, Policy, Proportional};

mod decorrelated;
mod timeouts;
mod words;

use decorrelated::decorrelated_step;
pub use decorrelated::{
    decorrelated_means, decorrelated_preview, MeansRun, SIMULATION_RUNS, SIMULATION_SEED,
};
pub use timeouts::TimeoutCheck;
pub use words::{edge_notes, glance, summary_sentence};

/// One retry's line in the table. All values are unrounded milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Row {
    /// Retry number, from 1.
    pub retry: u32,
    /// The sleep drawn for this sample.
    pub sample_ms: f64,
    /// Smallest possible sleep.
    pub min_ms: f64,
    /// Largest possible sleep.
    pub max_ms: f64,
    /// Expected sleep (a simulation mean for decorrelated jitter).
    pub expected_ms: f64,
    /// Running sum of the sampled sleeps, this one included.
    pub cumulative_ms: f64,
    /// Whether this retry's backoff has reached the cap.
    pub capped: bool,
    /// Running sum of the maximums: the worst case up to this retry.
    pub worst_cumulative_ms: f64,
    /// Whether a server's `Retry-After` wait replaced the computed delay.
    pub server_wait: bool,
}

/// How many of the schedule's rows (and the chart's marks) the page builds
/// in one task: the rest follow a frame apart, so a long schedule never
/// holds the page (the browser tests read it from the manifest).
pub const ROWS_PER_TASK: usize = 16;

/// What the sampled delay of a retry the sampled run did not make reads
/// ([`Schedule::sample_ends`]), in the table and the exports.
pub const NOT_MADE: &str = "did not happen";

/// The whole schedule with its summary figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    /// One row per retry.
    pub rows: Vec<Row>,
    /// Sum of the sampled sleeps.
    pub total_ms: f64,
    /// Sum of the per-retry minimums.
    pub range_min_ms: f64,
    /// Sum of the per-retry maximums: the worst case.
    pub range_max_ms: f64,
    /// Sum of the expected sleeps.
    pub expected_total_ms: f64,
    /// Attempts in all: retries + 1.
    pub attempts: u64,
    /// True when the expected values come from simulation (decorrelated).
    pub expected_is_simulated: bool,
    /// The sampled run's last retry, when the run stopped before the last
    /// row (a library's time budget ran out in this sample): the rows
    /// after it did not happen in this sample, and show so rather than a
    /// wait of 0 ms.
    pub sample_ends: Option<u32>,
}

/// The seed that "Re-roll jitter" moves to from `seed`.
pub fn next_seed(seed: u64) -> u64 {
    seed.wrapping_add(1)
}

/// A uniform draw in `[0, 1)` from the top 53 bits of one `u64`.
fn unit(rng: &mut Pcg64) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// `lo + (hi − lo) × u`, kept inside `[lo, hi]` against rounding.
fn between(lo: f64, hi: f64, u: f64) -> f64 {
    crate::core::clamp(lo + (hi - lo) * u, lo, hi)
}

/// The capped exponentials `exp(1), exp(2), …` with their cap flags.
///
/// Multiplication stops once the value reaches the cap, so the iterator
/// can run for any number of retries without reaching infinity.
pub fn capped_exponentials(policy: &Policy) -> impl Iterator<Item = (f64, bool)> {
    let cap = policy.cap_ms as f64;
    raw_backoffs(policy, cap).map(move |raw| (raw.min(cap), raw >= cap))
}

/// The uncapped backoffs `base × m^n`, which stop growing at `stop`.
///
/// Past `stop` the exact value no longer changes any figure, so holding it
/// there keeps every number finite however many retries there are.
fn raw_backoffs(policy: &Policy, stop: f64) -> impl Iterator<Item = f64> {
    let multiplier = policy.multiplier;
    let mut raw = policy.base_ms as f64;
    (0..policy.max_retries).map(move |_| {
        let value = raw;
        if raw < stop {
            raw *= multiplier;
        }
        value
    })
}

/// `E[min(cap, uniform(a, b))]` for `0 ≤ a ≤ b`, in closed form.
fn expected_capped_uniform(a: f64, b: f64, cap: f64) -> f64 {
    if cap >= b {
        (a + b) / 2.0
    } else if cap <= a {
        cap
    } else {
        // The part below the cap averages over its width; the rest is the cap.
        ((cap * cap - a * a) / 2.0 + cap * (b - cap)) / (b - a)
    }
}

/// Computes the schedule for `policy`, sampling with `seed`.
pub fn schedule(policy: &Policy, seed: u64) -> Schedule {
    let means = match policy.jitter {
        Jitter::Decorrelated => {
            decorrelated_means(policy.base_ms, policy.cap_ms, policy.max_retries)
        }
        _ => Vec::new(),
    };
    schedule_with_means(policy, seed, &means)
}

/// [`schedule`] with the decorrelated means already computed by
/// [`decorrelated_means`] for this policy's base, cap and retries (ignored
/// for the other modes; a missing mean reads as 0).
pub fn schedule_with_means(policy: &Policy, seed: u64, means: &[f64]) -> Schedule {
    let base = policy.base_ms as f64;
    let cap = policy.cap_ms as f64;
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut rows = Vec::with_capacity(policy.max_retries as usize);
    let mut prev = base;
    // Decorrelated maximum: min(cap, base × 3^k), grown like exp(k).
    let mut decorrelated_max = base;
    let Proportional { lo, hi, cap: order } = policy.proportional;
    // With the cap after the factor, the backoff matters until raw × lo
    // reaches the cap; otherwise until raw reaches it.
    let stop = match (policy.jitter, order) {
        (Jitter::Proportional, CapOrder::After) => cap / lo,
        _ => cap,
    };
    for (i, raw) in raw_backoffs(policy, stop).enumerate() {
        let exp = raw.min(cap);
        let capped = raw >= cap;
        let u = unit(&mut rng);
        let (sample, min, max, expected, capped) = match policy.jitter {
            Jitter::None => (exp, exp, exp, exp, capped),
            Jitter::Full => (between(0.0, exp, u), 0.0, exp, exp / 2.0, capped),
            Jitter::Equal => (
                between(exp / 2.0, exp, u),
                exp / 2.0,
                exp,
                exp * 0.75,
                capped,
            ),
            Jitter::Decorrelated => {
                if decorrelated_max < cap {
                    decorrelated_max *= 3.0;
                }
                let max = decorrelated_max.min(cap);
                prev = decorrelated_step(base, cap, prev, u);
                (
                    prev,
                    base.min(cap),
                    max,
                    means.get(i).copied().unwrap_or(0.0),
                    max >= cap,
                )
            }
            Jitter::Proportional => match order {
                CapOrder::Before => {
                    let (a, b) = (exp * lo, exp * hi);
                    (between(a, b, u), a, b, (a + b) / 2.0, capped)
                }
                CapOrder::After => {
                    let (a, b) = (raw * lo, raw * hi);
                    (
                        between(a, b, u).min(cap),
                        a.min(cap),
                        b.min(cap),
                        expected_capped_uniform(a, b, cap),
                        capped,
                    )
                }
            },
        };
        rows.push(Row {
            retry: i as u32 + 1,
            sample_ms: sample,
            min_ms: min,
            max_ms: max,
            expected_ms: expected,
            cumulative_ms: 0.0,
            capped,
            worst_cumulative_ms: 0.0,
            server_wait: false,
        });
    }
    let mut schedule = Schedule {
        rows,
        total_ms: 0.0,
        range_min_ms: 0.0,
        range_max_ms: 0.0,
        expected_total_ms: 0.0,
        attempts: policy.max_retries as u64 + 1,
        expected_is_simulated: policy.jitter == Jitter::Decorrelated,
        sample_ends: None,
    };
    schedule.sum_up();
    schedule
}

impl Schedule {
    /// Whether `retry` happened in the sampled run (see
    /// [`Schedule::sample_ends`]).
    pub fn sampled(&self, retry: u32) -> bool {
        self.sample_ends.is_none_or(|last| retry <= last)
    }

    /// A schedule of these rows (their sample, range and expected value
    /// set; the running sums are filled in), with one attempt more than
    /// retries: how a library's schedule reaches the page's views.
    pub fn from_rows(rows: Vec<Row>, expected_is_simulated: bool) -> Schedule {
        let mut schedule = Schedule {
            attempts: rows.len() as u64 + 1,
            rows,
            total_ms: 0.0,
            range_min_ms: 0.0,
            range_max_ms: 0.0,
            expected_total_ms: 0.0,
            expected_is_simulated,
            sample_ends: None,
        };
        schedule.sum_up();
        schedule
    }

    /// Recomputes the running sums and totals from the rows.
    fn sum_up(&mut self) {
        let (mut cumulative, mut worst) = (0.0, 0.0);
        for row in &mut self.rows {
            cumulative += row.sample_ms;
            worst += row.max_ms;
            row.cumulative_ms = cumulative;
            row.worst_cumulative_ms = worst;
        }
        self.total_ms = cumulative;
        self.range_max_ms = worst;
        self.range_min_ms = self.rows.iter().map(|r| r.min_ms).sum();
        self.expected_total_ms = self.rows.iter().map(|r| r.expected_ms).sum();
    }

    /// Puts a server's `Retry-After` wait in place of retry `retry`'s
    /// computed delay: that row's sample, range and expected value all
    /// become `wait_ms`, and the sums follow. Later rows keep their own
    /// draws (decorrelated jitter carries its last computed sleep, as the
    /// generated code does). Returns false when there is no such retry.
    pub fn apply_server_wait(&mut self, retry: u32, wait_ms: u64) -> bool {
        self.combine_server_wait(retry, &|_| wait_ms as f64)
    }

    /// Like [`Self::apply_server_wait`], for a library that combines the
    /// server's wait with its own delay: each of the row's sleeps `d`
    /// (sample, min, max, expected) becomes `combine(d)`. (The expected
    /// value goes through `combine` as the others do, which is exact when
    /// the wait replaces the delay and close otherwise.)
    pub fn combine_server_wait(&mut self, retry: u32, combine: &dyn Fn(f64) -> f64) -> bool {
        let Some(row) = self.rows.iter_mut().find(|r| r.retry == retry) else {
            return false;
        };
        row.sample_ms = combine(row.sample_ms);
        row.min_ms = combine(row.min_ms);
        row.max_ms = combine(row.max_ms);
        row.expected_ms = combine(row.expected_ms);
        row.server_wait = true;
        self.sum_up();
        true
    }

    /// Each retry's sampled delay in whole ms, chosen so that the delays a
    /// reader adds up give the running total shown beside them: retry k
    /// shows round(cumulative k) − round(cumulative k−1). Rounding each
    /// sample alone would show 66 and 572 above a total of 637 (65.6 +
    /// 571.6 = 637.2); this way a shown delay is at most 1 ms off its own
    /// rounding, and the last total is the rounded total.
    pub fn whole_samples(&self) -> Vec<u64> {
        let mut before = 0;
        self.rows
            .iter()
            .map(|r| {
                let total = format::round_ms(r.cumulative_ms);
                let step = total.saturating_sub(before);
                before = total;
                step
            })
            .collect()
    }

    /// How the schedule stands against a caller's deadline.
    pub fn against_deadline(&self, deadline_ms: u64) -> DeadlineCheck {
        let deadline = deadline_ms as f64;
        DeadlineCheck {
            deadline_ms,
            worst_case_fits: self.range_max_ms <= deadline,
            expected_fits: self.expected_total_ms <= deadline,
            retries_fit_worst_case: self
                .rows
                .iter()
                .take_while(|r| r.worst_cumulative_ms <= deadline)
                .count() as u32,
        }
    }
}

/// A schedule measured against the caller's deadline (waits only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeadlineCheck {
    /// The deadline, ms.
    pub deadline_ms: u64,
    /// The worst case (sum of the maximums) is within the deadline.
    pub worst_case_fits: bool,
    /// The expected total is within the deadline.
    pub expected_fits: bool,
    /// How many retries can run, whatever the jitter draws, before the
    /// waits alone pass the deadline.
    pub retries_fit_worst_case: u32,
}

impl DeadlineCheck {
    /// Whether retry `retry` may start after the deadline in the worst case.
    pub fn is_past(&self, retry: u32) -> bool {
        retry > self.retries_fit_worst_case
    }

    /// One plain sentence for the page.
    pub fn sentence(&self) -> String {
        let deadline = format::total(self.deadline_ms as f64);
        let fits = |yes: bool| if yes { "fits" } else { "does not fit" };
        let retries = match self.retries_fit_worst_case {
            1 => "1 retry".to_string(),
            n => format!("{} retries", format::thousands(n as u64)),
        };
        format!(
            "The worst case {} the {deadline} deadline and the expected total {}; \
             {retries} fit even in the worst case.",
            fits(self.worst_case_fits),
            fits(self.expected_fits),
        )
    }
}
