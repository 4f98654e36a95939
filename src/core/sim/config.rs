//! What a sweep simulates: the `Clients` and `Runs` fields (their limits,
//! defaults and readers), [`SimConfig`] and the checks that refuse one with
//! a [`SimError`].

use crate::core::decimal_text::shortest;
use std::fmt;
use std::sync::Arc;

use super::{ClientSleeps, Mode};
use crate::core::format;
use crate::core::policy::{self, InputError, Jitter, Policy};

/// Most clients the `Clients` field accepts.
pub const MAX_CLIENTS: u32 = 1_000;

/// Most runs the `Runs` field accepts.
pub const MAX_RUNS: u32 = 1_000;

/// The `Clients` field's default: the study's 50.
pub const DEFAULT_CLIENTS: u32 = 50;

/// The `Runs` field's default.
pub const DEFAULT_RUNS: u32 = 100;

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

/// What a sweep simulates.
#[derive(Clone, Debug, PartialEq)]
pub struct SimConfig {
    /// The largest client count `N`; the sweep covers
    /// [`client_counts`](super::client_counts)`(N)`.
    pub clients: u32,
    /// Runs averaged per mode and client count.
    pub runs: u32,
    /// The seed every run's stream derives from.
    pub seed: u64,
    /// The page's policy, simulated as
    /// [`Mode::Policy`](super::Mode::Policy).
    pub policy: Policy,
    /// A chosen library's clients, simulated as
    /// [`Mode::Library`](super::Mode::Library) when given.
    pub library: Option<Arc<ClientSleeps>>,
}

impl Default for SimConfig {
    /// The page's defaults: 50 clients, 100 runs, seed 0, default policy,
    /// no library.
    fn default() -> Self {
        SimConfig {
            clients: DEFAULT_CLIENTS,
            runs: DEFAULT_RUNS,
            seed: 0,
            policy: Policy::default(),
            library: None,
        }
    }
}

impl SimConfig {
    /// The modes a sweep runs: [`Mode::ALL`], and the library's when one
    /// is given.
    pub fn modes(&self) -> &'static [Mode] {
        if self.library.is_some() {
            &Mode::WITH_LIBRARY
        } else {
            &Mode::ALL
        }
    }

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
            min: shortest(policy::MIN_MULTIPLIER),
        });
    }
    if p.multiplier > policy::MAX_MULTIPLIER {
        return Err(InputError::TooLarge {
            max: shortest(policy::MAX_MULTIPLIER),
        });
    }
    if p.jitter == Jitter::Proportional {
        p.proportional.check()?;
    }
    Ok(())
}
