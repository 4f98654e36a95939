//! Many clients contending for one row: the model behind the AWS study.
//!
//! Marc Brooker's post "Exponential Backoff And Jitter" (AWS Architecture
//! Blog, 2015-03-04) compares backoff modes with a small discrete-event
//! simulator, `aws-samples/aws-arch-backoff-simulator`. This module is our
//! own Rust version of that model, plus the page's policy as a sixth mode.
//!
//! # The model
//!
//! `N` clients each update one shared row once, with optimistic
//! concurrency. A client sends a read; the server answers with the row's
//! version; the client sends a write carrying that version; the server
//! accepts it only if no one wrote in between (the version still matches),
//! and bumps the version. Every network hop (request or reply) takes
//! `|Normal(10 ms, 2 ms)|`. After a failed write the client's retry counter
//! goes up by one and its next read is sent after a network hop plus the
//! backoff. All clients start at time 0.
//!
//! Per run, *calls* are the writes the server received (the work done) and
//! *time* is when the last event happened (completion). A sweep reports
//! the mean of each over `R` runs.
//!
//! # Modes and numbering
//!
//! The five modes of the study use its numbers: base 5 ms, cap 2,000 ms,
//! and its counting, where the `n`-th retry backs off from
//! `min(cap, base × 2^n)`: the first retry sleeps from 10 ms, twice the
//! base (the page's `exp(k)` shifted one step). Exponential sleeps exactly
//! that; equal and full jitter draw from it as the page does; decorrelated
//! jitter sleeps `min(cap, uniform(base, prev × 3))` with `prev` kept per
//! client and starting at the base; none retries at once. These clients
//! retry until they succeed.
//!
//! The sixth mode is the page's [`Policy`] in the page's own numbering
//! (retry `k` backs off from `min(cap, base × multiplier^(k−1))`, every
//! jitter including proportional with its cap order). A client whose write
//! fails after its last retry gives up; the sweep counts those.
//!
//! # Randomness
//!
//! Each run of each mode at each client count draws from its own
//! `rand_pcg::Pcg64`, seeded by mixing the sweep's seed with the mode, the
//! client count and the run index (see [`stream_seed`]). The figures
//! therefore depend only on the seed, never on the order in which runs are
//! computed or on how the work is sliced. Uniforms are the top 53 bits of
//! one `u64`; network normals come from Marsaglia's polar method.

use std::fmt;

use super::format;
use super::policy::{self, InputError, Jitter, Policy};

mod run;
mod timeline;

pub use run::{stream_seed, Event, EventKind, Outcome, Run};
pub use timeline::{timeline, Timeline};

/// The study's base delay, ms.
pub const STUDY_BASE_MS: f64 = 5.0;

/// The study's cap, ms.
pub const STUDY_CAP_MS: f64 = 2_000.0;

/// Mean of one network hop, ms.
pub const NET_MEAN_MS: f64 = 10.0;

/// Standard deviation of one network hop before taking the absolute value, ms.
pub const NET_SD_MS: f64 = 2.0;

/// Most clients the `Clients` field accepts.
pub const MAX_CLIENTS: u32 = 1_000;

/// Most runs the `Runs` field accepts.
pub const MAX_RUNS: u32 = 1_000;

/// The `Clients` field's default: the study's 50.
pub const DEFAULT_CLIENTS: u32 = 50;

/// The `Runs` field's default.
pub const DEFAULT_RUNS: u32 = 100;

/// How many client counts a sweep covers (fewer when `N < 5`).
pub const SWEEP_POINTS: u32 = 5;

/// Most buckets a [`Timeline`] has.
pub const MAX_BUCKETS: u32 = 10_000;

/// One line of the comparison: a backoff rule the clients follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The study's capped exponential, `min(cap, base × 2^n)`, no jitter.
    Exponential,
    /// The study's decorrelated jitter, state kept per client.
    Decorrelated,
    /// The study's equal jitter: half the exponential plus a uniform half.
    Equal,
    /// The study's full jitter: uniform from 0 to the exponential.
    Full,
    /// No backoff at all: retry as soon as the failure arrives.
    None,
    /// The page's own policy, with its retry limit.
    Policy,
}

impl Mode {
    /// Every mode, in the order the study lists them, the page's policy last.
    pub const ALL: [Mode; 6] = [
        Mode::Exponential,
        Mode::Decorrelated,
        Mode::Equal,
        Mode::Full,
        Mode::None,
        Mode::Policy,
    ];

    /// The spelling used in `data-mode`: `exponential`, `decorrelated`,
    /// `equal`, `full`, `none` or `policy`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Exponential => "exponential",
            Mode::Decorrelated => "decorrelated",
            Mode::Equal => "equal",
            Mode::Full => "full",
            Mode::None => "none",
            Mode::Policy => "policy",
        }
    }

    /// How the page names the mode in prose and legends.
    pub fn label(self) -> &'static str {
        match self {
            Mode::Exponential => "exponential without jitter",
            Mode::Decorrelated => "decorrelated jitter",
            Mode::Equal => "equal jitter",
            Mode::Full => "full jitter",
            Mode::None => "no backoff",
            Mode::Policy => "your policy",
        }
    }

    /// Reads [`Mode::as_str`]'s spelling back.
    pub fn parse(s: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.as_str() == s)
    }

    /// True for the five modes of the study.
    pub fn is_study(self) -> bool {
        self != Mode::Policy
    }

    /// A stable number for the mode, used to derive its random streams.
    fn tag(self) -> u64 {
        match self {
            Mode::Exponential => 1,
            Mode::Decorrelated => 2,
            Mode::Equal => 3,
            Mode::Full => 4,
            Mode::None => 5,
            Mode::Policy => 6,
        }
    }
}

/// Why a simulation was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum SimError {
    /// The client count is outside `1..=MAX_CLIENTS`.
    Clients(u32),
    /// The run count is outside `1..=MAX_RUNS`.
    Runs(u32),
    /// The policy fails the page's own field checks.
    Policy(InputError),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Clients(n) => write!(
                f,
                "Clients must be from 1 to {}, not {}.",
                format::thousands(MAX_CLIENTS as u64),
                format::thousands(*n as u64)
            ),
            SimError::Runs(n) => write!(
                f,
                "Runs must be from 1 to {}, not {}.",
                format::thousands(MAX_RUNS as u64),
                format::thousands(*n as u64)
            ),
            SimError::Policy(e) => write!(f, "The policy is not valid: {e}"),
        }
    }
}

impl std::error::Error for SimError {}

/// Reads the `Clients` field: a whole number from 1 to [`MAX_CLIENTS`].
pub fn parse_clients(text: &str) -> Result<u32, InputError> {
    policy::parse_whole(text, 1, MAX_CLIENTS as u64).map(|n| n as u32)
}

/// Reads the `Runs` field: a whole number from 1 to [`MAX_RUNS`].
pub fn parse_runs(text: &str) -> Result<u32, InputError> {
    policy::parse_whole(text, 1, MAX_RUNS as u64).map(|n| n as u32)
}

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

/// What a sweep simulates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimConfig {
    /// The largest client count `N`; the sweep covers [`client_counts`]`(N)`.
    pub clients: u32,
    /// Runs averaged per mode and client count.
    pub runs: u32,
    /// The seed every run's stream derives from.
    pub seed: u64,
    /// The page's policy, simulated as [`Mode::Policy`].
    pub policy: Policy,
}

impl Default for SimConfig {
    /// The page's defaults: 50 clients, 100 runs, seed 0, default policy.
    fn default() -> Self {
        SimConfig {
            clients: DEFAULT_CLIENTS,
            runs: DEFAULT_RUNS,
            seed: 0,
            policy: Policy::default(),
        }
    }
}

impl SimConfig {
    /// Checks the counts and that the policy passes the page's field checks.
    pub fn check(&self) -> Result<(), SimError> {
        if !(1..=MAX_CLIENTS).contains(&self.clients) {
            return Err(SimError::Clients(self.clients));
        }
        if !(1..=MAX_RUNS).contains(&self.runs) {
            return Err(SimError::Runs(self.runs));
        }
        check_policy(&self.policy).map_err(SimError::Policy)
    }
}

/// The page's field limits, applied to a policy built in code.
fn check_policy(p: &Policy) -> Result<(), InputError> {
    let too_large = |max: u64| InputError::TooLarge {
        max: format::thousands(max),
    };
    if p.base_ms > policy::MAX_DELAY_MS || p.cap_ms > policy::MAX_DELAY_MS {
        return Err(too_large(policy::MAX_DELAY_MS));
    }
    if p.max_retries > policy::MAX_RETRIES {
        return Err(too_large(policy::MAX_RETRIES as u64));
    }
    if p.multiplier.is_nan() || p.multiplier < policy::MIN_MULTIPLIER {
        return Err(InputError::TooSmall {
            min: policy::MIN_MULTIPLIER.to_string(),
        });
    }
    if p.multiplier > policy::MAX_MULTIPLIER {
        return Err(InputError::TooLarge {
            max: policy::MAX_MULTIPLIER.to_string(),
        });
    }
    if p.jitter == Jitter::Proportional {
        p.proportional.check()?;
    }
    Ok(())
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
    /// [`Mode::Policy`], since the study's clients never give up.
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
            mean_gave_up: (self.mode == Mode::Policy).then(|| self.gave_up / self.runs as f64),
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
        let cells = client_counts(config.clients)
            .into_iter()
            .flat_map(|clients| {
                Mode::ALL.into_iter().map(move |mode| Cell {
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
                let (policy, seed) = (self.config.policy, self.config.seed);
                self.run
                    .restart(mode, clients, &policy, seed, self.run_index);
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
    /// run, ordered by client count, then mode as in [`Mode::ALL`].
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

/// One plain paragraph on the largest client count in `results`: which
/// study mode did the least work, which finished first, and how the page's
/// policy compares. Empty when there is nothing to say yet.
pub fn summary_sentence(results: &[ModeResult]) -> String {
    let Some(clients) = results.iter().map(|r| r.clients).max() else {
        return String::new();
    };
    let at: Vec<&ModeResult> = results.iter().filter(|r| r.clients == clients).collect();
    let study = at.iter().filter(|r| r.mode.is_study());
    let least = study
        .clone()
        .min_by(|a, b| a.mean_calls.total_cmp(&b.mean_calls));
    let first = study.min_by(|a, b| a.mean_time_ms.total_cmp(&b.mean_time_ms));
    let calls = |r: &ModeResult| match format::round_ms(r.mean_calls) {
        1 => "1 call".to_string(),
        n => format!("{} calls", format::thousands(n)),
    };
    let mut text = format!(
        "With {} {}",
        format::thousands(clients as u64),
        if clients == 1 { "client" } else { "clients" }
    );
    match (least, first) {
        (Some(least), Some(first)) => {
            text += &format!(
                ", {} did the least work ({} per run) and {} finished first ({}).",
                least.mode.label(),
                calls(least),
                first.mode.label(),
                format::total(first.mean_time_ms),
            );
            if let Some(p) = at.iter().find(|r| r.mode == Mode::Policy) {
                let ratio = p.mean_calls / least.mean_calls;
                let work = if (ratio - 1.0).abs() < 0.005 {
                    format!("as much work as {}", least.mode.label())
                } else if ratio > 1.0 {
                    format!(
                        "{:.0}% more work than {}",
                        (ratio - 1.0) * 100.0,
                        least.mode.label()
                    )
                } else {
                    format!(
                        "{:.0}% less work than {}",
                        (1.0 - ratio) * 100.0,
                        least.mode.label()
                    )
                };
                text += &format!(
                    " Your policy made {} ({work}) and finished in {}",
                    calls(p),
                    format::total(p.mean_time_ms),
                );
                text += &match p.mean_gave_up {
                    Some(g) if g > 0.0 => format!("; {g:.1} clients gave up per run."),
                    _ => "; no client gave up.".to_string(),
                };
            }
        }
        _ => text += ", the study's modes have not run yet.",
    }
    text
}
