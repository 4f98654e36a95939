//! What the config writers write, where a config pasted as written would
//! fail or mislead. (Pasted and run with the real libraries:
//! `tests/libraries/configs.test.mjs` for Python and JavaScript,
//! `tests/libraries/go_configs.test.mjs` for gofmt and cenkalti's build.)

// Each test file uses only some of the helpers.
#[allow(dead_code)]
#[path = "common/library.rs"]
mod helpers;
use helpers::values;

use backoff_calculator::core::library::LibId;

/// The config `id` writes for `sets`.
fn config(id: &str, sets: &[(&str, &str)]) -> String {
    LibId::parse(id).unwrap().writer().config(&values(id, sets))
}

#[test]
fn backon_writes_durations_in_their_own_unit() {
    let c = config("backon", &[]);
    assert!(c.contains(".with_min_delay(Duration::from_secs(1))"), "{c}");
    assert!(!c.contains("from_micros"), "{c}");
    let c = config("backon", &[("min_delay", "1500"), ("total_delay", "250")]);
    assert!(c.contains("Duration::from_millis(1500)"), "{c}");
    assert!(
        c.contains(".with_total_delay(Some(Duration::from_millis(250)))"),
        "{c}"
    );
    let c = config("backon", &[("min_delay", "0.5")]);
    assert!(c.contains("Duration::from_micros(500)"), "{c}");
}

#[test]
fn client_go_writes_no_cap_as_zero() {
    let c = config("client-go", &[]);
    assert!(c.contains("\tCap:      0, //"), "{c}");
    assert!(!c.contains("Cap:      0 *"), "{c}");
    let c = config("client-go", &[("Cap", "2000")]);
    assert!(c.contains("\tCap:      2 * time.Second, //"), "{c}");
}

#[test]
fn cenkalti_writes_a_whole_file_importing_v7() {
    // v7.0.0's README: "Note the `/v7` at the end of the import path."
    let c = config("cenkalti", &[]);
    assert!(c.starts_with("package main\n"), "{c}");
    assert!(c.contains("\t\"github.com/cenkalti/backoff/v7\"\n"), "{c}");
    assert!(!c.contains("backoff/v5"), "{c}");
    assert!(
        c.contains("backoff.WithMaxElapsedTime(900*time.Second),"),
        "{c}"
    );
}

#[test]
fn urllib3_mounts_its_adapter_and_needs_no_newer_release_by_default() {
    let c = config("urllib3", &[]);
    assert!(c.contains("session.mount(\"https://\", adapter)"), "{c}");
    assert!(c.contains("session.mount(\"http://\", adapter)"), "{c}");
    assert!(!c.contains("retry_after_max"), "{c}");
    let c = config("urllib3", &[("retry_after_max", "60")]);
    assert!(c.contains("# urllib3 >= 2.6.3\n"), "{c}");
    assert!(c.contains("retry_after_max=60.0,"), "{c}");
}

#[test]
fn tenacity_jitter_says_when_it_needs_9_2() {
    let jitter = ("wait", "wait_exponential_jitter");
    let c = config("tenacity", &[jitter]);
    assert!(!c.contains("multiplier=") && !c.contains("min="), "{c}");
    assert!(!c.contains("9.2"), "{c}");
    let c = config("tenacity", &[jitter, ("multiplier", "0.5")]);
    assert!(
        c.contains("# multiplier= and min= need tenacity >= 9.2\n"),
        "{c}"
    );
    assert!(c.contains("multiplier=0.5"), "{c}");
    // wait_exponential has taken multiplier= and min= for long.
    let c = config("tenacity", &[]);
    assert!(c.contains("multiplier=1") && !c.contains("9.2"), "{c}");
}

#[test]
fn polly_always_states_its_backoff_type() {
    for kind in ["Constant", "Linear", "Exponential"] {
        for jitter in ["true", "false"] {
            let c = config("polly", &[("BackoffType", kind), ("UseJitter", jitter)]);
            let line = format!("BackoffType = DelayBackoffType.{kind},");
            assert!(c.contains(&line), "{c}");
        }
    }
}
