//! The state, natively: built under a reactive [`Owner`] as the app builds
//! it, with no browser. Memos compute on read, so no executor is needed.

use leptos::prelude::*;

use super::AppState;
use crate::core::inputs::PARAMS;
use crate::core::library::Engine;
use crate::core::policy::{CapOrder, InputError, Jitter};
use crate::core::server_wait::ServerWait;
use crate::core::share::{decode, encode, State};
use crate::core::snippets::Lang;

/// Runs `f` with a fresh state built from `query`, as the page would.
fn with_state<R>(query: &str, f: impl FnOnce(AppState) -> R) -> R {
    let owner = Owner::new();
    owner.with(|| {
        let (initial, notices) = decode(query, State::with_seed(7));
        f(AppState::new(initial, notices, Some(Engine::new())))
    })
}

/// A state that sets every parameter away from its default.
fn everything_changed() -> State {
    let query = "base=250&multiplier=1.5&cap=9000&retries=12&jitter=proportional&lo=0.5&hi=1.5\
                 &capafter=1&seed=99&honor=0&lang=rs&ramax=30000&deadline=60000&serverwait=3:20000\
                 &idem=1&timeout=2500&budget=1&simclients=20&simruns=5&lib=tenacity&lib.wait=wait_random_exponential\
                 &lib.max=30&to=urllib3";
    let (state, notices) = decode(query, State::with_seed(7));
    assert!(notices.is_empty(), "{notices:?}");
    state
}

#[test]
fn snapshot_gives_back_the_link_it_was_built_from() {
    let link = encode(&everything_changed());
    with_state(&link, |state| {
        assert_eq!(state.snapshot(), everything_changed());
        assert_eq!(encode(&state.snapshot()), link);
    });
}

#[test]
fn every_link_parameter_is_an_input_of_the_state() {
    // Apply a state that differs in every parameter: the snapshot must
    // carry each one back, so no parameter is left out of the state.
    let target = everything_changed();
    let defaults = State::with_seed(7);
    with_state("", |state| {
        state.apply(&target);
        let back = state.snapshot();
        for param in PARAMS {
            assert_ne!(
                param.write(&defaults),
                param.write(&target),
                "the test state must change {}",
                param.key()
            );
            assert_eq!(
                param.write(&back),
                param.write(&target),
                "{} did not go through the state",
                param.key()
            );
        }
    });
}

#[test]
fn apply_sets_each_field_as_if_typed() {
    with_state("", |state| {
        state.apply(&everything_changed());
        assert_eq!(state.policy.base.text.get_untracked(), "250");
        assert_eq!(state.policy.multiplier.text.get_untracked(), "1.5");
        assert_eq!(state.policy.deadline.text.get_untracked(), "60000");
        assert_eq!(
            state.policy.jitter.value.get_untracked(),
            Jitter::Proportional
        );
        assert_eq!(
            state.factors.cap_order.value.get_untracked(),
            CapOrder::After
        );
        assert_eq!(state.code.lang.value.get_untracked(), Lang::Rs);
        assert_eq!(state.sim.runs.text.get_untracked(), "5");
    });
}

#[test]
fn a_refused_entry_is_stale_and_keeps_the_last_valid_value() {
    with_state("base=500", |state| {
        assert!(state.stale().is_empty());
        state.policy.base.text.set("50 0".into());
        state.retry_after.max.text.set("-1".into());
        let stale = state.stale();
        let names: Vec<(&str, &str)> = stale.iter().map(|s| (s.label, s.used.as_str())).collect();
        assert_eq!(
            names,
            [
                ("Base delay (ms)", "500"),
                ("Max Retry-After (ms)", "empty")
            ]
        );
        assert_eq!(state.derived.policy.get().base_ms, 500);
        assert_eq!(state.snapshot().policy.base_ms, 500);
        // Applying the value in use replaces the refused text.
        state.apply(&state.snapshot());
        assert!(state.stale().is_empty());
        assert_eq!(state.policy.base.text.get_untracked(), "500");
    });
}

#[test]
fn an_empty_deadline_is_none_not_stale() {
    with_state("deadline=30000", |state| {
        state.policy.deadline.text.set(String::new());
        assert!(state.stale().is_empty());
        assert_eq!(state.snapshot().deadline_ms, None);
        state.policy.deadline.text.set("soon".into());
        let stale = state.stale();
        assert_eq!(stale.len(), 1);
        assert_eq!(
            (stale[0].label, stale[0].used.as_str()),
            ("Deadline (ms)", "empty")
        );
    });
}

#[test]
fn reversed_factors_are_stale_as_a_pair_and_keep_the_last_pair() {
    with_state("jitter=proportional&lo=0.5&hi=1.5", |state| {
        state.factors.lo.text.set("2".into());
        assert_eq!(
            state.factors.pair_error().get(),
            Some("The lowest factor must not be above the highest.".into())
        );
        let stale = state.stale();
        assert_eq!(stale.len(), 1);
        assert_eq!(
            (stale[0].label, stale[0].used.as_str()),
            ("Low and High factor", "0.5 – 1.5")
        );
        let pair = state.derived.policy.get().proportional;
        assert_eq!((pair.lo, pair.hi), (0.5, 1.5));
        // Not proportional: the factors play no part, so nothing is stale.
        state.policy.jitter.set(Jitter::Full);
        assert!(state.stale().is_empty());
    });
}

#[test]
fn the_server_wait_follows_retries_honor_and_the_maximum() {
    with_state("serverwait=3:20000&retries=5&jitter=none", |state| {
        let applied = |wait_ms, clamped| {
            Some(ServerWait::Applied {
                retry: 3,
                wait_ms,
                clamped,
            })
        };
        assert_eq!(state.derived.server_wait.get(), applied(20_000, false));
        let third = |state: AppState| state.derived.schedule.with(|s| s.rows[2].sample_ms);
        assert_eq!(third(state), 20_000.0);

        state.retry_after.max.text.set("15000".into());
        assert_eq!(state.derived.server_wait.get(), applied(15_000, true));
        assert_eq!(third(state), 15_000.0);

        state.policy.retries.text.set("2".into());
        assert_eq!(
            state.derived.server_wait.get(),
            Some(ServerWait::BeyondRetries {
                retry: 3,
                wait_ms: 15_000
            })
        );

        state.policy.retries.text.set("5".into());
        state.code.honor.set(false);
        assert_eq!(
            state.derived.server_wait.get(),
            Some(ServerWait::NotHonored)
        );
        // Back to the computed delay: 1 s doubling, retry 3 waits 4 s.
        assert_eq!(third(state), 4_000.0);
    });
}

#[test]
fn a_zero_server_wait_keeps_the_computed_delay_unless_the_library_takes_it() {
    // The code falls back to its backoff on `Retry-After: 0` or a past
    // date; the schedule does the same.
    with_state("serverwait=1:0&jitter=none", |state| {
        assert_eq!(
            state.derived.server_wait.get(),
            Some(ServerWait::FallsBack { retry: 1 })
        );
        let first = state.derived.schedule.with(|s| s.rows[0]);
        assert_eq!((first.sample_ms, first.server_wait), (1_000.0, false));
    });
    // urllib3 falls back too; go-retryablehttp sleeps the 0 it was given.
    with_state(
        "lib=urllib3&lib.backoff_factor=1&serverwait=2:0&seed=1",
        |state| {
            assert_eq!(
                state.derived.server_wait.get(),
                Some(ServerWait::FallsBack { retry: 2 })
            );
            assert_eq!(state.derived.schedule.with(|s| s.rows[1].max_ms), 2_000.0);
        },
    );
    with_state("lib=retryablehttp&serverwait=2:0&seed=1", |state| {
        assert!(matches!(
            state.derived.server_wait.get(),
            Some(ServerWait::Applied { wait_ms: 0, .. })
        ));
        assert_eq!(state.derived.schedule.with(|s| s.rows[1].max_ms), 0.0);
    });
}

#[test]
fn a_library_goes_through_the_state_and_keeps_its_last_valid_values() {
    with_state(
        "lib=urllib3&lib.total=3&lib.backoff_factor=1&seed=1",
        |state| {
            let rows = || state.derived.schedule.with(|s| s.rows.len());
            assert_eq!(rows(), 3);
            // Retry 1 waits 0, retry 2 the factor times 2.
            let maxes: Vec<f64> = state
                .derived
                .schedule
                .with(|s| s.rows.iter().map(|r| r.max_ms).collect());
            assert_eq!(maxes, [0.0, 2000.0, 4000.0]);
            // A refused value: a message beside its field, the last valid rows,
            // a stale entry naming it, and the link keeps the valid value.
            state.library.texts.update(|t| t[0] = "abc".into());
            assert!(state.library.parsed.with(|p| p.errors[0].is_some()));
            assert_eq!(rows(), 3);
            let stale = state.stale();
            assert_eq!((stale[0].label, stale[0].used.as_str()), ("total", "3"));
            assert!(encode(&state.snapshot()).contains("lib.total=3"));
            // The code's note speaks for the page's own policy only.
            assert!(state.stale_of(false).is_empty());
            state.library.texts.update(|t| t[0] = "5".into());
            assert_eq!(rows(), 5);
            // Back to the page's own policy: its schedule again.
            state.library.choose(None);
            assert_eq!(rows(), 5);
            assert_eq!(state.derived.schedule.with(|s| s.rows[0].max_ms), 1000.0);
            assert!(!encode(&state.snapshot()).contains("lib"));
        },
    );
}

#[test]
fn a_server_wait_follows_the_library_rule() {
    // tenacity does not read Retry-After: the wait stays out.
    with_state("lib=tenacity&serverwait=2:3000&seed=1", |state| {
        assert_eq!(
            state.derived.server_wait.get(),
            Some(ServerWait::NotHonored)
        );
        assert!(state
            .derived
            .schedule
            .with(|s| s.rows.iter().all(|r| !r.server_wait)));
    });
    // urllib3 cuts it at its own retry_after_max (10 s), not the page's.
    with_state(
        "lib=urllib3&lib.retry_after_max=10&serverwait=2:30000000&seed=1",
        |state| {
            assert_eq!(
                state.derived.server_wait.get(),
                Some(ServerWait::Applied {
                    retry: 2,
                    wait_ms: 10_000,
                    clamped: true
                })
            );
            assert_eq!(state.derived.schedule.with(|s| s.rows[1].max_ms), 10_000.0);
        },
    );
    // ... and not at all with respect_retry_after_header off.
    with_state(
        "lib=urllib3&lib.respect_retry_after_header=false&serverwait=2:3000&seed=1",
        |state| {
            assert_eq!(
                state.derived.server_wait.get(),
                Some(ServerWait::NotHonored)
            );
        },
    );
}

#[test]
fn a_library_whose_rows_need_runs_shows_a_preview_at_once() {
    // google-api-core's 120 s budget decides its count over 10,000 runs:
    // the state shows at once the retries every run makes, marked as being
    // decided (the runs are made in the browser, a slice at a time).
    with_state("lib=google-api-core&seed=1", |state| {
        let shown = state.derived.library.get().expect("a library's rows");
        assert!(shown.deciding);
        let budget = shown.budget.expect("a budget");
        assert_eq!(shown.schedule.rows.len() as u32, budget.always);
        assert_eq!(budget.runs, 0);
        // The schedule every view reads is the preview.
        assert_eq!(
            state.derived.schedule.get().rows.len(),
            shown.schedule.rows.len()
        );
    });
    // A library in closed form is decided at once.
    with_state("lib=urllib3&seed=1", |state| {
        assert!(!state.derived.library.get().expect("rows").deciding);
    });
}

#[test]
fn a_long_schedule_shows_decorrelated_means_as_a_preview_at_once() {
    use crate::core::schedule::{decorrelated_means, decorrelated_preview};
    // 100 retries: 200,000 draws, made at once.
    with_state("jitter=decorrelated&retries=100&seed=1", |state| {
        assert!(!state.derived.means.deciding.get());
        assert_eq!(
            *state.derived.means.values.get(),
            decorrelated_means(1000, 32_000, 100)
        );
    });
    // 1,000 retries: the middle of each range until the runs are made (in
    // the browser, in slices), marked.
    with_state("jitter=decorrelated&retries=1000&seed=1", |state| {
        assert!(state.derived.means.deciding.get());
        assert_eq!(
            *state.derived.means.values.get(),
            decorrelated_preview(1000, 32_000, 1000)
        );
        assert_eq!(state.derived.schedule.get().rows.len(), 1000);
    });
}

#[test]
fn a_linked_library_without_its_models_waits_and_stays_in_the_link() {
    use super::Waiting;
    let owner = Owner::new();
    owner.with(|| {
        let (initial, notices) = decode("lib=tenacity&lib.max=30&seed=1", State::with_seed(7));
        let chosen = initial.library.clone().expect("a library");
        let state = AppState::new(initial, notices, None);
        // The page's own policy is shown, the library waits, said as failed
        // (the page fetched the models before mounting and could not).
        assert_eq!(state.library.model.get(), None);
        assert!(state.derived.library.get().is_none());
        assert_eq!(state.derived.schedule.get().rows.len(), 5);
        assert_eq!(
            state.library.waiting.get(),
            Some(Waiting::Failed(chosen.clone()))
        );
        // The link keeps the library and its value.
        assert_eq!(state.snapshot().library, Some(chosen));
        // Choosing the page's own policy ends the wait.
        state.library.choose(None);
        assert_eq!(state.library.waiting.get(), None);
        assert_eq!(state.snapshot().library, None);
    });
}

#[test]
fn with_the_models_a_library_is_chosen_at_once() {
    use crate::core::library::LibId;
    with_state("seed=1", |state| {
        state.library.choose(LibId::parse("urllib3"));
        assert_eq!(state.library.waiting.get(), None);
        assert_eq!(state.library.model.get(), LibId::parse("urllib3"));
        assert_eq!(state.derived.schedule.get().rows.len(), 10);
    });
}

#[test]
fn the_millisecond_fields_read_units_once_the_reader_is_here() {
    with_state("cap=9000", |state| {
        let cap = state.policy.cap;
        cap.text.set("30 s".into());
        // Before the rest of the page: a word, refused, the last value kept.
        assert!(cap.parsed.get().is_err());
        assert_eq!(state.snapshot().policy.cap_ms, 9_000);
        // The reader arrives, and the text is read again as the page does.
        super::read_units(crate::core::units::plain_ms);
        let ids: Vec<&str> = state.ms_fields().iter().map(|(id, _)| *id).collect();
        assert_eq!(
            ids,
            [
                "base",
                "cap",
                "deadline",
                "retry-after-max",
                "attempt-timeout"
            ]
        );
        for (_, text) in state.ms_fields() {
            text.notify();
        }
        assert_eq!(cap.parsed.get(), Ok(30_000));
        assert_eq!(state.snapshot().policy.cap_ms, 30_000);
        assert!(encode(&state.snapshot()).contains("cap=30000"));
        state.policy.deadline.text.set("2 min".into());
        assert_eq!(state.snapshot().deadline_ms, Some(120_000));
        // A unit it does not know, or a fraction of a ms: said, and the
        // last valid value kept.
        cap.text.set("30 days".into());
        assert_eq!(cap.parsed.get(), Err(InputError::Unit));
        cap.text.set("1.0005 s".into());
        assert_eq!(cap.parsed.get(), Err(InputError::FractionOfMs));
        assert_eq!(state.snapshot().policy.cap_ms, 30_000);
        // The field's own range, with its own minimum.
        state.code.timeout.text.set("0 s".into());
        assert_eq!(
            state.code.timeout.parsed.get(),
            Err(InputError::TooSmall { min: "1".into() })
        );
        state.code.timeout.text.set("-3 s".into());
        assert_eq!(
            state.code.timeout.parsed.get(),
            Err(InputError::TooSmall { min: "1".into() })
        );
        // Counts and factors take no units.
        state.policy.retries.text.set("3 s".into());
        assert_eq!(
            state.policy.retries.parsed.get(),
            Err(InputError::NotANumber)
        );
    });
}

#[test]
fn a_library_field_in_seconds_reads_units() {
    with_state("lib=urllib3&lib.total=3", |state| {
        let table = crate::core::library::LibId::parse("urllib3")
            .unwrap()
            .info()
            .params;
        let factor = table
            .iter()
            .position(|p| p.name == "backoff_factor")
            .unwrap();
        state.library.texts.update(|t| t[factor] = "500 ms".into());
        assert!(encode(&state.snapshot()).contains("lib.backoff_factor=0.5"));
        state
            .library
            .texts
            .update(|t| t[factor] = "2 fortnights".into());
        let error = state.library.parsed.with(|p| p.errors[factor].clone());
        assert_eq!(
            error.as_deref(),
            Some("backoff_factor: \"2 fortnights\" is not a valid value")
        );
        assert!(encode(&state.snapshot()).contains("lib.backoff_factor=0.5"));
    });
}
