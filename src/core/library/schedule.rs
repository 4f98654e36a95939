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
        return crate::core::clamp(a, lo, hi);
    }
    let l = crate::core::clamp(lo, a, b);
    let h = crate::core::clamp(hi, a, b);
    let mid = (h * h - l * l) / 2.0;
    // Each clamped end counts only where it is reached (an infinite `hi`
    // is never reached).
    let below = if l > a { lo * (l - a) } else { 0.0 };
    let above = if b > h { hi * (b - h) } else { 0.0 };
    (below + mid + above) / (b - a)
}

/// The mean of `⌊clamp(Y, lo, hi)⌋` for `Y` uniform in `[a, b)`, with `lo`
/// and `hi` whole numbers (or infinite): the expected sleep of a library
/// that truncates a uniform draw to whole ms and clamps it to whole-ms
/// bounds (resilience4j, Spring Retry, p-retry's `Math.round` as
/// `⌊Y + 0.5⌋`). Exact: `∫⌊y⌋ = ∫y − ∫frac(y)`, written so that delays
/// of 2³¹ ms keep their sub-ms digits.
pub fn floor_uniform_mean(a: f64, b: f64, lo: f64, hi: f64) -> f64 {
    if b <= a {
        return crate::core::clamp(a, lo, hi).floor();
    }
    // ∫₀ᵗ frac(y) dy = ⌊t⌋/2 + frac(t)²/2, as differences.
    let frac_integral = |l: f64, h: f64| {
        let (fl, fh) = (l - l.floor(), h - h.floor());
        (h.floor() - l.floor()) / 2.0 + (fh * fh - fl * fl) / 2.0
    };
    let (l, h) = (a.max(lo), b.min(hi));
    let middle = if h > l {
        (h - l) * (h + l) / 2.0 - frac_integral(l, h)
    } else {
        0.0
    };
    let below = if lo > a { lo * (lo.min(b) - a) } else { 0.0 };
    let above = if hi < b { hi * (b - hi.max(a)) } else { 0.0 };
    (below + middle + above) / (b - a)
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
    /// For a model whose draws depend on each other
    /// ([`Model::dependent`]): per retry, the least and the most total
    /// wait up to it over the seeded runs, in place of the sums of the
    /// rows' bounds.
    pub totals: Option<Vec<(f64, f64)>>,
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
    super::release::check_release(model, v)?;
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

/// A schedule whose expected values or count come from seeded runs: the
/// runs are made a slice at a time ([`Deciding::step`]), so a page can
/// show what is known in closed form at once ([`Deciding::preview`]) and
/// stay responsive while the rest is decided. The finished schedule is
/// the one [`schedule`] gives, run for run.
#[derive(Clone, Debug)]
pub struct Deciding<'a> {
    model: &'a dyn Model,
    v: Values,
    rng: Rand,
    /// Runs to make, and made so far.
    runs: u32,
    done: u32,
    /// Per retry, the sum of its sleeps and the runs that made it.
    sums: Vec<(f64, u32)>,
    /// Retries each run made.
    counts: Vec<u32>,
    /// The time budget that decides the count, if one applies; otherwise
    /// the runs give the means of a fixed count of rows.
    budget_ms: Option<f64>,
    /// Each row's range (for a budget, the rows that always happen).
    bounds: Vec<Bounds>,
    /// Per retry, the least and most running total so far, when the
    /// model's draws depend on each other.
    totals: Option<Vec<(f64, f64)>>,
}

/// What [`plan`] finds: rows known at once, or rows still to be decided.
#[derive(Debug)]
pub enum Plan<'a> {
    /// Every row in closed form.
    Known(Schedule),
    /// Rows whose means or count need seeded runs.
    Deciding(Deciding<'a>),
}

impl std::fmt::Debug for dyn Model + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.info().id)
    }
}

impl Deciding<'_> {
    /// Makes up to `runs` more runs; whether every run is made.
    pub fn step(&mut self, runs: u32) -> bool {
        let end = self.done.saturating_add(runs).min(self.runs);
        while self.done < end {
            let sleeps = self.model.run(&self.v, &mut self.rng);
            if self.sums.len() < sleeps.len() {
                self.sums.resize(sleeps.len(), (0.0, 0));
            }
            for (s, d) in self.sums.iter_mut().zip(&sleeps) {
                s.0 += d;
                s.1 += 1;
            }
            if let Some(totals) = &mut self.totals {
                let mut total = 0.0;
                for (k, d) in sleeps.iter().enumerate() {
                    total += d;
                    match totals.get_mut(k) {
                        Some(t) => *t = (t.0.min(total), t.1.max(total)),
                        None => totals.push((total, total)),
                    }
                }
            }
            self.counts.push(sleeps.len() as u32);
            self.done += 1;
        }
        self.done == self.runs
    }

    /// Runs made, and runs to make.
    pub fn progress(&self) -> (u32, u32) {
        (self.done, self.runs)
    }

    /// The rows known before any run: every row's range with its closed
    /// form mean, or its midpoint where there is none; under a budget,
    /// the retries that happen in every run, with no budget figures yet
    /// (`runs` 0).
    pub fn preview(&self) -> Schedule {
        Schedule {
            rows: formula_rows(&self.bounds, self.budget_ms.is_some()),
            budget: self.budget_ms.map(|budget_ms| BudgetInfo {
                budget_ms,
                always: self.bounds.len() as u32,
                beyond: 0.0,
                runs: 0,
            }),
            trailing: self.model.trailing(&self.v),
            totals: None,
        }
    }

    /// The schedule, once every run is made (the rest are made now).
    pub fn finish(mut self) -> Schedule {
        while !self.step(u32::MAX) {}
        let (model, v) = (self.model, &self.v);
        let Some(budget_ms) = self.budget_ms else {
            let rows = self
                .bounds
                .iter()
                .zip(1..)
                .map(|(b, k)| {
                    let sim = self
                        .sums
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
            return Schedule {
                rows,
                budget: None,
                trailing: model.trailing(v),
                totals: self.totals,
            };
        };
        let (sums, counts) = (&self.sums, &self.counts);
        let always = self.bounds.len() as u32;
        let allowed = (BEYOND_SHARE * f64::from(self.runs)).floor() as usize;
        let beyond = |k: u32| counts.iter().filter(|&&c| c > k).count();
        let mut last = always;
        while beyond(last) > allowed && last < MAX_ROWS {
            last += 1;
        }
        if let Some(m) = model.max_retries(v) {
            last = last.min(m);
        }
        let runs = f64::from(self.runs);
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
        Schedule {
            rows,
            budget: Some(BudgetInfo {
                budget_ms,
                always,
                beyond: beyond(last) as f64 / runs,
                runs: self.runs,
            }),
            trailing: model.trailing(v),
            totals: self.totals,
        }
    }
}

/// A row per range, as the formulas give it with no run: its closed-form
/// mean, or the middle of the range where it has none (then, and under a
/// `budget` whose count the runs decide, marked as simulated).
fn formula_rows(bounds: &[Bounds], budget: bool) -> Vec<Row> {
    bounds
        .iter()
        .zip(1..)
        .map(|(b, k)| Row {
            retry: k,
            min_ms: b.min_ms,
            max_ms: b.max_ms,
            expected_ms: b.expected_ms.unwrap_or((b.min_ms + b.max_ms) / 2.0),
            simulated: b.expected_ms.is_none() || budget,
            reach: 1.0,
        })
        .collect()
}

/// What it takes to show `v`'s schedule: its rows at once when every one
/// has a closed form, or the runs that decide them (with a time budget:
/// every retry made in more than 0.1 % of the simulated runs).
pub fn plan<'a>(model: &'a dyn Model, v: &Values) -> Result<Plan<'a>, LibError> {
    check(model, v)?;
    let dependent = model.dependent(v);
    let deciding = |budget_ms, bounds, runs| Deciding {
        model,
        v: v.clone(),
        rng: Rand::new(SIM_SEED),
        runs,
        done: 0,
        sums: Vec::new(),
        counts: Vec::with_capacity(runs as usize),
        budget_ms,
        bounds,
        totals: dependent.then(Vec::new),
    };
    let Some(budget_ms) = model.budget_ms(v) else {
        let n = model.max_retries(v).unwrap_or(MAX_ROWS).min(MAX_ROWS);
        let bounds: Vec<_> = (1..=n).map(|k| model.bounds(v, k)).collect();
        if dependent || bounds.iter().any(|b| b.expected_ms.is_none()) {
            return Ok(Plan::Deciding(deciding(None, bounds, MEAN_RUNS)));
        }
        return Ok(Plan::Known(Schedule {
            rows: formula_rows(&bounds, false),
            budget: None,
            trailing: model.trailing(v),
            totals: None,
        }));
    };
    // A count that ends the retries first bounds the retries that always
    // happen too (cenkalti's MaxTries under its 15-min MaxElapsedTime).
    let always = model
        .always(v, budget_ms)
        .unwrap_or_else(|| always_within(model, v, budget_ms))
        .min(model.max_retries(v).unwrap_or(MAX_ROWS));
    let bounds = (1..=always).map(|k| model.bounds(v, k)).collect();
    Ok(Plan::Deciding(deciding(
        Some(budget_ms),
        bounds,
        BUDGET_RUNS,
    )))
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
