//! What a load run simulates: the fields (limits, defaults, readers), the
//! trigger, and [`LoadConfig`] with its check.

use std::fmt;

use super::budget::Budget;
use crate::core::format;
use crate::core::policy::{self, InputError, Policy};

/// Simulated seconds per run.
pub const DURATION_S: u32 = 60;

/// Most clients the `Clients` field accepts.
pub const MAX_CLIENTS: u32 = 1_000;
/// Most calls per second (first tries, all clients together).
pub const MAX_RATE: u32 = 20_000;
/// Most calls per second the server can serve.
pub const MAX_CAPACITY: u32 = 20_000;
/// Longest attempt timeout, ms.
pub const MAX_TIMEOUT_MS: u32 = 60_000;
/// Longest trigger, s.
pub const MAX_TRIGGER_S: u32 = 30;
/// Largest spike, percent of the usual rate added.
pub const MAX_SPIKE_PERCENT: u32 = 1_000;

/// The page's defaults: 100 clients sending 800 calls a second to a
/// server that serves 1,000 (80 % of capacity), 1 s attempt timeout, a
/// 5 s outage starting at 10 s.
pub const DEFAULT_CLIENTS: u32 = 100;
/// Default calls per second, all clients together.
pub const DEFAULT_RATE: u32 = 800;
/// Default capacity, calls per second.
pub const DEFAULT_CAPACITY: u32 = 1_000;
/// Default attempt timeout, ms.
pub const DEFAULT_TIMEOUT_MS: u32 = 1_000;
/// Default trigger start, s.
pub const DEFAULT_TRIGGER_AT_S: u32 = 10;
/// Default trigger length, s.
pub const DEFAULT_TRIGGER_S: u32 = 5;
/// Default spike, percent added to the usual rate.
pub const DEFAULT_SPIKE_PERCENT: u32 = 100;

/// What starts the trouble.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TriggerKind {
    /// The server serves nothing for a while; calls wait in its queue.
    Outage,
    /// Clients send more first tries for a while.
    Spike,
}

impl TriggerKind {
    /// Both, in the page's order.
    pub const ALL: [TriggerKind; 2] = [TriggerKind::Outage, TriggerKind::Spike];

    /// The option's value and `data-trigger`.
    pub fn as_str(self) -> &'static str {
        match self {
            TriggerKind::Outage => "outage",
            TriggerKind::Spike => "spike",
        }
    }

    /// Reads [`as_str`](Self::as_str) back.
    pub fn parse(s: &str) -> Option<TriggerKind> {
        TriggerKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The name the page shows.
    pub fn label(self) -> &'static str {
        match self {
            TriggerKind::Outage => "Outage (the server stops serving)",
            TriggerKind::Spike => "Spike (extra first tries)",
        }
    }
}

/// The trigger: what, when and for how long.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Trigger {
    /// Outage or spike.
    pub kind: TriggerKind,
    /// When it starts, s.
    pub at_s: f64,
    /// How long it lasts, s.
    pub length_s: f64,
    /// A spike's extra first tries, percent of the usual rate.
    pub spike_percent: f64,
}

impl Trigger {
    /// When it ends, s.
    pub fn end_s(&self) -> f64 {
        self.at_s + self.length_s
    }
}

impl Default for Trigger {
    fn default() -> Self {
        Trigger {
            kind: TriggerKind::Outage,
            at_s: DEFAULT_TRIGGER_AT_S as f64,
            length_s: DEFAULT_TRIGGER_S as f64,
            spike_percent: DEFAULT_SPIKE_PERCENT as f64,
        }
    }
}

/// Everything a load run depends on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoadConfig {
    /// Clients; each has its own budget.
    pub clients: u32,
    /// First tries per second, all clients together (Poisson).
    pub rate: f64,
    /// Calls the server serves per second, one at a time, first come
    /// first served.
    pub capacity: f64,
    /// An attempt not answered within this fails, ms.
    pub timeout_ms: f64,
    /// What starts it.
    pub trigger: Trigger,
    /// The retry policy: backoff, jitter, max retries.
    pub policy: Policy,
    /// The budget every client keeps.
    pub budget: Budget,
    /// The page's seed.
    pub seed: u64,
    /// Simulated seconds.
    pub duration_s: u32,
}

impl Default for LoadConfig {
    fn default() -> Self {
        LoadConfig {
            clients: DEFAULT_CLIENTS,
            rate: DEFAULT_RATE as f64,
            capacity: DEFAULT_CAPACITY as f64,
            timeout_ms: DEFAULT_TIMEOUT_MS as f64,
            trigger: Trigger::default(),
            policy: Policy::default(),
            budget: Budget::None,
            seed: 0,
            duration_s: DURATION_S,
        }
    }
}

/// Why a run was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadError {
    /// A number outside its field's range: the field's name and the range.
    Range(&'static str, f64, f64),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Range(name, lo, hi) => write!(
                f,
                "{name} must be from {} to {}.",
                format::thousands(*lo as u64),
                format::thousands(*hi as u64)
            ),
        }
    }
}

impl std::error::Error for LoadError {}

impl LoadConfig {
    /// Checks every number against its field's range.
    pub fn check(&self) -> Result<(), LoadError> {
        let within = |name, v: f64, lo: u32, hi: u32| {
            if v.is_finite() && v >= lo as f64 && v <= hi as f64 {
                Ok(())
            } else {
                Err(LoadError::Range(name, lo as f64, hi as f64))
            }
        };
        within("Clients", self.clients as f64, 1, MAX_CLIENTS)?;
        within("Calls per second", self.rate, 1, MAX_RATE)?;
        within("Capacity", self.capacity, 1, MAX_CAPACITY)?;
        within("Attempt timeout", self.timeout_ms, 1, MAX_TIMEOUT_MS)?;
        within("Trigger start", self.trigger.at_s, 0, self.duration_s)?;
        within("Trigger length", self.trigger.length_s, 0, MAX_TRIGGER_S)?;
        within("Spike", self.trigger.spike_percent, 0, MAX_SPIKE_PERCENT)?;
        within("Seconds", self.duration_s as f64, 1, 600)?;
        Ok(())
    }

    /// The same clients with the server failing every attempt for the
    /// whole run: the setting of the amplification at 100 % failure.
    pub fn at_total_failure(&self) -> LoadConfig {
        LoadConfig {
            trigger: Trigger {
                kind: TriggerKind::Outage,
                at_s: 0.0,
                length_s: self.duration_s as f64,
                spike_percent: 0.0,
            },
            ..*self
        }
    }
}

/// A whole-number field of the load section: text to a number in
/// `min..=max`, with the page's messages.
pub fn parse_field(text: &str, min: u32, max: u32) -> Result<u32, InputError> {
    policy::parse_whole(text, min as u64, max as u64).map(|n| n as u32)
}

use super::budget::Param;

/// The section's number fields, in the page's order: label, element id,
/// default and range. The page, the manifest and the tests read them.
pub const FIELDS: [Param; 7] = [
    Param {
        label: "Calling clients",
        id: "load-clients",
        default: DEFAULT_CLIENTS as f64,
        min: 1.0,
        max: MAX_CLIENTS as f64,
        whole: true,
    },
    Param {
        label: "Calls per second",
        id: "load-rate",
        default: DEFAULT_RATE as f64,
        min: 1.0,
        max: MAX_RATE as f64,
        whole: true,
    },
    Param {
        label: "Capacity (calls/s)",
        id: "load-capacity",
        default: DEFAULT_CAPACITY as f64,
        min: 1.0,
        max: MAX_CAPACITY as f64,
        whole: true,
    },
    Param {
        label: "Timeout per attempt (ms)",
        id: "load-timeout",
        default: DEFAULT_TIMEOUT_MS as f64,
        min: 1.0,
        max: MAX_TIMEOUT_MS as f64,
        whole: true,
    },
    Param {
        label: "Trigger at (s)",
        id: "load-at",
        default: DEFAULT_TRIGGER_AT_S as f64,
        min: 0.0,
        max: DURATION_S as f64,
        whole: true,
    },
    Param {
        label: "Trigger length (s)",
        id: "load-length",
        default: DEFAULT_TRIGGER_S as f64,
        min: 0.0,
        max: MAX_TRIGGER_S as f64,
        whole: true,
    },
    Param {
        label: "Spike (% more calls)",
        id: "load-spike",
        default: DEFAULT_SPIKE_PERCENT as f64,
        min: 0.0,
        max: MAX_SPIKE_PERCENT as f64,
        whole: true,
    },
];

impl LoadConfig {
    /// A setting from the [`FIELDS`]' values in their order, the trigger's
    /// kind, the budget, the policy and the seed.
    pub fn from_fields(
        v: [f64; 7],
        kind: TriggerKind,
        budget: Budget,
        policy: Policy,
        seed: u64,
    ) -> LoadConfig {
        LoadConfig {
            clients: v[0] as u32,
            rate: v[1],
            capacity: v[2],
            timeout_ms: v[3],
            trigger: Trigger {
                kind,
                at_s: v[4],
                length_s: v[5],
                spike_percent: v[6],
            },
            policy,
            budget,
            seed,
            duration_s: DURATION_S,
        }
    }
}
