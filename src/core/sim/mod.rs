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
//! With a library chosen, a seventh mode is the library as configured
//! ([`Mode::Library`]): each client waits what one seeded run of the
//! library waits, every attempt failing ([`ClientSleeps`], drawn by the
//! page), and gives up where that run stops. Its hops draw from its own
//! stream as every mode's do, so the other modes' figures are the same
//! with or without it.
//!
//! # Randomness
//!
//! Each run of each mode at each client count draws from its own
//! `rand_pcg::Pcg64`, seeded by mixing the sweep's seed with the mode, the
//! client count and the run index (see [`stream_seed`]). The figures
//! therefore depend only on the seed, never on the order in which runs are
//! computed or on how the work is sliced. Uniforms are the top 53 bits of
//! one `u64`; network normals come from Marsaglia's polar method.
//!
//! # Files
//!
//! `mode.rs` the modes and the study's numbers; `config.rs` the fields
//! and [`SimConfig`]; `random.rs` the random streams and network hops;
//! `rule.rs` how each mode draws a sleep; `event.rs` what a run reports; `sleeps.rs` a library's clients'
//! sleeps; `run.rs` one run, event by
//! event; `sweep.rs` many runs averaged; `summary.rs` the results in
//! words; `timeline.rs` one run's writes over time; [`chart`] the charts'
//! geometry and markup. Everything but the charts is re-exported here.
//!
//! [`Policy`]: crate::core::policy::Policy

pub mod chart;
mod config;
mod event;
mod mode;
mod random;
mod rule;
mod run;
mod sleeps;
mod summary;
mod sweep;
mod timeline;

pub use config::{
    parse_clients, parse_runs, SimConfig, SimError, DEFAULT_CLIENTS, DEFAULT_RUNS, MAX_CLIENTS,
    MAX_RUNS,
};
pub use event::{Event, EventKind, Outcome};
pub use mode::{Mode, STUDY_BASE_MS, STUDY_CAP_MS};
pub use random::{stream_seed, NET_MEAN_MS, NET_SD_MS};
pub use run::Run;
pub use sleeps::{ClientSleeps, MAX_POOL_SLEEPS};
pub use summary::summary_sentence;
pub use sweep::{client_counts, sweep, ModeResult, Sweep, SWEEP_POINTS};
pub use timeline::{timeline, Timeline, MAX_BUCKETS};
