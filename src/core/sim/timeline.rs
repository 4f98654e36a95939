//! The writes over time of one run, for the chart that shows lockstep
//! spikes against a spread.

use super::{EventKind, Mode, Outcome, Run, SimConfig, SimError, MAX_CLIENTS};

/// Most buckets a [`Timeline`] has.
pub const MAX_BUCKETS: u32 = 10_000;

/// The writes the server received over one run, bucketed by time: lockstep
/// clients show as spikes, jittered ones as a spread.
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    /// The mode simulated.
    pub mode: Mode,
    /// The number of clients.
    pub clients: u32,
    /// Width of each bucket, ms; bucket `i` covers `[i × w, (i + 1) × w)`.
    pub bucket_ms: f64,
    /// Successful writes per bucket.
    pub successes: Vec<u32>,
    /// Failed writes per bucket.
    pub failures: Vec<u32>,
    /// The run's figures: its calls are the sum of both histograms.
    pub outcome: Outcome,
}

impl Timeline {
    /// All writes (successful and failed) in bucket `i`; 0 past the end.
    pub fn writes(&self, i: usize) -> u32 {
        self.successes.get(i).copied().unwrap_or(0) + self.failures.get(i).copied().unwrap_or(0)
    }

    /// The number of buckets.
    pub fn len(&self) -> usize {
        self.successes.len()
    }

    /// True when there are no buckets (never, for a finished run).
    pub fn is_empty(&self) -> bool {
        self.successes.is_empty()
    }
}

/// The writes over time of run 0 of `mode` with `clients` clients (the very
/// run the sweep averages first), in buckets `bucket_ms` wide from time 0
/// to the end of the run. Several modes bucketed alike share one time axis.
///
/// A width that is not a finite positive number, or so narrow that the run
/// would need more than [`MAX_BUCKETS`] buckets, is widened to
/// `run time / MAX_BUCKETS`, so memory stays bounded whatever the policy.
pub fn timeline(
    config: &SimConfig,
    mode: Mode,
    clients: u32,
    bucket_ms: f64,
) -> Result<Timeline, SimError> {
    config.check()?;
    if !(1..=MAX_CLIENTS).contains(&clients) {
        return Err(SimError::Clients(clients));
    }
    let mut run = Run::of_config(mode, clients, config, 0);
    let writes: Vec<(f64, bool)> = run
        .by_ref()
        .filter_map(|e| match e.kind {
            EventKind::Write { success } => Some((e.time_ms, success)),
            _ => None,
        })
        .collect();
    let outcome = run.outcome();
    let last_write = writes.last().map_or(0.0, |w| w.0);
    let narrowest = last_write / MAX_BUCKETS as f64;
    let bucket_ms = if bucket_ms.is_finite() && bucket_ms > 0.0 {
        bucket_ms.max(narrowest)
    } else {
        narrowest
    };
    let bucket_ms = if bucket_ms > 0.0 { bucket_ms } else { 1.0 };
    let buckets = ((last_write / bucket_ms) as usize + 1).min(MAX_BUCKETS as usize);
    let mut successes = vec![0; buckets];
    let mut failures = vec![0; buckets];
    for (time, success) in writes {
        let i = ((time / bucket_ms) as usize).min(buckets - 1);
        if success {
            successes[i] += 1;
        } else {
            failures[i] += 1;
        }
    }
    Ok(Timeline {
        mode,
        clients,
        bucket_ms,
        successes,
        failures,
        outcome,
    })
}
