//! From a model to the rows a page shows: per retry the min, max and
//! expected sleep (closed form, or the mean of seeded runs, flagged), the
//! retries a time budget allows, and one seeded run.
//!
//! A retry's range and the seeded draws are in `schedule/draw.rs`; the
//! runs that decide a schedule a slice at a time in `schedule/plan.rs`.

use super::{LibError, Model, Values};

pub use draw::{clamp_uniform_mean, floor_uniform_mean, Bounds, Rand};
pub use plan::{plan, Deciding, Plan};

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
    /// For a model whose draws depend on each other
    /// ([`Model::dependent`]): per retry, the least and the most total
    /// wait up to it over the seeded runs, in place of the sums of the
    /// rows' bounds.
    pub totals: Option<Vec<(f64, f64)>>,
}

/// The retries that happen in every run under `budget_ms`, by default:
/// every retry whose sleep, at its longest, still ends within the budget
/// (the library stops before a sleep that would pass it), out of the
/// ranges `bounds` of the retries the count allows. One function for
/// every library, rather than a default method copied into each.
pub fn always_within(bounds: &[Bounds], budget_ms: f64) -> u32 {
    let mut total = 0.0;
    let mut n = 0;
    for b in bounds {
        total += b.max_ms;
        if total > budget_ms {
            break;
        }
        n += 1;
    }
    n
}

/// Checks each parameter against its range, then the combination.
pub(super) fn check(model: &dyn Model, v: &Values) -> Result<(), LibError> {
    checked_bounds(model, v).map(drop)
}

/// [`check`], giving the range of every retry the count allows (up to
/// [`MAX_ROWS`]): the check needs them, and so does a plan.
pub(super) fn checked_bounds(model: &dyn Model, v: &Values) -> Result<Vec<Bounds>, LibError> {
    let info = model.info();
    for p in info.params {
        p.check(v.get(p.name))?;
    }
    super::release::check_release(model, v)?;
    model.check(v)?;
    // Sleeps past any number (a large growth over many retries with no
    // cap) would show as nothing at all: refused, naming the count.
    let n = model.max_retries(v).unwrap_or(MAX_ROWS).min(MAX_ROWS);
    let bounds: Vec<_> = (1..=n).map(|k| model.bounds(v, k)).collect();
    if bounds.iter().any(|b| !b.max_ms.is_finite()) {
        return Err(LibError::Conflict {
            name: info.counting.param.unwrap_or(info.params[0].name),
            why: "the delays grow past any number; use fewer retries, a smaller growth or a cap",
        });
    }
    Ok(bounds)
}

/// One seeded run: the sleeps, ms, the library makes when every attempt
/// fails at once.
pub fn sample(model: &dyn Model, v: &Values, seed: u64) -> Result<Vec<f64>, LibError> {
    check(model, v)?;
    Ok(model.run(v, &mut Rand::new(seed)))
}

/// The schedule of `v`: one row per retry the library makes (with a time
/// budget: every retry made in more than 0.1 % of the simulated runs),
/// every run made at once.
pub fn schedule(model: &dyn Model, v: &Values) -> Result<Schedule, LibError> {
    Ok(match plan(model, v)? {
        Plan::Known(s) => s,
        Plan::Deciding(d) => d.finish(),
    })
}

mod draw;
mod plan;
