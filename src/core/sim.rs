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

use std::cmp::Ordering;
use std::collections::binary_heap::{BinaryHeap, PeekMut};
use std::fmt;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::format;
use super::policy::{self, CapOrder, InputError, Jitter, Policy, Proportional};

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

/// The seed of one run's random stream: SplitMix64 applied in turn to the
/// sweep's seed, the mode, the client count and the run index.
pub fn stream_seed(seed: u64, mode: Mode, clients: u32, run: u32) -> u64 {
    let mut h = splitmix64(seed);
    h = splitmix64(h ^ mode.tag());
    h = splitmix64(h ^ clients as u64);
    splitmix64(h ^ run as u64)
}

/// One SplitMix64 output for the state `z` (Steele, Lea and Flood, 2014).
fn splitmix64(z: u64) -> u64 {
    let mut z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One run's random numbers: uniforms and the network's normal hops.
#[derive(Clone, Debug)]
struct Draws {
    rng: Pcg64,
    /// The second normal of the last Box–Muller pair, not yet used.
    spare: Option<f64>,
}

impl Draws {
    fn new(seed: u64) -> Draws {
        Draws {
            rng: Pcg64::seed_from_u64(seed),
            spare: None,
        }
    }

    /// A uniform draw in `[0, 1)` from the top 53 bits of one `u64`.
    fn unit(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A standard normal by Marsaglia's polar method, one pair per two calls.
    fn normal(&mut self) -> f64 {
        if let Some(z) = self.spare.take() {
            return z;
        }
        loop {
            let x = 2.0 * self.unit() - 1.0;
            let y = 2.0 * self.unit() - 1.0;
            let s = x * x + y * y;
            if s > 0.0 && s < 1.0 {
                let f = (-2.0 * s.ln() / s).sqrt();
                self.spare = Some(y * f);
                return x * f;
            }
        }
    }

    /// One network hop: `|Normal(10, 2)|` ms.
    fn hop(&mut self) -> f64 {
        (NET_MEAN_MS + NET_SD_MS * self.normal()).abs()
    }

    /// `lo + (hi − lo) × u`, kept inside `[lo, hi]` against rounding.
    fn between(&mut self, lo: f64, hi: f64) -> f64 {
        (lo + (hi - lo) * self.unit()).clamp(lo, hi)
    }
}

/// How a sleep is drawn from the client's current backoff.
#[derive(Clone, Copy, Debug)]
enum Draw {
    /// No backoff.
    Zero,
    /// Exactly the capped exponential.
    Exact,
    /// `uniform(0, exp)`.
    Full,
    /// `exp/2 + uniform(0, exp/2)`.
    Equal,
    /// `min(cap, uniform(base, prev × 3))`.
    Decorrelated,
    /// `exp × uniform(lo, hi)`.
    FactorBeforeCap(f64, f64),
    /// `min(cap, raw × uniform(lo, hi))`.
    FactorAfterCap(f64, f64),
}

/// A mode's backoff, ready to draw from.
#[derive(Clone, Copy, Debug)]
struct Rule {
    draw: Draw,
    /// Decorrelated jitter's floor and starting sleep.
    base: f64,
    /// The uncapped backoff of the first retry.
    first: f64,
    multiplier: f64,
    cap: f64,
    /// The uncapped backoff stops growing here, as in the schedule.
    stop: f64,
    /// A client gives up when its write fails after this many retries.
    max_retries: u32,
}

impl Rule {
    fn new(mode: Mode, policy: &Policy) -> Rule {
        let study = |draw| Rule {
            draw,
            base: STUDY_BASE_MS,
            // The study's first retry has n = 1: 2 × base.
            first: 2.0 * STUDY_BASE_MS,
            multiplier: 2.0,
            cap: STUDY_CAP_MS,
            stop: STUDY_CAP_MS,
            max_retries: u32::MAX,
        };
        match mode {
            Mode::Exponential => study(Draw::Exact),
            Mode::Decorrelated => study(Draw::Decorrelated),
            Mode::Equal => study(Draw::Equal),
            Mode::Full => study(Draw::Full),
            Mode::None => study(Draw::Zero),
            Mode::Policy => {
                let cap = policy.cap_ms as f64;
                let Proportional { lo, hi, cap: order } = policy.proportional;
                let (draw, stop) = match (policy.jitter, order) {
                    (Jitter::None, _) => (Draw::Exact, cap),
                    (Jitter::Full, _) => (Draw::Full, cap),
                    (Jitter::Equal, _) => (Draw::Equal, cap),
                    (Jitter::Decorrelated, _) => (Draw::Decorrelated, cap),
                    (Jitter::Proportional, CapOrder::Before) => {
                        (Draw::FactorBeforeCap(lo, hi), cap)
                    }
                    (Jitter::Proportional, CapOrder::After) => {
                        (Draw::FactorAfterCap(lo, hi), cap / lo)
                    }
                };
                Rule {
                    draw,
                    base: policy.base_ms as f64,
                    first: policy.base_ms as f64,
                    multiplier: policy.multiplier,
                    cap,
                    stop,
                    max_retries: policy.max_retries,
                }
            }
        }
    }

    /// The sleep before `client`'s next read, advancing its backoff state.
    fn sleep(&self, client: &mut Client, draws: &mut Draws) -> f64 {
        let raw = client.raw;
        if raw < self.stop {
            client.raw = raw * self.multiplier;
        }
        let exp = raw.min(self.cap);
        match self.draw {
            Draw::Zero => 0.0,
            Draw::Exact => exp,
            Draw::Full => draws.between(0.0, exp),
            Draw::Equal => draws.between(exp / 2.0, exp),
            Draw::Decorrelated => {
                let hi = (client.prev * 3.0).max(self.base);
                client.prev = draws.between(self.base, hi).min(self.cap);
                client.prev
            }
            Draw::FactorBeforeCap(lo, hi) => draws.between(exp * lo, exp * hi),
            Draw::FactorAfterCap(lo, hi) => draws.between(raw * lo, raw * hi).min(self.cap),
        }
    }
}

/// What a client's one message in flight will do when it arrives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// A read reaches the server.
    Read,
    /// The read's reply reaches the client.
    ReadReply,
    /// A write reaches the server.
    Write,
    /// The write's reply reaches the client.
    WriteReply,
}

/// One client's state. Each client has exactly one message in flight until
/// it is done, so its next event lives here and the queue holds only times.
#[derive(Clone, Copy, Debug)]
struct Client {
    pending: Pending,
    /// The version its last read returned.
    version: u64,
    /// Whether its last write succeeded.
    wrote: bool,
    /// Failed writes so far.
    retries: u32,
    /// Uncapped backoff of its next retry.
    raw: f64,
    /// Its last decorrelated sleep.
    prev: f64,
}

/// An entry of the event queue: when the client's message arrives.
#[derive(Clone, Copy, Debug)]
struct Due {
    time: f64,
    /// Order of scheduling, so equal times pop first in, first out.
    seq: u64,
    client: u32,
}

impl PartialEq for Due {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Due {}

impl PartialOrd for Due {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Due {
    /// Reversed, so the max-heap `BinaryHeap` pops the earliest time first.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .time
            .total_cmp(&self.time)
            .then(other.seq.cmp(&self.seq))
    }
}

/// Something that happened in a run, in time order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Event {
    /// When it happened, ms from the start.
    pub time_ms: f64,
    /// Which client it concerns, from 0.
    pub client: u32,
    /// What happened.
    pub kind: EventKind,
}

/// The kinds of [`Event`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EventKind {
    /// The server read the row for the client, at this version.
    Read {
        /// The row's version, which the client will write with.
        version: u64,
    },
    /// The read's reply reached the client, which sends its write.
    ReadReply,
    /// The server received a write: one call.
    Write {
        /// Whether the version still matched, so the row was updated.
        success: bool,
    },
    /// The client learned its write succeeded; it is done.
    Done,
    /// The client learned its write failed and will read again after a
    /// network hop plus `backoff_ms`.
    Retry {
        /// This retry's number, from 1.
        retry: u32,
        /// The sleep drawn for it, ms.
        backoff_ms: f64,
    },
    /// The client learned its write failed and has no retries left.
    GaveUp,
}

/// The figures of one finished (or partly run) run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Writes the server received.
    pub calls: u64,
    /// When the last event so far happened, ms.
    pub time_ms: f64,
    /// Clients whose write succeeded.
    pub succeeded: u32,
    /// Clients that ran out of retries.
    pub gave_up: u32,
    /// The row's version: the number of successful writes.
    pub version: u64,
}

/// One simulated run, stepped event by event. As an [`Iterator`] it yields
/// every [`Event`] in time order and ends when every client is done.
#[derive(Clone, Debug)]
pub struct Run {
    rule: Rule,
    draws: Draws,
    clients: Vec<Client>,
    queue: BinaryHeap<Due>,
    seq: u64,
    version: u64,
    now: f64,
    calls: u64,
    succeeded: u32,
    gave_up: u32,
}

impl Run {
    /// Run number `run` (from 0) of `mode` with `clients` clients, drawing
    /// from [`stream_seed`]`(seed, mode, clients, run)`. `policy` matters
    /// only for [`Mode::Policy`].
    pub fn new(mode: Mode, clients: u32, policy: &Policy, seed: u64, run: u32) -> Run {
        let mut this = Run {
            rule: Rule::new(mode, policy),
            draws: Draws::new(0),
            clients: Vec::new(),
            queue: BinaryHeap::new(),
            seq: 0,
            version: 0,
            now: 0.0,
            calls: 0,
            succeeded: 0,
            gave_up: 0,
        };
        this.restart(mode, clients, policy, seed, run);
        this
    }

    /// Starts over as [`Run::new`] would, keeping the allocations.
    fn restart(&mut self, mode: Mode, clients: u32, policy: &Policy, seed: u64, run: u32) {
        self.rule = Rule::new(mode, policy);
        self.draws = Draws::new(stream_seed(seed, mode, clients, run));
        self.clients.clear();
        self.queue.clear();
        self.version = 0;
        self.now = 0.0;
        self.calls = 0;
        self.succeeded = 0;
        self.gave_up = 0;
        for id in 0..clients {
            self.clients.push(Client {
                pending: Pending::Read,
                version: 0,
                wrote: false,
                retries: 0,
                raw: self.rule.first,
                prev: self.rule.base,
            });
            // Every client sends its first read at time 0.
            let time = self.draws.hop();
            self.queue.push(Due {
                time,
                seq: id as u64,
                client: id,
            });
        }
        self.seq = clients as u64;
    }

    /// True once every client has succeeded or given up.
    pub fn is_finished(&self) -> bool {
        self.queue.is_empty()
    }

    /// The figures so far; final once [`Run::is_finished`].
    pub fn outcome(&self) -> Outcome {
        Outcome {
            calls: self.calls,
            time_ms: self.now,
            succeeded: self.succeeded,
            gave_up: self.gave_up,
            version: self.version,
        }
    }

    /// Runs to the end and returns the final figures.
    pub fn finish(&mut self) -> Outcome {
        while self.next().is_some() {}
        self.outcome()
    }
}

impl Iterator for Run {
    type Item = Event;

    /// Handles the earliest message in flight and schedules the client's
    /// next one in its place (one sift of the heap per event).
    fn next(&mut self) -> Option<Event> {
        let mut due = self.queue.peek_mut()?;
        let now = due.time;
        self.now = now;
        let client = &mut self.clients[due.client as usize];
        let (kind, next) = match client.pending {
            Pending::Read => {
                client.version = self.version;
                client.pending = Pending::ReadReply;
                let version = self.version;
                (EventKind::Read { version }, Some(now + self.draws.hop()))
            }
            Pending::ReadReply => {
                client.pending = Pending::Write;
                (EventKind::ReadReply, Some(now + self.draws.hop()))
            }
            Pending::Write => {
                self.calls += 1;
                let success = client.version == self.version;
                if success {
                    self.version += 1;
                }
                client.wrote = success;
                client.pending = Pending::WriteReply;
                (EventKind::Write { success }, Some(now + self.draws.hop()))
            }
            Pending::WriteReply if client.wrote => {
                self.succeeded += 1;
                (EventKind::Done, None)
            }
            Pending::WriteReply => {
                client.retries = client.retries.saturating_add(1);
                if client.retries > self.rule.max_retries {
                    self.gave_up += 1;
                    (EventKind::GaveUp, None)
                } else {
                    let hop = self.draws.hop();
                    let backoff_ms = self.rule.sleep(client, &mut self.draws);
                    client.pending = Pending::Read;
                    let retry = client.retries;
                    (
                        EventKind::Retry { retry, backoff_ms },
                        Some(now + hop + backoff_ms),
                    )
                }
            }
        };
        let event = Event {
            time_ms: now,
            client: due.client,
            kind,
        };
        match next {
            Some(time) => {
                due.time = time;
                due.seq = self.seq;
                self.seq += 1;
            }
            None => {
                PeekMut::pop(due);
            }
        }
        Some(event)
    }
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
    let mut run = Run::new(mode, clients, &config.policy, config.seed, 0);
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
