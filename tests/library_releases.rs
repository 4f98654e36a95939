//! The release a person runs (`Release`, `lib.version=`): each model's
//! older releases against the sources docs/libraries.md cites, the config
//! each writes and what it refuses. The link that carries the release and
//! the select that reads it: `tests/library_release_link.rs`.

// Each test file uses only some of the helpers.
#[allow(dead_code)]
#[path = "common/library.rs"]
mod helpers;
use helpers::{model, values};

use backoff_calculator::core::library::{
    sample, schedule, Configured, LibId, Values, NODE_TIMER_MAX_MS,
};

/// `id`'s values with `sets` applied, at `release` (its link spelling).
fn at(id: &str, release: &'static str, sets: &[(&str, &str)]) -> Values {
    let mut v = values(id, sets);
    v.set_release(release);
    v
}

/// Each row's (min, max, expected), ms.
fn rows(id: &str, v: &Values) -> Vec<(f64, f64, f64)> {
    let s = schedule(model(id), v).unwrap_or_else(|e| panic!("{id}: {e}"));
    s.rows
        .iter()
        .map(|r| (r.min_ms, r.max_ms, r.expected_ms))
        .collect()
}

fn configured(id: &str, v: Values) -> Configured {
    Configured {
        lib: LibId::parse(id).unwrap(),
        values: v,
        unread: Vec::new(),
    }
}

fn config(id: &str, v: &Values) -> String {
    LibId::parse(id).unwrap().writer().config(v)
}

#[test]
fn urllib3_before_2_6_3_has_no_retry_after_max() {
    let old = at(
        "urllib3",
        "2.5",
        &[("total", "3"), ("backoff_factor", "0.5")],
    );
    let new = values("urllib3", &[("total", "3"), ("backoff_factor", "0.5")]);
    // The delays are the same: 0, 1 s, 2 s.
    assert_eq!(rows("urllib3", &old), rows("urllib3", &new));
    assert_eq!(
        rows("urllib3", &old),
        vec![
            (0.0, 0.0, 0.0),
            (1000.0, 1000.0, 1000.0),
            (2000.0, 2000.0, 2000.0)
        ]
    );
    // A server's wait is not clamped before 2.6.3; 21,600 s from it on.
    let reads = |v: Values| configured("urllib3", v).reads_retry_after().max_ms;
    assert_eq!(reads(old.clone()), u64::MAX);
    assert_eq!(reads(new.clone()), 21_600_000);
    // The config never passes retry_after_max (a TypeError on 2.5).
    let text = config("urllib3", &old);
    assert!(!text.contains("retry_after_max"), "{text}");
    assert!(text.contains("# urllib3 >= 2.0\n"), "{text}");
    // Another retry_after_max is refused at that release, with the reason.
    let mut other = old.clone();
    other.set("retry_after_max", 60.0).unwrap();
    let e = configured("urllib3", other)
        .check()
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("retry_after_max: new in urllib3 2.6.3"),
        "{e}"
    );
}

#[test]
fn tenacity_before_9_2_writes_initial_and_refuses_min() {
    let sets = [
        ("wait", "wait_exponential_jitter"),
        ("multiplier", "2"),
        ("jitter", "0.5"),
        ("stop_after_attempt", "4"),
    ];
    let old = at("tenacity", "9.1", &sets);
    // 9.1.4: max(0, min(initial · 2^(n−1) + U(0, jitter), max)).
    assert_eq!(
        rows("tenacity", &old),
        vec![
            (2000.0, 2500.0, 2250.0),
            (4000.0, 4500.0, 4250.0),
            (8000.0, 8500.0, 8250.0)
        ]
    );
    assert_eq!(
        rows("tenacity", &old),
        rows("tenacity", &values("tenacity", &sets))
    );
    let text = config("tenacity", &old);
    assert!(
        text.contains("wait=wait_exponential_jitter(initial=2, exp_base=2, jitter=0.5)"),
        "{text}"
    );
    assert!(!text.contains("multiplier=") && !text.contains("min=") && !text.contains("9.2"));
    // 9.2 writes multiplier= and says it needs 9.2.
    assert!(config("tenacity", &values("tenacity", &sets)).contains("need tenacity >= 9.2"));
    // min is refused for that wait only.
    let mut floor = old.clone();
    floor.set("min", 1.0).unwrap();
    let e = configured("tenacity", floor.clone()).check().unwrap_err();
    assert!(
        e.to_string()
            .starts_with("min: wait_exponential_jitter takes no min"),
        "{e}"
    );
    floor.set("wait", 0.0).unwrap();
    assert!(configured("tenacity", floor).check().is_ok());
}

#[test]
fn grpc_draws_the_jitter_of_its_release() {
    // A6's example: 0.1 s × 2^(n−1), capped at 1 s, 3 retries.
    let expect = |lo: f64, hi: f64| -> Vec<(f64, f64, f64)> {
        [100.0, 200.0, 400.0]
            .iter()
            .map(|c| (lo * c, hi * c, (lo + hi) / 2.0 * c))
            .collect()
    };
    let close = |a: Vec<(f64, f64, f64)>, b: Vec<(f64, f64, f64)>| {
        for (x, y) in a.iter().zip(&b) {
            assert!((x.0 - y.0).abs() < 1e-9 && (x.1 - y.1).abs() < 1e-9);
            assert!((x.2 - y.2).abs() < 1e-9, "{a:?} {b:?}");
        }
    };
    close(rows("grpc", &at("grpc", "", &[])), expect(0.8, 1.2));
    close(
        rows("grpc", &at("grpc", "java-1.71", &[])),
        expect(0.4, 1.2),
    );
    close(rows("grpc", &at("grpc", "1.68", &[])), expect(0.0, 1.0));
    // Every draw of the full-jitter release is within its range.
    let v = at("grpc", "1.68", &[]);
    for seed in 0..200 {
        let run = sample(model("grpc"), &v, seed).unwrap();
        for (k, s) in run.iter().enumerate() {
            assert!(*s >= 0.0 && *s < 100.0 * 2f64.powi(k as i32));
        }
    }
}

#[test]
fn aws_classic_costs_and_backoff() {
    // Classic: min(U · 2^(n−1) s, 20 s), the cap after the jitter.
    let v = at("aws", "classic", &[("max_attempts", "7")]);
    let r = rows("aws", &v);
    let max: Vec<f64> = r.iter().map(|x| x.1).collect();
    assert_eq!(max, [1000.0, 2000.0, 4000.0, 8000.0, 16000.0, 20000.0]);
    assert_eq!(r[0].2, 500.0);
    // Retry 6 draws U·32 s: 20 s for 37.5 % of draws, the rest uniform.
    assert!((r[5].2 - 13_750.0).abs() < 1e-6, "{}", r[5].2);
    // 2026: U · min(50 ms · 2^(n−1), 20 s).
    let new = rows("aws", &values("aws", &[("max_attempts", "7")]));
    assert_eq!(new[0].1, 50.0);
    // The quota: 500 tokens at 5 a retry pay for 100, at 14 for 35.
    let many = |release| {
        let v = at("aws", release, &[("max_attempts", "200")]);
        model("aws").max_retries(&v)
    };
    assert_eq!(many("classic"), Some(100));
    assert_eq!(many(""), Some(35));
    // Throttling changes nothing in classic.
    let throttled = at(
        "aws",
        "classic",
        &[("max_attempts", "7"), ("throttling", "true")],
    );
    assert_eq!(rows("aws", &throttled), r);
    assert!(config("aws", &v).contains("# Classic costs (before 2026)"));
}

#[test]
fn p_retry_7_fires_waits_past_the_timer_limit_after_1_ms() {
    let sets = [("retries", "9"), ("factor", "10"), ("minTimeout", "1000")];
    let old = rows("p-retry", &at("p-retry", "7", &sets));
    let new = rows("p-retry", &values("p-retry", &sets));
    assert_eq!(old[..7], new[..7]);
    assert_eq!(old[6], (1e9, 1e9, 1e9));
    // Retries 8 and 9 ask for 116 and 1,157 days: Node runs them at once.
    assert_eq!(old[7], (1.0, 1.0, 1.0));
    assert_eq!(old[8], (1.0, 1.0, 1.0));
    assert_eq!(new[7].1, NODE_TIMER_MAX_MS);
    // With randomize, a range across the limit reaches down to 1 ms.
    let sets = [
        ("retries", "10"),
        ("factor", "10"),
        ("minTimeout", "1000"),
        ("randomize", "true"),
    ];
    let v = at("p-retry", "7", &sets);
    let r = rows("p-retry", &v);
    assert_eq!((r[6].0, r[6].1), (1e9, 2e9));
    // 10^7 s × [1, 2): from 10^10 ms, all past the limit.
    assert_eq!(r[7], (1.0, 1.0, 1.0));
    for seed in 0..50 {
        let run = sample(model("p-retry"), &v, seed).unwrap();
        assert!(run.iter().all(|s| *s <= NODE_TIMER_MAX_MS), "{run:?}");
    }
    // Within a time budget the two releases agree.
    let budget = [
        ("retries", "9"),
        ("factor", "10"),
        ("maxRetryTime", "5000000"),
    ];
    assert_eq!(
        rows("p-retry", &at("p-retry", "7", &budget)),
        rows("p-retry", &values("p-retry", &budget))
    );
}
