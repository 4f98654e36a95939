//! Whose waits a load run's clients retry by: the page's policy, drawn
//! from the run's stream, or a retry library's own runs, one sequence of
//! sleeps per client, made by the library's model (in the browser, through
//! its `Engine`, so this module never names a model).

use super::config::LoadConfig;
use super::random::Stream;
use crate::core::policy::{CapOrder, Jitter};

/// What a failed attempt's client waits before its next retry, and how
/// many retries it makes.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Retries {
    /// The page's policy in the run's [`LoadConfig`]: backoff, jitter and
    /// max retries, each sleep drawn from the run's stream.
    #[default]
    Policy,
    /// A library's seeded runs, each with every attempt failing at once.
    /// Client `i` follows `runs[i % runs.len()]` on every call: retry `k`
    /// sleeps its `k`-th value (ms), and there are as many retries as
    /// values. No sleep is drawn from the run's stream.
    Runs {
        /// The library's name, for the page's line and the design doc.
        by: &'static str,
        /// The sequences of sleeps, ms.
        runs: Vec<Vec<f64>>,
    },
}

impl Retries {
    /// A library's runs for `config`'s clients: client `i`'s sleeps are
    /// `sample(seed + i)`, so client 0 waits what the page's sample of the
    /// library shows for the same seed. Every failure in the model is a
    /// timeout, so retry `k` comes `k` timeouts and the sleeps before it
    /// after its first try: the sleeps of retries that cannot come within
    /// the run are dropped (the figures are the same, the memory is not).
    /// The first error is returned.
    pub fn sampled<E>(
        by: &'static str,
        config: &LoadConfig,
        mut sample: impl FnMut(u64) -> Result<Vec<f64>, E>,
    ) -> Result<Retries, E> {
        let horizon_ms = config.duration_s as f64 * 1000.0;
        let runs = (0..config.clients.max(1) as u64)
            .map(|i| {
                let mut run = sample(config.seed.wrapping_add(i))?;
                let mut at = 0.0;
                let fits = run
                    .iter()
                    .take_while(|ms| {
                        at += config.timeout_ms + ms.max(0.0);
                        at <= horizon_ms
                    })
                    .count();
                run.truncate(fits);
                Ok(run)
            })
            .collect::<Result<Vec<_>, E>>()?;
        Ok(Retries::Runs { by, runs })
    }

    /// The library's name, or `None` for the page's policy.
    pub fn by(&self) -> Option<&'static str> {
        match self {
            Retries::Policy => None,
            Retries::Runs { by, .. } => Some(by),
        }
    }
}

/// Client `client`'s run: `runs[client % runs.len()]` (none when there
/// are no runs; without a division that could panic).
fn own(runs: &[Vec<f64>], client: u32) -> &[f64] {
    (client as usize)
        .checked_rem(runs.len())
        .and_then(|i| runs.get(i))
        .map_or(&[], Vec::as_slice)
}

/// How a run finds a retry's sleep: [`Retries`] made ready for a run.
#[derive(Clone, Debug)]
pub(super) enum Waits {
    Policy(Backoff),
    Runs(Vec<Vec<f64>>),
}

impl Waits {
    pub(super) fn new(config: &LoadConfig, retries: &Retries) -> Waits {
        match retries {
            Retries::Runs { runs, .. } if !runs.is_empty() => Waits::Runs(runs.clone()),
            _ => Waits::Policy(Backoff::new(config)),
        }
    }

    /// The base of the policy's backoff (what a new call starts from), s.
    pub(super) fn base(&self) -> f64 {
        match self {
            Waits::Policy(b) => b.base,
            Waits::Runs(_) => 0.0,
        }
    }

    /// Whether `client`'s call that has made `attempt` attempts after the
    /// first may retry again.
    pub(super) fn wants(&self, client: u32, attempt: u32) -> bool {
        match self {
            Waits::Policy(b) => attempt < b.max_retries,
            Waits::Runs(r) => (attempt as usize) < own(r, client).len(),
        }
    }

    /// The sleep before retry `attempt` (from 1) of `client`'s call, s;
    /// `raw` and `prev` are the call's backoff state.
    pub(super) fn sleep(
        &self,
        client: u32,
        attempt: u32,
        raw: &mut f64,
        prev: &mut f64,
        rng: &mut Stream,
    ) -> f64 {
        match self {
            Waits::Policy(b) => b.sleep(raw, prev, rng),
            Waits::Runs(r) => {
                let ms = own(r, client)
                    .get((attempt as usize).wrapping_sub(1))
                    .copied()
                    .unwrap_or(0.0);
                // A library's sleep is finite and not negative; anything
                // else waits nothing rather than stall the run.
                if ms.is_finite() && ms > 0.0 {
                    ms / 1000.0
                } else {
                    0.0
                }
            }
        }
    }
}

/// How a retry's sleep is drawn, from the page's policy, in seconds.
#[derive(Clone, Copy, Debug)]
pub(super) struct Backoff {
    jitter: Jitter,
    order: CapOrder,
    lo: f64,
    hi: f64,
    base: f64,
    multiplier: f64,
    cap: f64,
    /// The uncapped backoff stops growing here, as in the schedule.
    stop: f64,
    max_retries: u32,
}

impl Backoff {
    fn new(config: &LoadConfig) -> Backoff {
        let p = &config.policy;
        let cap = p.cap_ms as f64 / 1000.0;
        let (lo, hi) = (p.proportional.lo, p.proportional.hi);
        let after = p.jitter == Jitter::Proportional && p.proportional.cap == CapOrder::After;
        Backoff {
            jitter: p.jitter,
            order: p.proportional.cap,
            lo,
            hi,
            base: p.base_ms as f64 / 1000.0,
            multiplier: p.multiplier,
            cap,
            stop: if after { cap / lo } else { cap },
            max_retries: p.max_retries,
        }
    }

    /// The sleep before the call's next retry, advancing its state.
    fn sleep(&self, raw_state: &mut f64, prev: &mut f64, rng: &mut Stream) -> f64 {
        let raw = *raw_state;
        if raw < self.stop {
            *raw_state = raw * self.multiplier;
        }
        let exp = raw.min(self.cap);
        match self.jitter {
            Jitter::None => exp,
            Jitter::Full => rng.between(0.0, exp),
            Jitter::Equal => rng.between(exp / 2.0, exp),
            Jitter::Decorrelated => {
                let hi = (*prev * 3.0).max(self.base);
                *prev = rng.between(self.base, hi).min(self.cap);
                *prev
            }
            Jitter::Proportional => match self.order {
                CapOrder::Before => rng.between(exp * self.lo, exp * self.hi),
                CapOrder::After => rng.between(raw * self.lo, raw * self.hi).min(self.cap),
            },
        }
    }
}
