//! The link's tests: what it writes, what it reads back, and what it
//! refuses.

use super::*;
use crate::core::policy::{CapOrder, Jitter, Policy, Proportional};
use crate::core::snippets::Lang;

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
