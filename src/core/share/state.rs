//! What a link carries: the page's whole state, [`State`].

use crate::core::library::{Configured, LibId};
use crate::core::policy::{Policy, DEFAULT_ATTEMPT_TIMEOUT_MS};
use crate::core::sim;
use crate::core::snippets::Lang;

/// Everything a link carries.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The retry policy.
    pub policy: Policy,
    /// Seed of the sample.
    pub seed: u64,
    /// Whether generated code honours Retry-After.
    pub honor: bool,
    /// Chosen code tab.
    pub lang: Lang,
    /// Longest Retry-After wait accepted, ms, when the person set one;
    /// `None` follows the deadline ([`State::retry_after_max`]).
    pub retry_after_max_ms: Option<u64>,
    /// The caller's deadline, ms, if set.
    pub deadline_ms: Option<u64>,
    /// A server's Retry-After wait put in place of one retry's delay:
    /// `(retry, wait_ms)`.
    pub server_wait: Option<(u32, u64)>,
    /// Whether generated code sends an `Idempotency-Key` header.
    pub idem: bool,
    /// How long each attempt of the generated code may take, ms.
    pub attempt_timeout_ms: u64,
    /// Whether generated code shares a retry budget between its calls.
    pub retry_budget: bool,
    /// Clients in the contention simulation (the largest of its sweep).
    pub sim_clients: u32,
    /// Runs per figure in the contention simulation.
    pub sim_runs: u32,
    /// The `Model` select: a library and its parameters, or `None` for the
    /// page's own policy.
    pub library: Option<Configured>,
    /// The `Library` select: the library the page's policy is written for.
    pub to: Option<LibId>,
}

impl State {
    /// The Retry-After maximum in force: the one set, else the deadline,
    /// else the default ([`crate::core::inputs::retry_after_max`]).
    pub fn retry_after_max(&self) -> u64 {
        crate::core::inputs::retry_after_max(self.retry_after_max_ms, self.deadline_ms)
    }

    /// The defaults, with the given seed.
    pub fn with_seed(seed: u64) -> State {
        State {
            policy: Policy::default(),
            seed,
            honor: true,
            lang: Lang::ALL[0],
            retry_after_max_ms: None,
            deadline_ms: None,
            server_wait: None,
            idem: false,
            attempt_timeout_ms: DEFAULT_ATTEMPT_TIMEOUT_MS,
            retry_budget: false,
            sim_clients: sim::DEFAULT_CLIENTS,
            sim_runs: sim::DEFAULT_RUNS,
            library: None,
            to: None,
        }
    }
}
