//! A server with a capacity, clients that retry, and retry budgets: the
//! load model, where retries can keep a server down after a short
//! trouble has passed.
//!
//! # The model
//!
//! `N` clients send first tries, all together a Poisson stream of `rate`
//! calls per second, each call going to a client drawn at random. The
//! server serves one call every `1 / capacity` s, first come first
//! served, and queues the rest, so the time a call spends in it grows
//! with the queue. An attempt the server has not finished within the
//! attempt timeout fails at that timeout; the server still serves it
//! later (it cannot know the client gave up), which is wasted work. A
//! failed attempt is retried by the page's policy (backoff, jitter, max
//! retries), or as a chosen library's seeded runs wait ([`Retries`]), if
//! the client's retry budget lets it. The trouble starts with
//! a trigger: an outage (the server serves nothing for a while; calls
//! wait) or a spike (more first tries for a while).
//!
//! This is the failure that Bronson et al. call metastable ("Metastable
//! Failures in Distributed Systems", HotOS 2021; Huang et al.,
//! "Metastable Failures in the Wild", OSDI 2022): once the queue makes
//! every attempt time out, retries add more load than the server can
//! serve, and the system stays down after the trigger is gone.
//!
//! # What a run says
//!
//! Per simulated second: first tries and retries sent, attempts that
//! succeeded (goodput) and timed out, calls served and wasted, mean time
//! in the server, the queue at the second's end. A second is healthy when
//! at least 95 % of the attempts ending in it succeeded; the system came
//! back at the first second from which every second to the end is
//! healthy, or stayed down (see [`Verdict`]).
//!
//! # Randomness
//!
//! One SplitMix64 stream per run ([`random::Stream`]), seeded by the
//! page's seed; the order of draws is fixed (an arrival draws its client
//! then the gap to the next arrival; a retry draws its sleep), so the
//! Python reference `scripts/load_reference.py` makes the same run.
//!
//! # Files
//!
//! `config.rs` the fields and [`LoadConfig`]; `budget/` the budgets and
//! their token arithmetic; `random.rs` the stream; `retries.rs` whose
//! waits the clients follow (the page's policy or a library's runs);
//! `run.rs` one run;
//! `series.rs` its seconds and verdict; `study.rs` every budget for one
//! setting; `words.rs` the verdict in words; `chart.rs` the time axis as
//! markup.

pub mod budget;
pub mod chart;
mod config;
pub mod random;
mod retries;
mod run;
mod series;
mod study;
mod words;

pub use budget::{Budget, BudgetKind, Failure, Param, Tokens};
pub use config::{
    parse_field, LoadConfig, LoadError, Trigger, TriggerKind, DEFAULT_CAPACITY, DEFAULT_CLIENTS,
    DEFAULT_RATE, DEFAULT_SPIKE_PERCENT, DEFAULT_TIMEOUT_MS, DEFAULT_TRIGGER_AT_S,
    DEFAULT_TRIGGER_S, DURATION_S, FIELDS, MAX_CAPACITY, MAX_CLIENTS, MAX_RATE, MAX_SPIKE_PERCENT,
    MAX_TIMEOUT_MS, MAX_TRIGGER_S,
};
pub use retries::Retries;
pub use run::Run;
pub use series::{Second, Series, Verdict, HEALTHY_SHARE};
pub use study::{BudgetResult, Study, StudyResult, FAILURE_SALT, TRIGGER_SALT};
pub use words::{
    amplification_text, budget_rows_html, recovery_text, retries_line, second_rows_html,
    study_markdown, verdict_sentence, LOAD_NOT_RUN,
};
