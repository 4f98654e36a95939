//! Everything the load section shows for one setting: a run of every
//! budget through the trigger, and a run of every budget with the server
//! failing every attempt (the amplification at 100 % failure), made a
//! number of events at a time so the page can run them in slices.

use super::budget::{Budget, BudgetKind};
use super::config::{LoadConfig, LoadError};
use super::retries::Retries;
use super::run::Run;
use super::series::{Series, Verdict};

/// The stream of the runs through the trigger.
pub const TRIGGER_SALT: u64 = 0;
/// The stream of the runs at 100 % failure.
pub const FAILURE_SALT: u64 = 1;

/// One budget's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct BudgetResult {
    /// The budget, with the numbers it ran with.
    pub budget: Budget,
    /// Its run through the trigger, second by second.
    pub series: Series,
    /// What that run says.
    pub verdict: Verdict,
    /// Attempts ÷ first tries with the server failing every attempt for
    /// the whole run.
    pub failure_amplification: f64,
}

/// All budgets for one setting.
#[derive(Clone, Debug, PartialEq)]
pub struct StudyResult {
    /// The setting, with the budget chosen on the page.
    pub config: LoadConfig,
    /// One entry per [`BudgetKind::ALL`], in that order.
    pub budgets: Vec<BudgetResult>,
    /// The library whose runs the clients' retries followed, or `None`
    /// for the page's policy.
    pub follows: Option<&'static str>,
}

impl StudyResult {
    /// The figures of budget `kind`.
    pub fn of(&self, kind: BudgetKind) -> &BudgetResult {
        let i = BudgetKind::ALL.iter().position(|k| *k == kind).unwrap_or(0);
        &self.budgets[i]
    }

    /// The figures of the budget chosen on the page.
    pub fn chosen(&self) -> &BudgetResult {
        self.of(self.config.budget.kind())
    }
}

/// A study in progress.
#[derive(Clone, Debug)]
pub struct Study {
    config: LoadConfig,
    /// The budget of each run, in order: every budget through the
    /// trigger, then every budget at 100 % failure.
    budgets: Vec<Budget>,
    retries: Retries,
    run: Run,
    /// Runs finished.
    next: usize,
    trigger_runs: Vec<Series>,
    failure_amps: Vec<f64>,
}

impl Study {
    /// A study of `config`; the budget it names is used with its own
    /// numbers, every other with its defaults. The clients retry by the
    /// page's policy.
    pub fn new(config: LoadConfig) -> Result<Study, LoadError> {
        Study::with_retries(config, Retries::Policy)
    }

    /// The same, every run's clients retrying as `retries` says.
    pub fn with_retries(config: LoadConfig, retries: Retries) -> Result<Study, LoadError> {
        config.check()?;
        let chosen = config.budget;
        let budgets: Vec<Budget> = BudgetKind::ALL
            .iter()
            .map(|&k| {
                if k == chosen.kind() {
                    chosen
                } else {
                    Budget::default_of(k)
                }
            })
            .collect();
        let run = Run::with_retries(
            LoadConfig {
                budget: budgets[0],
                ..config
            },
            TRIGGER_SALT,
            &retries,
        );
        Ok(Study {
            config,
            budgets,
            retries,
            run,
            next: 0,
            trigger_runs: Vec::new(),
            failure_amps: Vec::new(),
        })
    }

    /// Runs in all.
    pub fn total(&self) -> u64 {
        2 * self.budgets.len() as u64
    }

    /// `(runs finished, runs in all)`.
    pub fn progress(&self) -> (u64, u64) {
        (self.next as u64, self.total())
    }

    /// Handles up to `max` events of the current run; returns whether
    /// every run is done.
    pub fn step(&mut self, max: u64) -> bool {
        let n = self.budgets.len();
        if self.next >= 2 * n {
            return true;
        }
        if !self.run.step(max) {
            return false;
        }
        let series = self.run.series().clone();
        if self.next < n {
            self.trigger_runs.push(series);
        } else {
            self.failure_amps.push(
                series
                    .verdict(0.0, self.config.duration_s as f64)
                    .amplification,
            );
        }
        self.next += 1;
        if self.next < 2 * n {
            let (budget, config, salt) = if self.next < n {
                (self.budgets[self.next], self.config, TRIGGER_SALT)
            } else {
                let b = self.budgets[self.next - n];
                (b, self.config.at_total_failure(), FAILURE_SALT)
            };
            self.run = Run::with_retries(LoadConfig { budget, ..config }, salt, &self.retries);
        }
        self.next >= 2 * n
    }

    /// The figures; complete once [`step`](Self::step) returned `true`.
    pub fn result(&self) -> StudyResult {
        let tr = self.config.trigger;
        StudyResult {
            config: self.config,
            budgets: self
                .budgets
                .iter()
                .zip(&self.trigger_runs)
                .zip(&self.failure_amps)
                .map(|((b, s), a)| BudgetResult {
                    budget: *b,
                    series: s.clone(),
                    verdict: s.verdict(tr.at_s, tr.end_s()),
                    failure_amplification: *a,
                })
                .collect(),
            follows: self.retries.by(),
        }
    }

    /// Runs every run to the end.
    pub fn run_all(mut self) -> StudyResult {
        while !self.step(u64::MAX) {}
        self.result()
    }
}
