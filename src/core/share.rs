//! The share link: the page's whole state in its URL query.
//!
//! Parameters: `base`, `multiplier`, `cap`, `retries`, `jitter`, `lo`, `hi`,
//! `capafter` (proportional jitter), `seed`, `honor`, `lang`, `ramax`,
//! `deadline`, `serverwait` (`RETRY:WAIT_MS`), `idem` (the Idempotency-Key
//! option) and `simclients`, `simruns` (the contention simulation). [`encode`] always writes
//! every parameter, so a copied link reproduces the exact sample. [`decode`] takes what it can: a missing
//! parameter keeps its default, an invalid one is ignored and reported as a
//! [`Notice`] for the page to show. Unknown parameters are left alone.

use std::fmt;

use super::policy::{
    parse_delay, parse_factor, parse_multiplier, parse_retries, parse_whole, CapOrder, InputError,
    Jitter, Policy, MAX_DELAY_MS,
};
use super::sim;

/// The `lang` values, in tab order.
pub const LANGS: [&str; 6] = ["js", "ts", "py", "go", "sh", "rs"];

/// Default Retry-After maximum: 10 minutes.
pub const DEFAULT_RETRY_AFTER_MAX_MS: u64 = 600_000;

/// Everything a link carries.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The retry policy.
    pub policy: Policy,
    /// Seed of the sample.
    pub seed: u64,
    /// Whether generated code honours Retry-After.
    pub honor: bool,
    /// Chosen code tab, one of [`LANGS`].
    pub lang: &'static str,
    /// Longest Retry-After wait accepted, ms.
    pub retry_after_max_ms: u64,
    /// The caller's deadline, ms, if set.
    pub deadline_ms: Option<u64>,
    /// A server's Retry-After wait put in place of one retry's delay:
    /// `(retry, wait_ms)`.
    pub server_wait: Option<(u32, u64)>,
    /// Whether generated code sends an `Idempotency-Key` header.
    pub idem: bool,
    /// Clients in the contention simulation (the largest of its sweep).
    pub sim_clients: u32,
    /// Runs per figure in the contention simulation.
    pub sim_runs: u32,
}

impl State {
    /// The defaults, with the given seed.
    pub fn with_seed(seed: u64) -> State {
        State {
            policy: Policy::default(),
            seed,
            honor: true,
            lang: LANGS[0],
            retry_after_max_ms: DEFAULT_RETRY_AFTER_MAX_MS,
            deadline_ms: None,
            server_wait: None,
            idem: false,
            sim_clients: sim::DEFAULT_CLIENTS,
            sim_runs: sim::DEFAULT_RUNS,
        }
    }
}

/// A parameter that was present but could not be used.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// The parameter's name.
    pub key: String,
    /// Its value as found in the link.
    pub value: String,
    /// Why it was ignored.
    pub reason: String,
}

/// How much of a refused key or value a notice quotes: enough to
/// recognise it, never so much that a huge link floods the page.
pub const NOTICE_QUOTE_CHARS: usize = 40;

/// The first [`NOTICE_QUOTE_CHARS`] characters of `text`, with `…` when cut.
fn quote(text: &str) -> String {
    match text.char_indices().nth(NOTICE_QUOTE_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Ignored {}={:?} from the link: {}",
            quote(&self.key),
            quote(&self.value),
            self.reason
        )
    }
}

/// Writes the query string (without `?`) for `state`.
pub fn encode(state: &State) -> String {
    let p = &state.policy;
    let mut out = format!(
        "base={}&multiplier={}&cap={}&retries={}&jitter={}",
        p.base_ms,
        p.multiplier,
        p.cap_ms,
        p.max_retries,
        p.jitter.as_str()
    );
    if p.jitter == Jitter::Proportional {
        let pr = &p.proportional;
        let after = u8::from(pr.cap == CapOrder::After);
        out.push_str(&format!("&lo={}&hi={}&capafter={after}", pr.lo, pr.hi));
    }
    out.push_str(&format!(
        "&seed={}&honor={}&lang={}&ramax={}",
        state.seed,
        u8::from(state.honor),
        state.lang,
        state.retry_after_max_ms
    ));
    if let Some(d) = state.deadline_ms {
        out.push_str(&format!("&deadline={d}"));
    }
    if let Some((retry, wait)) = state.server_wait {
        out.push_str(&format!("&serverwait={retry}:{wait}"));
    }
    out.push_str(&format!(
        "&idem={}&simclients={}&simruns={}",
        u8::from(state.idem),
        state.sim_clients,
        state.sim_runs
    ));
    out
}

/// Reads a query string (with or without the leading `?`) over `defaults`.
pub fn decode(query: &str, defaults: State) -> (State, Vec<Notice>) {
    let mut state = defaults;
    let mut notices = Vec::new();
    let mut proportional = state.policy.proportional;
    for (key, value) in parse_query(query) {
        let outcome: Result<(), String> = match key.as_str() {
            "base" => parse_delay(&value)
                .map(|v| state.policy.base_ms = v)
                .map_err(reason),
            "multiplier" => parse_multiplier(&value)
                .map(|v| state.policy.multiplier = v)
                .map_err(reason),
            "cap" => parse_delay(&value)
                .map(|v| state.policy.cap_ms = v)
                .map_err(reason),
            "retries" => parse_retries(&value)
                .map(|v| state.policy.max_retries = v)
                .map_err(reason),
            "jitter" => Jitter::parse(&value)
                .map(|j| state.policy.jitter = j)
                .ok_or_else(|| "use none, full, equal, decorrelated or proportional.".into()),
            "lo" => parse_factor(&value)
                .map(|v| proportional.lo = v)
                .map_err(reason),
            "hi" => parse_factor(&value)
                .map(|v| proportional.hi = v)
                .map_err(reason),
            "capafter" => parse_flag(&value).map(|after| {
                proportional.cap = if after {
                    CapOrder::After
                } else {
                    CapOrder::Before
                }
            }),
            "seed" => value
                .parse::<u64>()
                .map(|s| state.seed = s)
                .map_err(|_| "use a whole number from 0 to 18446744073709551615.".into()),
            "honor" => parse_flag(&value).map(|h| state.honor = h),
            "lang" => LANGS
                .iter()
                .find(|l| **l == value)
                .map(|l| state.lang = l)
                .ok_or_else(|| format!("use one of {}.", LANGS.join(", "))),
            "ramax" => parse_delay(&value)
                .map(|v| state.retry_after_max_ms = v)
                .map_err(reason),
            "deadline" => parse_whole(&value, 0, MAX_DELAY_MS)
                .map(|v| state.deadline_ms = Some(v))
                .map_err(reason),
            "serverwait" => parse_server_wait(&value).map(|w| state.server_wait = Some(w)),
            "idem" => parse_flag(&value).map(|i| state.idem = i),
            "simclients" => sim::parse_clients(&value)
                .map(|v| state.sim_clients = v)
                .map_err(reason),
            "simruns" => sim::parse_runs(&value)
                .map(|v| state.sim_runs = v)
                .map_err(reason),
            _ => Ok(()),
        };
        if let Err(reason) = outcome {
            notices.push(Notice { key, value, reason });
        }
    }
    match proportional.check() {
        Ok(()) => state.policy.proportional = proportional,
        Err(e) => notices.push(Notice {
            key: "lo".into(),
            value: format!("{}, hi={}", proportional.lo, proportional.hi),
            reason: reason(e),
        }),
    }
    (state, notices)
}

fn reason(e: InputError) -> String {
    let text = e.to_string();
    // "Enter a number." reads oddly for a link; keep the words, drop "Enter".
    match text.strip_prefix("Enter ") {
        Some(rest) => format!("expected {rest}"),
        None => text,
    }
}

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

fn parse_flag(value: &str) -> Result<bool, String> {
    match value {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err("use 1 or 0.".into()),
    }
}

/// Splits a query into decoded `(key, value)` pairs: `&`-separated,
/// `+` as space, `%XX` escapes; malformed escapes are kept as written.
pub fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::policy::Proportional;

    #[test]
    fn defaults_round_trip() {
        let state = State::with_seed(42);
        let query = encode(&state);
        assert_eq!(
            query,
            "base=1000&multiplier=2&cap=32000&retries=5&jitter=full&seed=42&honor=1&lang=js&ramax=600000\
             &idem=0&simclients=50&simruns=100"
        );
        assert_eq!(decode(&query, State::with_seed(0)), (state, vec![]));
    }

    #[test]
    fn every_parameter_round_trips() {
        let mut state = State::with_seed(u64::MAX);
        state.policy = Policy {
            base_ms: 250,
            multiplier: 1.6,
            cap_ms: 120_000,
            max_retries: 1000,
            jitter: Jitter::Proportional,
            proportional: Proportional {
                lo: 0.5,
                hi: 1.5,
                cap: CapOrder::After,
            },
        };
        state.honor = false;
        state.lang = "rs";
        state.idem = true;
        state.sim_clients = 1000;
        state.sim_runs = 1;
        state.retry_after_max_ms = 30_000;
        state.deadline_ms = Some(60_000);
        state.server_wait = Some((3, 120_000));
        let query = encode(&state);
        assert_eq!(
            decode(&format!("?{query}"), State::with_seed(1)),
            (state, vec![])
        );
    }

    #[test]
    fn bad_parameters_are_ignored_with_a_notice() {
        let (state, notices) = decode(
            "base=abc&multiplier=11&retries=1.5&jitter=wild&seed=-1&honor=yes&lang=cobol&cap=500&utm=x&serverwait=0:5",
            State::with_seed(7),
        );
        let mut expected = State::with_seed(7);
        expected.policy.cap_ms = 500;
        assert_eq!(state, expected);
        let keys: Vec<&str> = notices.iter().map(|n| n.key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "base",
                "multiplier",
                "retries",
                "jitter",
                "seed",
                "honor",
                "lang",
                "serverwait"
            ]
        );
        assert_eq!(
            notices[0].to_string(),
            "Ignored base=\"abc\" from the link: expected a number, like 1000."
        );
    }

    #[test]
    fn simulation_and_idempotency_parameters_are_checked() {
        let (state, notices) = decode("idem=2&simclients=0&simruns=1001", State::with_seed(1));
        assert_eq!(state, State::with_seed(1));
        let keys: Vec<&str> = notices.iter().map(|n| n.key.as_str()).collect();
        assert_eq!(keys, ["idem", "simclients", "simruns"]);
        let (state, notices) = decode("idem=1&simclients=7&simruns=3", State::with_seed(1));
        assert!(notices.is_empty());
        assert_eq!(
            (state.idem, state.sim_clients, state.sim_runs),
            (true, 7, 3)
        );
    }

    #[test]
    fn a_notice_quotes_only_a_short_prefix() {
        let huge = "x".repeat(100_000);
        let (_, notices) = decode(&format!("base={huge}"), State::with_seed(1));
        let text = notices[0].to_string();
        assert!(text.len() < 200, "{} characters", text.len());
        assert!(text.contains(&format!("\"{}…\"", "x".repeat(NOTICE_QUOTE_CHARS))));
        // A short value is quoted whole.
        let (_, notices) = decode("base=abc", State::with_seed(1));
        assert!(notices[0].to_string().contains("\"abc\""));
    }

    #[test]
    fn reversed_factors_are_refused_together() {
        let (state, notices) = decode("jitter=proportional&lo=2&hi=1", State::with_seed(0));
        assert_eq!(state.policy.proportional, Proportional::default());
        assert_eq!(notices.len(), 1);
    }

    #[test]
    fn query_decoding() {
        assert_eq!(
            parse_query("?a=1+2&b=%41%zz&c&=x"),
            vec![
                ("a".into(), "1 2".into()),
                ("b".into(), "A%zz".into()),
                ("c".into(), "".into()),
                ("".into(), "x".into())
            ]
        );
        assert_eq!(parse_query("x=%"), vec![("x".into(), "%".into())]);
        assert_eq!(parse_query("x=%4"), vec![("x".into(), "%4".into())]);
    }
}
