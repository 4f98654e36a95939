//! What a library declares as data: its language, its counting, its
//! `Retry-After` rule, its [`Info`] and the [`Source`] it was read from.
//! The first screen reads these (through [`super::infos`]), never a model.
//!
//! Its module is declared in `mod.rs` where these items stood when that
//! file held them, and the [`Model`](super::Model) trait and the table of
//! the libraries stay there: the compiler lays out functions in an order
//! that follows the items' places and paths, and the first screen's wasm
//! felt it under gzip. Moving those two out as well cost the critical path
//! 60 to 80 B (`tests/e2e/size.test.mjs`); this file alone, under 6 B.

use super::{Param, Values};

/// The language a library's config is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// Python.
    Python,
    /// C#.
    CSharp,
    /// Java (annotations or builders).
    Java,
    /// YAML (Envoy, Spring properties).
    Yaml,
    /// JSON (gRPC service config).
    Json,
    /// Go.
    Go,
    /// JavaScript.
    JavaScript,
    /// Rust.
    Rust,
}

/// What the count parameter counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Retries: the first call is not counted.
    Retries,
    /// Attempts: the first call is counted.
    Attempts,
    /// No count: only a time budget ends the retries.
    Unlimited,
}

/// How a library counts, and whether its first retry waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counting {
    /// The parameter that bounds the count, if any.
    pub param: Option<&'static str>,
    /// What that parameter counts.
    pub counts: Counts,
    /// Whether the sleep before retry 1 can be non-zero.
    pub first_retry_waits: bool,
    /// The parameter holding a time budget, if the library has one.
    pub budget_param: Option<&'static str>,
}

impl Counting {
    /// A count of attempts in `param`, the first retry waiting, no budget:
    /// most libraries, declared alike.
    pub const fn attempts(param: &'static str) -> Counting {
        Counting {
            param: Some(param),
            counts: Counts::Attempts,
            first_retry_waits: true,
            budget_param: None,
        }
    }

    /// A count of retries in `param`, the first retry waiting, no budget.
    pub const fn retries_in(param: &'static str) -> Counting {
        Counting {
            param: Some(param),
            counts: Counts::Retries,
            first_retry_waits: true,
            budget_param: None,
        }
    }

    /// The same counting, with the time budget in `param`.
    pub const fn with_budget(mut self, param: &'static str) -> Counting {
        self.budget_param = Some(param);
        self
    }

    /// The retries the count parameter allows in `v`: its value, less the
    /// first call when it counts attempts; `None` with no count, or a count
    /// of "none".
    pub fn retries(&self, v: &Values) -> Option<u32> {
        let n = v.get(self.param?);
        if !n.is_finite() {
            return None;
        }
        Some(match self.counts {
            Counts::Attempts => (n as u32).saturating_sub(1),
            _ => n as u32,
        })
    }
}

/// How a server's wait combines with the computed delay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// The library ignores the server's wait.
    Ignored,
    /// The server's wait replaces the delay.
    Replaces,
    /// The delay is at least the server's wait (then any jitter on top).
    AtLeast,
    /// The server's wait is kept between the delay and the delay plus
    /// `extra_ms`.
    Between {
        /// How far past the computed delay the server may push the sleep.
        extra_ms: u64,
    },
}

/// What a library does with a server's `Retry-After`, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryAfterRule {
    /// How the server's wait is used.
    pub combine: Combine,
    /// The header(s) read.
    pub headers: &'static [&'static str],
    /// The statuses for which it is read (empty: any retried response).
    pub statuses: &'static [u16],
    /// The parameter bounding the server's wait, if any.
    pub max_param: Option<&'static str>,
    /// Whether a wait of 0 (or a past date) falls back to the backoff.
    pub zero_falls_back: bool,
    /// Whether the computed backoff's cap also bounds the server's wait.
    pub capped_by_backoff_max: bool,
    /// The parameter that turns it off, if any.
    pub switch_param: Option<&'static str>,
}

impl Combine {
    /// The sleep when the computed delay is `delay_ms` and the server asked
    /// for `wait_ms`.
    pub fn apply(self, delay_ms: f64, wait_ms: f64) -> f64 {
        match self {
            Combine::Ignored => delay_ms,
            Combine::Replaces => wait_ms,
            Combine::AtLeast => delay_ms.max(wait_ms),
            Combine::Between { extra_ms } => {
                crate::core::clamp(wait_ms, delay_ms, delay_ms + extra_ms as f64)
            }
        }
    }
}

impl RetryAfterRule {
    /// The rule of a library that has no `Retry-After` handling.
    pub const IGNORED: RetryAfterRule = RetryAfterRule {
        combine: Combine::Ignored,
        headers: &[],
        statuses: &[],
        max_param: None,
        zero_falls_back: false,
        capped_by_backoff_max: false,
        switch_param: None,
    };
}

/// What a model declares once: who it is, where it was read, its
/// parameters, its counting and its `Retry-After` rule.
#[derive(Debug)]
pub struct Info {
    /// Stable id (`urllib3`, `p-retry`, …).
    pub id: &'static str,
    /// The library and the object configured.
    pub name: &'static str,
    /// The config's language.
    pub language: Language,
    /// The parameters, with the library's names.
    pub params: &'static [Param],
    /// How it counts.
    pub counting: Counting,
    /// What it does with a server's wait.
    pub retry_after: RetryAfterRule,
}

/// Where a model was read: the release and a link to the file at that
/// release. Reached from the [`Model`](super::Model)
/// ([`Model::source`](super::Model::source)), not from its [`Info`]: only
/// the notes cite it, so it loads with the models.
#[derive(Debug)]
pub struct Source {
    /// The release the model was read from.
    pub release: &'static str,
    /// Link to that file at that release (or at a pinned commit).
    pub url: &'static str,
}

impl Source {
    /// The file holding the delay code: `url`'s path after its release
    /// (written once, in the link).
    pub fn file(&self) -> &'static str {
        let path = self.url.split_once("/blob/").map_or(self.url, |(_, p)| p);
        path.split_once('/').map_or(path, |(_, file)| file)
    }
}
