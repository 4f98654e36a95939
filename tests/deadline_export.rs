//! The caller's deadline, the server's wait in the schedule, and export.

use backoff_calculator::core::export::{csv_export, markdown_export, to_csv, to_markdown};
use backoff_calculator::core::policy::{CapOrder, Jitter, Policy, Proportional};
use backoff_calculator::core::schedule::schedule;
use backoff_calculator::core::share::State;

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
fn csv_has_whole_milliseconds() {
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
    // Full jitter draws fractions of a millisecond; the CSV rounds the
    // cumulative wait to the nearest whole ms, and each sampled delay is the
    // step between two of those, so the column adds up to the cumulative
    // (each within 1 ms of its own rounding), as on the page.
    let full = schedule(&Policy::default(), 42);
    let csv = to_csv(&full);
    let mut shown = 0.0;
    for (line, row) in csv.lines().skip(1).zip(&full.rows) {
        let cells: Vec<&str> = line.split(',').collect();
        assert!(
            cells[..6]
                .iter()
                .all(|c| c.bytes().all(|b| b.is_ascii_digit())),
            "{line}"
        );
        let sample = cells[1].parse::<f64>().unwrap();
        assert!((sample - row.sample_ms.round()).abs() <= 1.0, "{line}");
        shown += sample;
        assert_eq!(cells[5].parse::<f64>().unwrap(), row.cumulative_ms.round());
        assert_eq!(shown, row.cumulative_ms.round(), "{line}");
    }
}

fn state_for(policy: Policy) -> State {
    State {
        policy,
        deadline_ms: Some(20_000),
        server_wait: Some((2, 3_000)),
        ..State::with_seed(42)
    }
}

const LINK: &str =
    "https://example.test/backoff/?base=1000&multiplier=2&cap=32000&retries=5&jitter=full&seed=42";

#[test]
fn csv_export_starts_with_the_policy_and_the_link() {
    let state = state_for(Policy::default());
    let mut s = schedule(&state.policy, state.seed);
    s.apply_server_wait(2, 3_000);
    let csv = csv_export(&s, &state, LINK);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[..14],
        [
            "setting,value",
            "base_ms,1000",
            "multiplier,2",
            "cap_ms,32000",
            "max_retries,5",
            "jitter,full",
            "seed,42",
            "deadline_ms,20000",
            "retry_after_max_ms,20000",
            "honor_retry_after,true",
            "server_wait,retry 2: 3000 ms",
            &format!("share_link,{LINK}"),
            "values,\"whole milliseconds, each rounded to the nearest; a sampled delay is the step between two rounded cumulative waits\"",
            "",
        ]
    );
    assert_eq!(
        lines[14],
        "retry,sampled_ms,min_ms,max_ms,expected_ms,cumulative_ms,capped,server_wait"
    );
    let cumulative = s.rows[1].cumulative_ms.round();
    assert_eq!(
        lines[16],
        format!("2,3000,3000,3000,3000,{cumulative},false,true")
    );
    assert_eq!(lines.len(), 20);
    // No raw float anywhere in the rows.
    for line in &lines[15..] {
        assert!(!line.contains('.'), "{line}");
    }
}

#[test]
fn csv_export_names_the_factors_when_proportional() {
    let policy = Policy {
        jitter: Jitter::Proportional,
        proportional: Proportional {
            lo: 0.5,
            hi: 1.5,
            cap: CapOrder::After,
        },
        multiplier: 1.5,
        ..Policy::default()
    };
    let state = State {
        policy,
        honor: false,
        ..State::with_seed(7)
    };
    let csv = csv_export(&schedule(&policy, 7), &state, "https://x.test/?a=1,2");
    assert!(csv.contains(
        "multiplier,1.5\ncap_ms,32000\nmax_retries,5\njitter,proportional\n\
         proportional_lo,0.5\nproportional_hi,1.5\ncap_order,after\nseed,7\n\
         deadline_ms,none\nretry_after_max_ms,600000\nhonor_retry_after,false\n\
         share_link,\"https://x.test/?a=1,2\"\n"
    ));
    assert!(!csv.contains("server_wait,"));
}

#[test]
fn markdown_export_starts_with_the_policy_and_the_link() {
    let state = state_for(no_jitter());
    let s = schedule(&state.policy, state.seed);
    let md = markdown_export(&s, &state, LINK);
    assert!(md.starts_with(&format!(
        "**Retry policy**\n\n\
         - Base delay: 1,000 ms (1.00 s)\n\
         - Multiplier: 2\n\
         - Max delay: 32,000 ms (32.0 s)\n\
         - Max retries: 5 (6 attempts)\n\
         - Jitter: None\n\
         - Seed: 42\n\
         - Deadline: 20,000 ms (20.0 s)\n\
         - Retry-After maximum: 20,000 ms (20.0 s)\n\
         - Honor Retry-After: yes\n\
         - Server wait: retry 2 waits 3,000 ms (3.00 s)\n\
         - Share link: <{LINK}>\n\n\
         | Retry | Sampled delay |"
    )));
    assert!(md.ends_with(&to_markdown(&s)));
    let prop = Policy {
        jitter: Jitter::Proportional,
        ..no_jitter()
    };
    let md = markdown_export(
        &schedule(&prop, 1),
        &State {
            policy: prop,
            ..State::with_seed(1)
        },
        LINK,
    );
    assert!(md.contains("- Jitter: Proportional\n- Factors: 0.8 – 1.2, cap before the factor\n"));
    assert!(md.contains("- Deadline: none\n"));
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

#[test]
fn a_library_export_lists_its_own_settings_not_the_page_policy() {
    use backoff_calculator::core::library::{library_schedule, Configured, LibId};
    let mut state = State::with_seed(9);
    let mut c = Configured::defaults(LibId::parse("urllib3").unwrap());
    c.values.set_text("total", "3").unwrap();
    let s = library_schedule(&c, 9).unwrap().schedule;
    state.library = Some(c);
    let md = markdown_export(&s, &state, "https://x/?lib=urllib3");
    assert!(
        md.contains("- Library: urllib3 Retry\n- total: 3\n- backoff_factor: 0 s\n"),
        "{md}"
    );
    assert!(!md.contains("Base delay") && !md.contains("Honor"), "{md}");
    let csv = csv_export(&s, &state, "https://x/?lib=urllib3");
    assert!(
        csv.starts_with("setting,value\nlibrary,urllib3\ntotal,3\nbackoff_factor,0 s\n"),
        "{csv}"
    );
    // The deadline and a server's wait are the page's, whatever the model.
    state.deadline_ms = Some(5000);
    state.server_wait = Some((2, 3000));
    let csv = csv_export(&s, &state, "x");
    assert!(
        csv.contains("deadline_ms,5000\n") && csv.contains("server_wait,retry 2: 3000 ms\n"),
        "{csv}"
    );
}

/// A retry the sampled run did not make (a library's time budget ran out
/// first) reads "did not happen" in the Markdown and is empty in the CSV,
/// not a wait of 0 ms.
#[test]
fn exports_say_which_retries_the_sample_did_not_make() {
    use backoff_calculator::core::library::{library_schedule, Configured, LibId};
    use backoff_calculator::core::schedule::NOT_MADE;
    let c = Configured::defaults(LibId::parse("cenkalti").unwrap());
    let s = library_schedule(&c, 1).unwrap().schedule;
    let made = s
        .sample_ends
        .expect("cenkalti's defaults stop every run early") as usize;
    let csv = to_csv(&s);
    let lines: Vec<&str> = csv.lines().skip(1).collect();
    assert!(!lines[made - 1].split(',').nth(1).unwrap().is_empty());
    for line in &lines[made..] {
        assert_eq!(line.split(',').nth(1), Some(""), "{line}");
    }
    let md = to_markdown(&s);
    let rows: Vec<&str> = md
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| Retry"))
        .collect();
    assert!(!rows[made - 1].contains(NOT_MADE));
    assert!(rows[made..].iter().all(|r| r.contains(NOT_MADE)));
}
