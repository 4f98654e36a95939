//! From a model to the rows a page shows: per retry the min, max and
//! expected sleep (closed form, or the mean of seeded runs, flagged), the
//! retries a time budget allows, and one seeded run.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::{LibError, Model, Values};

/// The most rows a schedule shows (and a run records).
pub const MAX_ROWS: u32 = 200;

/// Runs averaged for an expected sleep without a closed form.
pub const MEAN_RUNS: u32 = 2_000;

/// Runs simulated to decide how many retries a time budget allows.
pub const BUDGET_RUNS: u32 = 10_000;

/// The largest share of runs that may retry beyond a schedule's last row.
pub const BEYOND_SHARE: f64 = 0.001;

/// The seed of the simulated means and budgets: fixed, so a schedule is
/// the same on every call.
const SIM_SEED: u64 = 0x0005_eed0_ba0c_0ff5;

/// A seeded source of uniforms.
#[derive(Clone, Debug)]
pub struct Rand(Pcg64);

impl Rand {
    /// The stream for `seed`.
    pub fn new(seed: u64) -> Rand {
        Rand(Pcg64::seed_from_u64(seed))
    }

    /// A uniform draw in `[0, 1)` (53 bits).
    pub fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A uniform draw in `[lo, hi)` (`lo` when they are equal).
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

/// The range of one retry's sleep, ms, and its mean when there is a
/// closed form.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// The shortest sleep.
    pub min_ms: f64,
    /// The longest sleep.
    pub max_ms: f64,
    /// The mean, when a closed form gives it.
    pub expected_ms: Option<f64>,
}

impl Bounds {
    /// A sleep with no randomness.
    pub fn fixed(ms: f64) -> Bounds {
        Bounds {
            min_ms: ms,
            max_ms: ms,
            expected_ms: Some(ms),
        }
    }

    /// A sleep uniform in `[lo, hi]`.
    pub fn uniform(lo: f64, hi: f64) -> Bounds {
        Bounds {
            min_ms: lo,
            max_ms: hi,
            expected_ms: Some((lo + hi) / 2.0),
        }
    }

    /// A sleep in `[lo, hi]` whose mean has no closed form.
    pub fn open(lo: f64, hi: f64) -> Bounds {
        Bounds {
            min_ms: lo,
            max_ms: hi,
            expected_ms: None,
        }
    }
}

/// The mean of `clamp(X, lo, hi)` for `X` uniform in `[a, b]` (`lo ≤ hi`).
pub fn clamp_uniform_mean(a: f64, b: f64, lo: f64, hi: f64) -> f64 {
    if b <= a {
        return a.clamp(lo, hi);
    }
    let l = lo.clamp(a, b);
    let h = hi.clamp(a, b);
    let mid = (h * h - l * l) / 2.0;
    // Each clamped end counts only where it is reached (an infinite `hi`
    // is never reached).
    let below = if l > a { lo * (l - a) } else { 0.0 };
    let above = if b > h { hi * (b - h) } else { 0.0 };
    (below + mid + above) / (b - a)
}

/// One row: the sleep before one retry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    /// The retry, 1-based.
    pub retry: u32,
    /// The shortest sleep, ms.
    pub min_ms: f64,
    /// The longest sleep, ms.
    pub max_ms: f64,
    /// The mean sleep, ms (over the runs that make this retry).
    pub expected_ms: f64,
    /// Whether `expected_ms` is a mean of seeded runs, not a closed form.
    pub simulated: bool,
    /// The share of runs that make this retry (1 without a time budget).
    pub reach: f64,
}

/// How a time budget decided the number of rows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BudgetInfo {
    /// The budget, ms.
    pub budget_ms: f64,
    /// Retries made in every run.
    pub always: u32,
    /// The share of simulated runs retrying beyond the last row.
    pub beyond: f64,
    /// Runs simulated.
    pub runs: u32,
}

/// What a library does with a parameter set.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    /// One row per retry.
    pub rows: Vec<Row>,
    /// How a time budget decided the rows, if one applies.
    pub budget: Option<BudgetInfo>,
    /// A last sleep after the last retry, followed by no attempt (the
    /// library gives up after it).
    pub trailing: Option<Bounds>,
}

/// The retries that happen in every run under `budget_ms`, by default:
/// every retry whose sleep, at its longest, still ends within the budget
/// (the library stops before a sleep that would pass it). One function for
/// every library, rather than a default method copied into each.
pub fn always_within(model: &dyn Model, v: &Values, budget_ms: f64) -> u32 {
    let mut total = 0.0;
    let mut n = 0;
    while n < MAX_ROWS {
        total += model.bounds(v, n + 1).max_ms;
        if total > budget_ms {
            break;
        }
        n += 1;
    }
    n
}

/// Checks each parameter against its range, then the combination.
pub(super) fn check(model: &dyn Model, v: &Values) -> Result<(), LibError> {
    let info = model.info();
    for p in info.params {
        p.check(v.get(p.name))?;
    }
    model.check(v)?;
    // Sleeps past any number (a large growth over many retries with no
    // cap) would show as nothing at all: refused, naming the count.
    let n = model.max_retries(v).unwrap_or(MAX_ROWS).min(MAX_ROWS);
    if (1..=n).any(|k| !model.bounds(v, k).max_ms.is_finite()) {
        return Err(LibError::Conflict {
            name: info.counting.param.unwrap_or(info.params[0].name),
            why: "the delays grow past any number; use fewer retries, a smaller growth or a cap",
        });
    }
    Ok(())
}

/// One seeded run: the sleeps, ms, the library makes when every attempt
/// fails at once.
pub fn sample(model: &dyn Model, v: &Values, seed: u64) -> Result<Vec<f64>, LibError> {
    check(model, v)?;
    Ok(model.run(v, &mut Rand::new(seed)))
}

/// Sums and counts of each retry's sleep over `runs` seeded runs, and the
/// number of retries each run made.
fn simulate(model: &dyn Model, v: &Values, runs: u32) -> (Vec<(f64, u32)>, Vec<u32>) {
    let mut rng = Rand::new(SIM_SEED);
    let mut sums: Vec<(f64, u32)> = Vec::new();
    let mut counts = Vec::with_capacity(runs as usize);
    for _ in 0..runs {
        let sleeps = model.run(v, &mut rng);
        if sums.len() < sleeps.len() {
            sums.resize(sleeps.len(), (0.0, 0));
        }
        for (s, d) in sums.iter_mut().zip(&sleeps) {
            s.0 += d;
            s.1 += 1;
        }
        counts.push(sleeps.len() as u32);
    }
    (sums, counts)
}

/// The schedule of `v`: one row per retry the library makes (with a time
/// budget: every retry made in more than 0.1 % of the simulated runs).
pub fn schedule(model: &dyn Model, v: &Values) -> Result<Schedule, LibError> {
    check(model, v)?;
    let Some(budget_ms) = model.budget_ms(v) else {
        let n = model.max_retries(v).unwrap_or(MAX_ROWS).min(MAX_ROWS);
        let bounds: Vec<_> = (1..=n).map(|k| model.bounds(v, k)).collect();
        let sims = if bounds.iter().any(|b| b.expected_ms.is_none()) {
            simulate(model, v, MEAN_RUNS).0
        } else {
            Vec::new()
        };
        let rows = bounds
            .iter()
            .zip(1..)
            .map(|(b, k)| {
                let sim = sims
                    .get(k as usize - 1)
                    .map(|(s, c)| s / f64::from((*c).max(1)));
                Row {
                    retry: k,
                    min_ms: b.min_ms,
                    max_ms: b.max_ms,
                    expected_ms: b.expected_ms.or(sim).unwrap_or(b.min_ms),
                    simulated: b.expected_ms.is_none(),
                    reach: 1.0,
                }
            })
            .collect();
        return Ok(Schedule {
            rows,
            budget: None,
            trailing: model.trailing(v),
        });
    };
    let (sums, counts) = simulate(model, v, BUDGET_RUNS);
    // A count that ends the retries first bounds the retries that always
    // happen too (cenkalti's MaxTries under its 15-min MaxElapsedTime).
    let always = model
        .always(v, budget_ms)
        .unwrap_or_else(|| always_within(model, v, budget_ms))
        .min(model.max_retries(v).unwrap_or(MAX_ROWS));
    let allowed = (BEYOND_SHARE * f64::from(BUDGET_RUNS)).floor() as usize;
    let beyond = |k: u32| counts.iter().filter(|&&c| c > k).count();
    let mut last = always;
    while beyond(last) > allowed && last < MAX_ROWS {
        last += 1;
    }
    if let Some(m) = model.max_retries(v) {
        last = last.min(m);
    }
    let runs = f64::from(BUDGET_RUNS);
    let rows = (1..=last)
        .map(|k| {
            let b = model.bounds(v, k);
            let (sum, made) = sums.get(k as usize - 1).copied().unwrap_or((0.0, 0));
            let expected = if made > 0 {
                sum / f64::from(made)
            } else {
                b.expected_ms.unwrap_or((b.min_ms + b.max_ms) / 2.0)
            };
            Row {
                retry: k,
                min_ms: b.min_ms,
                max_ms: b.max_ms,
                expected_ms: expected,
                simulated: true,
                reach: f64::from(made) / runs,
            }
        })
        .collect();
    Ok(Schedule {
        rows,
        budget: Some(BudgetInfo {
            budget_ms,
            always,
            beyond: beyond(last) as f64 / runs,
            runs: BUDGET_RUNS,
        }),
        trailing: model.trailing(v),
    })
}
