//! The caller's deadline, the server's wait in the schedule, and export.

use backoff_calculator::core::export::{to_csv, to_markdown};
use backoff_calculator::core::policy::{Jitter, Policy};
use backoff_calculator::core::schedule::schedule;

fn no_jitter() -> Policy {
    Policy {
        jitter: Jitter::None,
        ..Policy::default()
    }
}

#[test]
fn deadline_against_the_defaults() {
    // Full jitter: worst case 1+2+4+8+16 = 31 s, expected 15.5 s.
    let s = schedule(&Policy::default(), 42);
    let d = s.against_deadline(20_000);
    assert!(!d.worst_case_fits);
    assert!(d.expected_fits);
    // Worst-case running sums: 1, 3, 7, 15, 31 s: four retries fit in 20 s.
    assert_eq!(d.retries_fit_worst_case, 4);
    assert!(!d.is_past(4) && d.is_past(5));
    assert_eq!(
        d.sentence(),
        "The worst case does not fit the 20.0 s deadline and the expected total fits; \
         4 retries fit even in the worst case."
    );
    let d = s.against_deadline(31_000);
    assert!(d.worst_case_fits && d.retries_fit_worst_case == 5);
    let d = s.against_deadline(0);
    assert_eq!(d.retries_fit_worst_case, 0);
    assert!(!d.expected_fits);
    assert!(d
        .sentence()
        .ends_with("0 retries fit even in the worst case."));
}

#[test]
fn server_wait_replaces_one_retry() {
    let mut s = schedule(&no_jitter(), 1);
    assert!(s.apply_server_wait(2, 120_000));
    let r = &s.rows[1];
    assert!(r.server_wait);
    assert_eq!(
        (r.sample_ms, r.min_ms, r.max_ms, r.expected_ms),
        (120_000.0, 120_000.0, 120_000.0, 120_000.0)
    );
    // 1 + 120 + 4 + 8 + 16 s.
    assert_eq!(s.total_ms, 149_000.0);
    assert_eq!(s.range_max_ms, 149_000.0);
    assert_eq!(s.expected_total_ms, 149_000.0);
    assert_eq!(s.rows[4].cumulative_ms, 149_000.0);
    assert_eq!(s.rows[2].sample_ms, 4_000.0);
    assert!(!s.apply_server_wait(6, 1));
    assert!(!s.apply_server_wait(0, 1));

    // With full jitter the range collapses to the wait for that retry only.
    let mut s = schedule(&Policy::default(), 9);
    let before = s.clone();
    s.apply_server_wait(1, 5_000);
    assert_eq!(s.range_min_ms, 5_000.0);
    assert_eq!(s.range_max_ms, before.range_max_ms - 1_000.0 + 5_000.0);
    let shift = 5_000.0 - before.rows[0].sample_ms;
    for (after, was) in s.rows[1..].iter().zip(&before.rows[1..]) {
        assert_eq!(after.sample_ms, was.sample_ms);
        assert_eq!((after.min_ms, after.max_ms), (was.min_ms, was.max_ms));
        assert!((after.cumulative_ms - (was.cumulative_ms + shift)).abs() < 1e-6);
        assert_eq!(after.worst_cumulative_ms, was.worst_cumulative_ms + 4_000.0);
        assert!(!after.server_wait);
    }
}

#[test]
fn csv_has_plain_milliseconds() {
    let s = schedule(&no_jitter(), 1);
    let csv = to_csv(&s);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "retry,sampled_ms,min_ms,max_ms,expected_ms,cumulative_ms,capped,server_wait"
    );
    assert_eq!(lines[1], "1,1000,1000,1000,1000,1000,false,false");
    assert_eq!(lines[5], "5,16000,16000,16000,16000,31000,false,false");
    assert_eq!(lines.len(), 6);
    let full = schedule(&Policy::default(), 42);
    let csv = to_csv(&full);
    let first: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    assert_eq!(first[1].parse::<f64>().unwrap(), full.rows[0].sample_ms);
}

#[test]
fn markdown_matches_the_table() {
    let s = schedule(
        &Policy {
            max_retries: 7,
            ..no_jitter()
        },
        1,
    );
    let md = to_markdown(&s);
    assert!(md
        .starts_with("| Retry | Sampled delay | Min – max | Expected | Cumulative wait |\n|---:|"));
    assert!(md.contains(
        "| 2 | 2,000 ms (2.00 s) | 2,000 – 2,000 ms | 2,000 ms (2.00 s) | 3,000 ms (3.00 s) |"
    ));
    assert!(md.contains("| 6 (cap) | 32,000 ms (32.0 s) |"));
    assert!(md.trim_end().ends_with("expected total 95.0 s."));
}
