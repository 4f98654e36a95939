//! What it takes to show a schedule: its rows at once in closed form, or
//! the seeded runs that decide them, made a slice at a time ([`Deciding`]).

use super::{
    always_within, checked_bounds, Bounds, BudgetInfo, Rand, Row, Schedule, BEYOND_SHARE,
    BUDGET_RUNS, MAX_ROWS, MEAN_RUNS, SIM_SEED,
};
use crate::core::library::{LibError, Model, Values};

/// A schedule whose expected values or count come from seeded runs: the
/// runs are made a slice at a time ([`Deciding::step`]), so a page can
/// show what is known in closed form at once ([`Deciding::preview`]) and
/// stay responsive while the rest is decided. The finished schedule is
/// the one [`schedule`](super::schedule) gives, run for run.
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
    let mut bounds = checked_bounds(model, v)?;
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
        .unwrap_or_else(|| always_within(&bounds, budget_ms))
        .min(model.max_retries(v).unwrap_or(MAX_ROWS));
    // A library's own rule may count past the rows checked.
    let checked = bounds.len() as u32;
    bounds.truncate(always as usize);
    bounds.extend((checked + 1..=always).map(|k| model.bounds(v, k)));
    Ok(Plan::Deciding(deciding(
        Some(budget_ms),
        bounds,
        BUDGET_RUNS,
    )))
}
