//! Each declaration read and written as the link and the form use it.

use super::*;

#[test]
fn every_key_is_used_once() {
    let mut keys: Vec<&str> = PARAMS.iter().map(|p| p.key()).collect();
    keys.sort_unstable();
    let before = keys.len();
    keys.dedup();
    assert_eq!(keys.len(), before, "a link key is declared twice");
}

#[test]
fn refusals_name_every_spelling() {
    assert_eq!(
        (JITTER.read)("wild").unwrap_err(),
        "use none, full, equal, decorrelated or proportional."
    );
    assert_eq!(
        (LANG.read)("cobol").unwrap_err(),
        "use js, ts, py, go, sh or rs."
    );
    assert_eq!(use_one_of(["only"]), "use only.");
}

#[test]
fn a_field_writes_what_it_reads() {
    let mut state = State::with_seed(1);
    for (input, text) in [(&BASE, "250"), (&CAP, "9000")] {
        input.read(&mut state, text).unwrap();
        assert_eq!(input.write(&state).as_deref(), Some(text));
    }
    RETRY_AFTER_MAX.read(&mut state, "0").unwrap();
    assert_eq!(RETRY_AFTER_MAX.write(&state).as_deref(), Some("0"));
    DEADLINE.read(&mut state, "30000").unwrap();
    assert_eq!(state.deadline_ms, Some(30_000));
    DEADLINE.read(&mut state, "").unwrap();
    assert_eq!(DEADLINE.write(&state), None, "no deadline, no parameter");
}

#[test]
fn the_retry_after_maximum_follows_the_deadline_unless_set() {
    let mut state = State::with_seed(1);
    assert_eq!(
        RETRY_AFTER_MAX.write(&state),
        None,
        "not set, not in the link"
    );
    assert_eq!(state.retry_after_max(), 600_000);
    DEADLINE.read(&mut state, "30000").unwrap();
    assert_eq!(
        state.retry_after_max(),
        30_000,
        "a wait past the deadline cannot be honoured"
    );
    DEADLINE.read(&mut state, "3600000").unwrap();
    assert_eq!(state.retry_after_max(), 600_000, "the default when lower");
    RETRY_AFTER_MAX.read(&mut state, "120000").unwrap();
    assert_eq!(state.retry_after_max(), 120_000, "the one set wins");
    RETRY_AFTER_MAX.read(&mut state, "").unwrap();
    assert_eq!(state.retry_after_max_ms, None);
}

#[test]
fn factors_are_in_the_link_only_for_proportional_jitter() {
    let mut state = State::with_seed(1);
    assert_eq!(LOW_FACTOR.write(&state), None);
    assert_eq!(CAP_ORDER.write(&state), None);
    state.policy.jitter = Jitter::Proportional;
    assert_eq!(LOW_FACTOR.write(&state).as_deref(), Some("0.8"));
    assert_eq!(CAP_ORDER.write(&state).as_deref(), Some("0"));
}

#[test]
fn factors_off_their_defaults_stay_in_the_link_whatever_the_jitter() {
    // The comparison shows them, so the link keeps them.
    let mut state = State::with_seed(1);
    state.policy.proportional.lo = 0.5;
    state.policy.proportional.cap = CapOrder::After;
    assert_eq!(LOW_FACTOR.write(&state).as_deref(), Some("0.5"));
    assert_eq!(HIGH_FACTOR.write(&state), None, "the default high factor");
    assert_eq!(CAP_ORDER.write(&state).as_deref(), Some("1"));
}
