//! Delays past Node's timer limit (2³¹ − 1 ms): p-retry 9 caps them there,
//! axios-retry hands them to `setTimeout`, which fires them after 1 ms.
//! (Run with the real libraries: `tests/libraries/sets.txt`'s
//! `past-timer-limit` sets and `tests/libraries/node_timers.test.mjs`.)

// Each test file uses only some of the helpers.
#[allow(dead_code)]
#[path = "common/library.rs"]
mod helpers;
use helpers::{model, ranges, values};

use backoff_calculator::core::library::{library_schedule, Configured, LibId, NODE_TIMER_MAX_MS};

#[test]
fn p_retry_9_caps_each_delay_at_the_timer_limit() {
    // 1 s × 10^(n−1): retry 8 would be 10^10 ms (116 days).
    let sets = [("retries", "9"), ("factor", "10"), ("minTimeout", "1000")];
    let rows = ranges("p-retry", &sets);
    assert_eq!(rows[6], (1e9, 1e9));
    assert_eq!(rows[7], (NODE_TIMER_MAX_MS, NODE_TIMER_MAX_MS));
    assert_eq!(rows[8], (NODE_TIMER_MAX_MS, NODE_TIMER_MAX_MS));
    // A fractional maxTimeout rounds up (9.0.0's `Math.ceil`).
    let frac = [("retries", "2"), ("maxTimeout", "0.5")];
    assert_eq!(ranges("p-retry", &frac), vec![(1.0, 1.0); 2]);
    // A growth past any number is capped, not refused.
    let huge = [("retries", "200"), ("factor", "100")];
    assert!(library_schedule(&configured("p-retry", &huge), 1).is_ok());
}

#[test]
fn axios_retry_past_the_limit_retries_after_1_ms() {
    // 2^n × 1 day, +0–20 %: retry 4 is 16 days (under the limit), retry 5
    // is 32 days and more (past it).
    let sets = [("retries", "6"), ("delayFactor", "86400000")];
    let rows = ranges("axios-retry", &sets);
    assert_eq!(rows[3], (16.0 * 864e5, 16.0 * 864e5 * 1.2));
    assert_eq!(rows[4], (1.0, 1.0));
    assert_eq!(rows[5], (1.0, 1.0));
    let draws = backoff_calculator::core::library::sample(
        model("axios-retry"),
        &values("axios-retry", &sets),
        3,
    )
    .unwrap();
    assert_eq!(&draws[4..], &[1.0, 1.0]);
    // Straddling the limit (2^11 days × [1, 1.2) crosses it): a draw past
    // it is 1 ms, the range reaches down to 1 ms and up to the limit, and
    // the mean is the closed form's.
    let f = (NODE_TIMER_MAX_MS / 2048.0 / 1.1).round().to_string();
    let sets = [("retries", "11"), ("delayFactor", f.as_str())];
    let s = library_schedule(&configured("axios-retry", &sets), 1).unwrap();
    let last = s.schedule.rows[10];
    assert_eq!((last.min_ms, last.max_ms), (1.0, NODE_TIMER_MAX_MS));
    let d = 2048.0 * f.parse::<f64>().unwrap();
    let below = (NODE_TIMER_MAX_MS - d) / (0.2 * d);
    let mean = below * (d + NODE_TIMER_MAX_MS) / 2.0 + (1.0 - below);
    assert!((last.expected_ms - mean).abs() < 1e-3 * mean);
}

fn configured(id: &str, pairs: &[(&str, &str)]) -> Configured {
    let mut c = Configured::defaults(LibId::parse(id).unwrap());
    for (k, v) in pairs {
        c.values.set_text(k, v).unwrap();
    }
    c
}
