//! Every input of the page, declared once.
//!
//! A text field ([`TextInput`]) names its visible label, element id, hint,
//! link parameter, how its text is read and where its value sits in the
//! share link's [`State`]; a chosen value ([`Setting`]: a select, a
//! checkbox, the seed) names its link parameter and spelling. The form,
//! the share link ([`super::share`]), the stale note and the page's
//! state all read these, so adding an input is: a field of [`State`], a
//! constant here, and its line in [`PARAMS`].

use super::library::{Configured, LibId};
use super::policy::{
    parse_attempt_timeout, parse_deadline, parse_delay, parse_factor, parse_multiplier,
    parse_optional_delay, parse_retries, CapOrder, Jitter, Proportional,
    DEFAULT_ATTEMPT_TIMEOUT_MS,
};
use super::retry_after::DEFAULT_MAX_WAIT_MS;
use super::share::State;
use super::sim;
use super::snippets::Lang;

mod kinds;

pub use kinds::{link_reason, Param, Setting, Text, TextInput};

fn always(_: &State) -> bool {
    true
}

/// The factors are in the link with proportional jitter, and whenever one
/// differs from its default: the mode comparison always shows the
/// proportional mode with the current factors, so a link must carry them
/// to show the same comparison.
fn factor_in_link(state: &State, differs: fn(&Proportional) -> bool) -> bool {
    state.policy.jitter == Jitter::Proportional || differs(&state.policy.proportional)
}

/// "use a, b or c." for a refused spelling.
fn use_one_of(spellings: impl IntoIterator<Item = &'static str>) -> String {
    let all: Vec<&str> = spellings.into_iter().collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("use {} or {last}.", rest.join(", ")),
        _ => format!("use {}.", all.join("")),
    }
}

fn read_flag(value: &str) -> Result<bool, String> {
    match value {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err("use 1 or 0.".into()),
    }
}

fn write_flag(value: &bool) -> Option<String> {
    Some(u8::from(*value).to_string())
}

/// `Base delay (ms)`.
pub const BASE: TextInput<u64> = TextInput {
    label: "Base delay (ms)",
    id: "base",
    hint: Some("What retry 1 waits before jitter."),
    decimal: false,
    key: "base",
    parse: parse_delay,
    get: |s| s.policy.base_ms,
    set: |s, v| s.policy.base_ms = v,
    in_link: always,
};

/// `Multiplier`.
pub const MULTIPLIER: TextInput<f64> = TextInput {
    label: "Multiplier",
    id: "multiplier",
    hint: Some("1 to 10; 1 keeps the delay constant."),
    decimal: true,
    key: "multiplier",
    parse: parse_multiplier,
    get: |s| s.policy.multiplier,
    set: |s, v| s.policy.multiplier = v,
    in_link: always,
};

/// The Multiplier's hint when the jitter mode does not use it.
pub const MULTIPLIER_UNUSED: &str = "Not used by decorrelated jitter.";

/// `Max delay (ms)`: the cap.
pub const CAP: TextInput<u64> = TextInput {
    label: "Max delay (ms)",
    id: "cap",
    hint: Some("No single wait goes above this."),
    decimal: false,
    key: "cap",
    parse: parse_delay,
    get: |s| s.policy.cap_ms,
    set: |s, v| s.policy.cap_ms = v,
    in_link: always,
};

/// `Max retries`.
pub const RETRIES: TextInput<u32> = TextInput {
    label: "Max retries",
    id: "retries",
    hint: Some("Retries after the first attempt, up to 1,000."),
    decimal: false,
    key: "retries",
    parse: parse_retries,
    get: |s| s.policy.max_retries,
    set: |s, v| s.policy.max_retries = v,
    in_link: always,
};

/// `Jitter`.
pub const JITTER: Setting<Jitter> = Setting {
    key: "jitter",
    read: |v| Jitter::parse(v).ok_or_else(|| use_one_of(Jitter::ALL.map(Jitter::as_str))),
    write: |j| Some(j.as_str().to_string()),
    get: |s| s.policy.jitter,
    set: |s, v| s.policy.jitter = v,
    in_link: always,
};

/// `Low factor` of proportional jitter. The two factors are checked as a
/// pair after both are read ([`super::policy::Proportional::check`]).
pub const LOW_FACTOR: TextInput<f64> = TextInput {
    label: "Low factor",
    id: "lo",
    hint: None,
    decimal: true,
    key: "lo",
    parse: parse_factor,
    get: |s| s.policy.proportional.lo,
    set: |s, v| s.policy.proportional.lo = v,
    in_link: |s| factor_in_link(s, |p| p.lo != Proportional::GRPC.lo),
};

/// `High factor` of proportional jitter.
pub const HIGH_FACTOR: TextInput<f64> = TextInput {
    label: "High factor",
    id: "hi",
    hint: None,
    decimal: true,
    key: "hi",
    parse: parse_factor,
    get: |s| s.policy.proportional.hi,
    set: |s, v| s.policy.proportional.hi = v,
    in_link: |s| factor_in_link(s, |p| p.hi != Proportional::GRPC.hi),
};

/// `Cap applies`, in the link as `capafter=1` (after the factor) or `0`.
pub const CAP_ORDER: Setting<CapOrder> = Setting {
    key: "capafter",
    read: |v| {
        read_flag(v).map(|after| {
            if after {
                CapOrder::After
            } else {
                CapOrder::Before
            }
        })
    },
    write: |c| write_flag(&(*c == CapOrder::After)),
    get: |s| s.policy.proportional.cap,
    set: |s, v| s.policy.proportional.cap = v,
    in_link: |s| factor_in_link(s, |p| p.cap != Proportional::GRPC.cap),
};

/// The seed of the sample.
pub const SEED: Setting<u64> = Setting {
    key: "seed",
    read: |v| {
        v.parse::<u64>()
            .map_err(|_| "use a whole number from 0 to 18446744073709551615.".into())
    },
    write: |s| Some(s.to_string()),
    get: |s| s.seed,
    set: |s, v| s.seed = v,
    in_link: always,
};

/// `Honor Retry-After`.
pub const HONOR: Setting<bool> = Setting {
    key: "honor",
    read: read_flag,
    write: write_flag,
    get: |s| s.honor,
    set: |s, v| s.honor = v,
    in_link: always,
};

/// The code tab.
pub const LANG: Setting<Lang> = Setting {
    key: "lang",
    read: |v| Lang::parse(v).ok_or_else(|| use_one_of(Lang::ALL.map(Lang::as_str))),
    write: |l| Some(l.as_str().to_string()),
    get: |s| s.lang,
    set: |s, v| s.lang = v,
    in_link: always,
};

/// `Max Retry-After (ms)`: empty to follow the deadline (see
/// [`retry_after_max`]), and then left out of the link.
pub const RETRY_AFTER_MAX: TextInput<Option<u64>> = TextInput {
    label: "Max Retry-After (ms)",
    id: "retry-after-max",
    hint: Some("The longest wait a header may impose. Empty: the deadline, or 600,000 ms."),
    decimal: false,
    key: "ramax",
    parse: parse_optional_delay,
    get: |s| s.retry_after_max_ms,
    set: |s, v| s.retry_after_max_ms = v,
    in_link: always,
};

/// The Retry-After maximum in force: the one set, else the deadline (a
/// server's wait past it could never be honoured), else
/// [`DEFAULT_MAX_WAIT_MS`], whichever is lower.
pub fn retry_after_max(set: Option<u64>, deadline_ms: Option<u64>) -> u64 {
    set.unwrap_or_else(|| deadline_ms.map_or(DEFAULT_MAX_WAIT_MS, |d| d.min(DEFAULT_MAX_WAIT_MS)))
}

/// `Deadline (ms)`: empty for none, and then left out of the link.
pub const DEADLINE: TextInput<Option<u64>> = TextInput {
    label: "Deadline (ms)",
    id: "deadline",
    hint: Some("Optional: the caller's total time budget for the waits."),
    decimal: false,
    key: "deadline",
    parse: parse_deadline,
    get: |s| s.deadline_ms,
    set: |s, v| s.deadline_ms = v,
    in_link: always,
};

/// A server's wait applied in place of one retry, `RETRY:WAIT_MS`.
pub const SERVER_WAIT: Setting<Option<(u32, u64)>> = Setting {
    key: "serverwait",
    read: |v| parse_server_wait(v).map(Some),
    write: |w| w.map(|(retry, wait)| format!("{retry}:{wait}")),
    get: |s| s.server_wait,
    set: |s, v| s.server_wait = v,
    in_link: always,
};

/// `Idempotency-Key header`.
pub const IDEM: Setting<bool> = Setting {
    key: "idem",
    read: read_flag,
    write: write_flag,
    get: |s| s.idem,
    set: |s, v| s.idem = v,
    in_link: always,
};

/// `Retry budget`: whether the generated code shares a token bucket
/// between its calls. Only when on: links made before it existed stay as
/// they were.
pub const BUDGET: Setting<bool> = Setting {
    key: "budget",
    read: read_flag,
    write: write_flag,
    get: |s| s.retry_budget,
    set: |s, v| s.retry_budget = v,
    in_link: |s| s.retry_budget,
};

/// `Attempt timeout (ms)`: how long each attempt of the generated code may
/// take.
pub const ATTEMPT_TIMEOUT: TextInput<u64> = TextInput {
    label: "Attempt timeout (ms)",
    id: "attempt-timeout",
    hint: Some("Each attempt's limit; the deadline cuts the last ones shorter."),
    decimal: false,
    key: "timeout",
    parse: parse_attempt_timeout,
    get: |s| s.attempt_timeout_ms,
    set: |s, v| s.attempt_timeout_ms = v,
    // Only when changed: links made before it existed stay as they were.
    in_link: |s| s.attempt_timeout_ms != DEFAULT_ATTEMPT_TIMEOUT_MS,
};

/// How a link spells "no library": the page's own policy.
pub const PAGE_MODEL: &str = "page";

fn read_lib(value: &str) -> Result<LibId, String> {
    LibId::parse(value).ok_or_else(|| "use a library id, like urllib3 or p-retry.".to_string())
}

/// The `Model` select: `lib=urllib3`, its parameters as `lib.<name>=`
/// (see [`super::share::encode`]); absent for the page's own policy.
pub const LIB: Setting<Option<LibId>> = Setting {
    key: "lib",
    read: |v| match v {
        PAGE_MODEL => Ok(None),
        _ => read_lib(v).map(Some),
    },
    write: |l| l.map(|l| l.id().to_string()),
    get: |s| s.library.as_ref().map(|c| c.lib),
    set: |s, v| {
        if s.library.as_ref().map(|c| c.lib) != v {
            s.library = v.map(Configured::defaults);
        }
    },
    in_link: always,
};

/// The `Library` select: the library the page's policy is written for.
pub const TO: Setting<Option<LibId>> = Setting {
    key: "to",
    read: |v| read_lib(v).map(Some),
    write: |l| l.map(|l| l.id().to_string()),
    get: |s| s.to,
    set: |s, v| s.to = v,
    in_link: always,
};

/// `Clients` of the contention simulation.
pub const SIM_CLIENTS: TextInput<u32> = TextInput {
    label: "Clients",
    id: "sim-clients",
    hint: Some("1 to 1,000."),
    decimal: false,
    key: "simclients",
    parse: sim::parse_clients,
    get: |s| s.sim_clients,
    set: |s, v| s.sim_clients = v,
    in_link: always,
};

/// `Runs` of the contention simulation.
pub const SIM_RUNS: TextInput<u32> = TextInput {
    label: "Runs",
    id: "sim-runs",
    hint: Some("1 to 1,000 per figure."),
    decimal: false,
    key: "simruns",
    parse: sim::parse_runs,
    get: |s| s.sim_runs,
    set: |s, v| s.sim_runs = v,
    in_link: always,
};

/// Every link parameter, in the order the link writes them.
pub static PARAMS: [&dyn Param; 21] = [
    &BASE,
    &MULTIPLIER,
    &CAP,
    &RETRIES,
    &JITTER,
    &LOW_FACTOR,
    &HIGH_FACTOR,
    &CAP_ORDER,
    &SEED,
    &HONOR,
    &LANG,
    &RETRY_AFTER_MAX,
    &DEADLINE,
    &SERVER_WAIT,
    &IDEM,
    &ATTEMPT_TIMEOUT,
    &BUDGET,
    &SIM_CLIENTS,
    &SIM_RUNS,
    &LIB,
    &TO,
];

/// `RETRY:WAIT_MS`, for example `2:120000`.
fn parse_server_wait(value: &str) -> Result<(u32, u64), String> {
    let usage = || "use RETRY:WAIT_MS, like 2:120000.".to_string();
    let (retry, wait) = value.split_once(':').ok_or_else(usage)?;
    let retry = parse_retries(retry).map_err(|_| usage())?;
    let wait = parse_delay(wait).map_err(|_| usage())?;
    if retry == 0 {
        return Err(usage());
    }
    Ok((retry, wait))
}

#[cfg(test)]
mod tests;
