//! The share link: the page's whole state in its URL query.
//!
//! The parameters are declared in [`super::inputs::PARAMS`], each with its
//! spelling (docs/page.md lists them). [`encode`] writes every parameter
//! that has a value, so a copied link reproduces the exact sample.
//! [`decode`] takes what it can: a missing parameter keeps its default, an
//! invalid one is ignored and reported as a [`Notice`] for the page to
//! show. Unknown parameters are left alone.

use std::fmt;

use super::decimal_text::shortest;
use super::inputs::PARAMS;
use super::library::{Configured, LibId, RELEASE_PARAM};
use super::policy::{Policy, DEFAULT_ATTEMPT_TIMEOUT_MS};
use super::sim;
use super::snippets::Lang;

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
    // Whole chars, not `&text[..cut]`: see `presets::note_parts`.
    let mut quoted: String = text.chars().take(NOTICE_QUOTE_CHARS).collect();
    if text.chars().nth(NOTICE_QUOTE_CHARS).is_some() {
        quoted.push('…');
    }
    quoted
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            // Quoted by hand: `{:?}` would bring Rust's escaping (about
            // 2 KB of wasm) to the first screen for one message.
            "Ignored {}=\"{}\" from the link: {}",
            quote(&self.key),
            quote(&self.value),
            self.reason
        )
    }
}

/// The prefix of a library parameter's key: `lib.backoff_factor=0.5`.
pub const LIB_PREFIX: &str = "lib.";

/// Writes the query string (without `?`) for `state`: every parameter
/// of [`PARAMS`] that has a value, in that order, then each of the chosen
/// library's parameters that differs from its default, in the library's
/// own unit and spelling.
pub fn encode(state: &State) -> String {
    let mut out = String::new();
    let mut pair = |key: &str, value: &str| {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(key);
        out.push('=');
        out.push_str(value);
    };
    for param in PARAMS {
        if let Some(value) = param.write(state) {
            pair(param.key(), &value);
        }
    }
    if let Some(chosen) = &state.library {
        for (name, _) in chosen.values.changed() {
            pair(&format!("{LIB_PREFIX}{name}"), &chosen.values.text(name));
        }
        let release = chosen.values.release();
        if !release.is_empty() {
            pair(&format!("{LIB_PREFIX}{RELEASE_PARAM}"), release);
        }
        // Not read yet (the library models are not here): as the link gave
        // them, escaped.
        for (name, text) in &chosen.unread {
            pair(&format!("{LIB_PREFIX}{}", escape(name)), &escape(text));
        }
    }
    out
}

/// `text` with every byte but a letter, a digit and `-._~` written as
/// `%XX`, so that any text reads back as it was.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
    out
}

/// Whether `text` could be a release's id: at most 16 of the characters
/// ids use (`2.5`, `java-1.71`), all safe in a URL as written.
pub fn release_id_like(text: &str) -> bool {
    text.len() <= 16
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
}

/// Reads a query string (with or without the leading `?`) over `defaults`.
pub fn decode(query: &str, defaults: State) -> (State, Vec<Notice>) {
    let (mut state, mut notices) = decode_fields(query, defaults);
    settle_library(&mut state, &mut notices, Configured::settle);
    (state, notices)
}

/// [`decode`] up to the library's values: they are kept as the link gave
/// them ([`Configured::unread`]). The page reads them with
/// [`settle_library`] once it has the library's model (which it fetches
/// only for a link that names a library), so the first screen carries no
/// reader of them.
pub fn decode_fields(query: &str, defaults: State) -> (State, Vec<Notice>) {
    let fallback = defaults.policy.proportional;
    let mut state = defaults;
    let mut notices = Vec::new();
    let mut lib_params = Vec::new();
    for (key, value) in parse_query(query) {
        if let Some(name) = key.strip_prefix(LIB_PREFIX) {
            lib_params.push((name.to_string(), key, value));
            continue;
        }
        let Some(param) = PARAMS.iter().find(|p| p.key() == key) else {
            continue;
        };
        if let Err(reason) = param.read(&mut state, &value) {
            notices.push(Notice { key, value, reason });
        }
    }
    // A library's parameters are read once the library is known, whatever
    // their order in the link.
    for (name, key, value) in lib_params {
        let reason = match &mut state.library {
            None => Some("no library is chosen (lib=).".to_string()),
            // Checked against the model's releases once the model is here
            // (`settle_library`); until then only a short id of the
            // characters release ids use is kept (leaked: a few bytes
            // once per link read), so the link written meanwhile never
            // carries more than that.
            Some(chosen) if name == RELEASE_PARAM && release_id_like(&value) => {
                chosen.values.set_release(Box::leak(value.into_boxed_str()));
                continue;
            }
            Some(_) if name == RELEASE_PARAM => Some("not a release this page knows.".into()),
            // Read with the library models (`settle_library`).
            Some(chosen) => {
                chosen.unread.push((name, value));
                continue;
            }
        };
        if let Some(reason) = reason {
            notices.push(Notice { key, value, reason });
        }
    }
    // The two factors are checked as a pair: a reversed pair is refused
    // whole, so neither half of it is used.
    let proportional = state.policy.proportional;
    if let Err(e) = proportional.check() {
        state.policy.proportional = fallback;
        notices.push(Notice {
            key: "lo".into(),
            value: format!(
                "{}, hi={}",
                shortest(proportional.lo),
                shortest(proportional.hi)
            ),
            reason: super::inputs::link_reason(e),
        });
    }
    (state, notices)
}

/// Holds the link's library values to the library's own rules with
/// `settle` ([`Configured::settle`], from the library models): its
/// release, and its values together; each refusal is added to `notices`.
pub fn settle_library(
    state: &mut State,
    notices: &mut Vec<Notice>,
    settle: fn(&mut Configured, &mut Vec<Notice>),
) {
    if let Some(chosen) = &mut state.library {
        settle(chosen, notices);
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
    use crate::core::policy::{CapOrder, Jitter, Proportional};

    #[test]
    fn defaults_round_trip() {
        let state = State::with_seed(42);
        let query = encode(&state);
        assert_eq!(
            query,
            "base=1000&multiplier=2&cap=32000&retries=5&jitter=full&seed=42&honor=1&lang=js\
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
        state.lang = Lang::Rs;
        state.idem = true;
        state.retry_budget = true;
        state.sim_clients = 1000;
        state.sim_runs = 1;
        state.retry_after_max_ms = Some(30_000);
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

    /// The retry budget is in the link only when on, so links made before
    /// it existed read the same; a bad value is reported.
    #[test]
    fn the_retry_budget_is_in_the_link_only_when_on() {
        let mut state = State::with_seed(1);
        assert!(!encode(&state).contains("budget"));
        state.retry_budget = true;
        assert!(encode(&state).ends_with("&idem=0&budget=1&simclients=50&simruns=100"));
        assert_eq!(decode(&encode(&state), State::with_seed(0)).0, state);
        let (read, notices) = decode("budget=yes", State::with_seed(1));
        assert_eq!(read, State::with_seed(1));
        assert_eq!(notices[0].key, "budget");
        assert_eq!(
            decode("budget=0", State::with_seed(1)).0,
            State::with_seed(1)
        );
    }

    #[test]
    fn a_links_library_values_wait_for_the_models_as_given() {
        // Read alone, the link keeps them as text: the first screen has no
        // reader of a library's values.
        let query = "lib=tenacity&lib.max=30&lib.x%26y=a%3Db+%C3%A9";
        let (state, notices) = decode_fields(query, State::with_seed(1));
        assert!(notices.is_empty());
        let chosen = state.library.clone().unwrap();
        let unread = [("max", "30"), ("x&y", "a=b é")].map(|(n, t)| (n.into(), t.into()));
        assert_eq!(chosen.unread, unread);
        // Written back meanwhile, escaped: they read back as they were.
        let written = encode(&state);
        assert!(
            written.ends_with("lib=tenacity&lib.max=30&lib.x%26y=a%3Db%20%C3%A9"),
            "{written}"
        );
        assert_eq!(decode_fields(&written, State::with_seed(1)).0, state);
        // With the models, each is read or refused with the library's words.
        let (settled, notices) = decode(query, State::with_seed(1));
        let chosen = settled.library.unwrap();
        assert!(chosen.unread.is_empty());
        assert_eq!(chosen.values.text("max"), "30");
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert_eq!(
            (notices[0].key.as_str(), notices[0].value.as_str()),
            ("lib.x&y", "a=b é")
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
