//! Every page preset reproduces its source's first three delays. (Libraries
//! with a model are checked in `tests/library_*.rs` and `tests/libraries/`.)
//!
//! Each expectation sits next to the source line that settles it, quoted
//! briefly with its file, from the release named in the preset's `checked`.
//! Libraries that truncate to whole milliseconds are compared with the exact
//! value the page models (the difference is below one millisecond and is
//! stated in the preset's note).

use backoff_calculator::core::policy::Policy;
use backoff_calculator::core::presets::{by_id, matching, Preset, DEFAULTS, PRESETS};
use backoff_calculator::core::schedule::schedule;

fn preset(id: &str) -> &'static Preset {
    by_id(id).unwrap_or_else(|| panic!("no preset {id}"))
}

fn first_three(id: &str) -> Vec<(f64, f64)> {
    let s = schedule(&preset(id).policy, 1);
    s.rows
        .iter()
        .take(3)
        .map(|r| (r.min_ms, r.max_ms))
        .collect()
}

#[test]
fn google_cloud_java_gax_default() {
    // java-core/google-cloud-core/.../ServiceOptions.java (google-cloud-core 2.65.0):
    //   .setMaxAttempts(6) .setInitialRetryDelayDuration(Duration.ofMillis(1000L))
    //   .setMaxRetryDelayDuration(Duration.ofMillis(32_000L)) .setRetryDelayMultiplier(2.0)
    //   .setTotalTimeoutDuration(Duration.ofMillis(50_000L))
    // gax-java/.../retrying/ExponentialRetryAlgorithm.java (gax 2.75.0):
    //   ThreadLocalRandom.current().nextLong(bound)   -> uniform [0, delay) in whole ms
    assert_eq!(
        first_three("gax-java"),
        [(0.0, 1000.0), (0.0, 2000.0), (0.0, 4000.0)]
    );
    let p = preset("gax-java");
    assert_eq!(p.deadline_ms, Some(50_000));
    assert_eq!(p.policy, Policy::default());
    assert!(!p.honor_retry_after);
}

#[test]
fn openai_python() {
    // src/openai/_constants.py (openai 3.57.0): DEFAULT_MAX_RETRIES = 2,
    //   INITIAL_RETRY_DELAY = 0.5, MAX_RETRY_DELAY = 8.0, MAX_RETRY_AFTER_DELAY = 2 * 60
    // src/openai/_base_client.py: sleep_seconds = min(INITIAL_RETRY_DELAY * pow(2.0, nb_retries),
    //   MAX_RETRY_DELAY); jitter = 1 - 0.25 * random()
    //   if ... 0 < retry_after <= MAX_RETRY_AFTER_DELAY: return retry_after
    assert_eq!(
        first_three("openai-python"),
        [(375.0, 500.0), (750.0, 1000.0)]
    );
    let p = preset("openai-python");
    assert!(p.honor_retry_after);
    assert_eq!(p.retry_after_max_ms, Some(120_000));
}

#[test]
fn curl_retry() {
    // src/tool_main.h (curl 8.21.0): RETRY_SLEEP_DEFAULT 1000L, RETRY_SLEEP_MAX 600000L
    // src/tool_operate.c retry_sleep(): if(retry_after) { sleeptime = retry_after * 1000 }
    //   if(!sleeptime && !config->retry_delay_ms) { ... per->retry_sleep *= 2; ... }
    //   (since 8.17.0, commit ca034e8: any non-zero Retry-After wins, even a shorter one)
    // lib/http.c (since 8.12.0): a Retry-After above 21600 s (6 hours) is
    //   cut to 21600 s.
    assert_eq!(
        first_three("curl"),
        [(1000.0, 1000.0), (2000.0, 2000.0), (4000.0, 4000.0)]
    );
    let p = preset("curl");
    assert!(p.honor_retry_after);
    assert_eq!(p.retry_after_max_ms, Some(21_600_000));
}

#[test]
fn presets_are_distinct_valid_and_found_again() {
    assert_eq!(PRESETS.len(), 3);
    for (i, p) in PRESETS.iter().enumerate() {
        assert!(p.policy.proportional.check().is_ok(), "{}", p.id);
        assert!(p.url.starts_with("https://"), "{}", p.id);
        for (name, url) in p.more_sources {
            assert!(!name.is_empty() && url.starts_with("https://"), "{}", p.id);
        }
        assert_eq!(
            matching(&p.policy).map(|m| m.id),
            Some(p.id),
            "{} is matched by its own policy",
            p.id
        );
        for q in &PRESETS[i + 1..] {
            assert_ne!(p.id, q.id);
        }
    }
    let custom = Policy {
        base_ms: 1234,
        ..Policy::default()
    };
    assert!(matching(&custom).is_none());
}

#[test]
fn a_library_with_a_model_is_offered_there_only() {
    // One definition per library: a library the models cover is chosen
    // at its defaults through its model, never as a page preset too.
    use backoff_calculator::core::library::LibId;
    for p in PRESETS.iter().chain([&DEFAULTS]) {
        assert!(
            LibId::parse(p.id).is_none(),
            "{} is also a library model",
            p.id
        );
    }
    assert_eq!(LibId::all().count(), 15);
}

#[test]
fn every_preset_says_what_it_was_checked_against() {
    for p in &PRESETS {
        // "<release>; checked YYYY-MM-DD"
        let (release, date) = p
            .checked
            .split_once("; checked ")
            .unwrap_or_else(|| panic!("{}: {:?}", p.id, p.checked));
        assert!(!release.is_empty(), "{}", p.id);
        assert_eq!(date.len(), 10, "{}", p.id);
        assert!(date.starts_with("2026-"), "{}", p.id);
    }
}

/// A budget as the notes write it: `50 s`, `120 s`, `15 minutes`.
fn written(ms: u64) -> Vec<String> {
    let mut forms = vec![format!("{} s", ms / 1000)];
    if ms.is_multiple_of(60_000) {
        forms.push(format!("{} minutes", ms / 60_000));
    }
    forms
}

#[test]
fn notes_agree_with_the_controls_they_set() {
    for p in &PRESETS {
        let note = p.note.to_lowercase();
        // A total budget in the note is the deadline the preset sets, and
        // the other way round.
        assert_eq!(
            note.contains("budget"),
            p.deadline_ms.is_some(),
            "{}: budget in the note vs deadline_ms",
            p.id
        );
        if let Some(deadline) = p.deadline_ms {
            assert!(
                written(deadline).iter().any(|w| note.contains(w)),
                "{}: the note names the {deadline} ms budget",
                p.id
            );
        }
        // "no Retry-After" in the note means the option is off; otherwise
        // the note says how a server's wait is used.
        assert!(note.contains("retry-after"), "{}", p.id);
        assert_eq!(
            note.contains("no retry-after"),
            !p.honor_retry_after,
            "{}: Retry-After in the note vs honor_retry_after",
            p.id
        );
        match p.retry_after_max_ms {
            Some(max) => {
                assert!(p.honor_retry_after, "{}", p.id);
                assert!(
                    written(max)
                        .iter()
                        .any(|w| note.contains(&format!("up to {w}"))),
                    "{}: the note names the {max} ms maximum",
                    p.id
                );
            }
            // Honoured without a maximum of its own: the note says what
            // bounds it, or that nothing does.
            None if p.honor_retry_after => assert!(
                note.contains("no maximum") || note.contains("5 s more"),
                "{}",
                p.id
            ),
            None => {}
        }
    }
}

#[test]
fn the_defaults_entry_sets_exactly_what_a_first_load_has() {
    use backoff_calculator::core::presets::{selected, DEFAULTS};
    use backoff_calculator::core::share::State;
    let first = State::with_seed(7);
    assert_eq!(DEFAULTS.policy, first.policy);
    assert_eq!(DEFAULTS.deadline_ms, first.deadline_ms);
    assert_eq!(DEFAULTS.honor_retry_after, first.honor);
    assert_eq!(DEFAULTS.retry_after_max_ms, first.retry_after_max_ms);
    assert_eq!(by_id("defaults"), Some(&DEFAULTS));
    assert!(PRESETS
        .iter()
        .all(|p| p.id != DEFAULTS.id && p.name != DEFAULTS.name));
    // A first load shows the defaults, not the library that shares its policy.
    assert_eq!(
        selected(&first.policy, None).map(|p| p.id),
        Some("defaults")
    );
    // With that library's budget, the library.
    assert_eq!(
        selected(&first.policy, Some(50_000)).map(|p| p.id),
        Some("gax-java")
    );
    // With another deadline, neither: the page shows Custom.
    assert_eq!(selected(&first.policy, Some(20_000)), None);
    // Any other policy: the preset it matches, whatever the deadline.
    for p in &PRESETS {
        if p.policy != DEFAULTS.policy {
            assert_eq!(selected(&p.policy, None).map(|m| m.id), Some(p.id));
            assert_eq!(selected(&p.policy, Some(1)).map(|m| m.id), Some(p.id));
        }
    }
    let custom = Policy {
        max_retries: 6,
        ..Policy::default()
    };
    assert!(selected(&custom, None).is_none());
    // Factors away from their defaults show in the link and the comparison
    // whatever the jitter, so they are not the defaults either.
    let factors = Policy {
        proportional: backoff_calculator::core::policy::Proportional {
            lo: 0.5,
            ..Default::default()
        },
        ..Policy::default()
    };
    assert!(selected(&factors, None).is_none());
}

#[test]
fn every_note_has_a_short_first_sentence() {
    use backoff_calculator::core::presets::{note_parts, DEFAULTS};
    for p in PRESETS.iter().chain([&DEFAULTS]) {
        let (short, rest) = note_parts(p.note);
        assert!(short.ends_with('.'), "{}: {short:?}", p.id);
        assert!(short.chars().count() <= 140, "{}: {short:?}", p.id);
        assert_eq!(format!("{short} {rest}").trim_end(), p.note, "{}", p.id);
    }
    assert_eq!(note_parts("One. Two. Three"), ("One.", "Two. Three"));
    assert_eq!(note_parts("Only one"), ("Only one", ""));
}

#[test]
fn the_note_shows_one_sentence_and_puts_the_rest_and_the_sources_in_a_disclosure() {
    use backoff_calculator::core::presets::{note_html, DEFAULTS};
    assert_eq!(
        note_html(&DEFAULTS),
        "Not any library&#39;s: 1 s doubling to a 32 s cap, 5 retries, full jitter, no deadline."
    );
    let curl = note_html(preset("curl"));
    let (short, details) = curl.split_once("<details>").unwrap();
    assert!(
        short.starts_with("Doubles from 1 s up to 10 minutes"),
        "{short}"
    );
    assert!(details.starts_with("<summary>Details and sources</summary>Since curl 8.17"));
    assert!(details.contains(
        "Source: <a href=\"https://curl.se/docs/manpage.html#--retry\">curl manual, --retry</a>; <a href="
    ));
    assert!(
        details.ends_with("checked 2026-11-30.</details>"),
        "{details}"
    );
    for p in &PRESETS {
        let html = note_html(p);
        assert_eq!(
            html.matches("<a href=").count(),
            1 + p.more_sources.len(),
            "{}",
            p.id
        );
    }
}
