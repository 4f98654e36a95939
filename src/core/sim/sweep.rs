//! A whole sweep: every client count × every mode × `runs` runs, averaged
//! into one [`ModeResult`] per mode and count, computed in slices.

use super::{Mode, Outcome, Run, SimConfig, SimError};

/// How many client counts a sweep covers (fewer when `N < 5`).
pub const SWEEP_POINTS: u32 = 5;

/// The client counts of a sweep up to `max`: `round(i × max / 5)` for
/// `i = 1..=5`, halves rounded up, at least 1, duplicates dropped.
///
/// 50 gives 10, 20, 30, 40, 50; 12 gives 2, 5, 7, 10, 12; below 5 every
/// count from 1 to `max` appears once (3 gives 1, 2, 3). The last count is
/// always `max`, and from `max = 5` on there are always five. 0 gives none.
pub fn client_counts(max: u32) -> Vec<u32> {
    let mut counts: Vec<u32> = Vec::with_capacity(SWEEP_POINTS as usize);
    for i in 1..=SWEEP_POINTS as u64 {
        let count = ((2 * i * max as u64 + SWEEP_POINTS as u64) / (2 * SWEEP_POINTS as u64)) as u32;
        let count = count.max(1).min(max);
        if max > 0 && counts.last() != Some(&count) {
            counts.push(count);
        }
    }
    counts
}

/// The means of one mode at one client count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModeResult {
    /// The mode.
    pub mode: Mode,
    /// The number of clients contending.
    pub clients: u32,
    /// How many runs the means cover (all of them once the sweep is done).
    pub runs: u32,
    /// Mean writes received by the server per run: the work.
    pub mean_calls: f64,
    /// Standard deviation of the calls between runs (0 for one run).
    pub sd_calls: f64,
    /// Mean completion time per run, ms.
    pub mean_time_ms: f64,
    /// Standard deviation of the completion time between runs, ms.
    pub sd_time_ms: f64,
    /// Mean number of clients that gave up per run: `Some` only for
    /// [`Mode::Policy`] and [`Mode::Library`], since the study's clients
    /// never give up.
    pub mean_gave_up: Option<f64>,
}

/// Running mean and spread (Welford's method) of one mode at one count.
#[derive(Clone, Copy, Debug)]
struct Cell {
    mode: Mode,
    clients: u32,
    runs: u32,
    calls: (f64, f64),
    time: (f64, f64),
    gave_up: f64,
}

impl Cell {
    fn add(&mut self, outcome: &Outcome) {
        self.runs += 1;
        let n = self.runs as f64;
        let step = |(mean, m2): &mut (f64, f64), x: f64| {
            let delta = x - *mean;
            *mean += delta / n;
            *m2 += delta * (x - *mean);
        };
        step(&mut self.calls, outcome.calls as f64);
        step(&mut self.time, outcome.time_ms);
        self.gave_up += outcome.gave_up as f64;
    }

    fn result(&self) -> ModeResult {
        let sd = |m2: f64| {
            if self.runs > 1 {
                (m2 / (self.runs - 1) as f64).sqrt()
            } else {
                0.0
            }
        };
        ModeResult {
            mode: self.mode,
            clients: self.clients,
            runs: self.runs,
            mean_calls: self.calls.0,
            sd_calls: sd(self.calls.1),
            mean_time_ms: self.time.0,
            sd_time_ms: sd(self.time.1),
            mean_gave_up: (!self.mode.is_study()).then(|| self.gave_up / self.runs as f64),
        }
    }
}

/// A whole sweep (every client count × every mode × `runs` runs), computed
/// in slices so a page can yield to the browser between them.
///
/// ```
/// use backoff_calculator::core::sim::{SimConfig, Sweep};
/// let mut sweep = Sweep::new(SimConfig { clients: 10, runs: 3, ..SimConfig::default() })?;
/// while !sweep.step(50_000) {}
/// assert_eq!(sweep.results().len(), 5 * 6);
/// # Ok::<(), backoff_calculator::core::sim::SimError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Sweep {
    config: SimConfig,
    /// One per client count and mode, in that order (modes inner).
    cells: Vec<Cell>,
    /// The cell being run.
    cell: usize,
    /// The run of that cell in progress, or the next to start.
    run_index: u32,
    /// Whether `run` holds a started, unfinished run.
    active: bool,
    run: Run,
    events: u64,
}

impl Sweep {
    /// Prepares the sweep; nothing runs until [`Sweep::step`].
    pub fn new(config: SimConfig) -> Result<Sweep, SimError> {
        config.check()?;
        let modes = config.modes();
        let cells = client_counts(config.clients)
            .into_iter()
            .flat_map(|clients| {
                modes.iter().map(move |&mode| Cell {
                    mode,
                    clients,
                    runs: 0,
                    calls: (0.0, 0.0),
                    time: (0.0, 0.0),
                    gave_up: 0.0,
                })
            })
            .collect();
        Ok(Sweep {
            run: Run::new(Mode::None, 0, &config.policy, config.seed, 0),
            config,
            cells,
            cell: 0,
            run_index: 0,
            active: false,
            events: 0,
        })
    }

    /// The configuration being swept.
    pub fn config(&self) -> &SimConfig {
        &self.config
    }

    /// Handles up to `budget` events (at least one), pausing mid-run if
    /// need be, and returns true once the whole sweep is done. The results
    /// do not depend on how the work is sliced.
    pub fn step(&mut self, budget: u64) -> bool {
        let mut left = budget.max(1);
        while left > 0 && self.cell < self.cells.len() {
            if !self.active {
                let Cell { mode, clients, .. } = self.cells[self.cell];
                let c = &self.config;
                self.run.restart(
                    mode,
                    clients,
                    &c.policy,
                    c.library.clone(),
                    c.seed,
                    self.run_index,
                );
                self.active = true;
            }
            while left > 0 && self.run.next().is_some() {
                left -= 1;
                self.events += 1;
            }
            if self.run.is_finished() {
                let outcome = self.run.outcome();
                self.cells[self.cell].add(&outcome);
                self.active = false;
                self.run_index += 1;
                if self.run_index == self.config.runs {
                    self.run_index = 0;
                    self.cell += 1;
                }
            }
        }
        self.is_done()
    }

    /// True once every run has finished.
    pub fn is_done(&self) -> bool {
        self.cell >= self.cells.len()
    }

    /// Runs finished and runs in all.
    pub fn progress(&self) -> (u64, u64) {
        let per_cell = self.config.runs as u64;
        let done = self.cell as u64 * per_cell
            + if self.is_done() {
                0
            } else {
                self.run_index as u64
            };
        (done, self.cells.len() as u64 * per_cell)
    }

    /// Events handled so far (a measure of the work, for sizing slices).
    pub fn events(&self) -> u64 {
        self.events
    }

    /// The means of every mode and client count with at least one finished
    /// run, ordered by client count, then mode as in [`Mode::WITH_LIBRARY`].
    pub fn results(&self) -> Vec<ModeResult> {
        self.cells
            .iter()
            .filter(|c| c.runs > 0)
            .map(Cell::result)
            .collect()
    }

    /// Runs whatever is left and returns the results.
    pub fn finish(mut self) -> Vec<ModeResult> {
        while !self.step(u64::MAX) {}
        self.results()
    }
}

/// Runs a whole sweep at once.
pub fn sweep(config: SimConfig) -> Result<Vec<ModeResult>, SimError> {
    Ok(Sweep::new(config)?.finish())
}
