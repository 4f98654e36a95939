//! The models of the libraries not run here (backon, cenkalti/backoff,
//! go-retryablehttp, Polly, resilience4j, Spring Retry, gRPC, Envoy,
//! client-go) reproduce the worked examples docs/libraries.md computed from
//! each library's cited code.

#[path = "common/library.rs"]
mod helpers;
use helpers::{model, ms, ranges, values};

use backoff_calculator::core::library::{sample, schedule, LibError};

fn fixed(id: &str, sets: &[(&str, &str)]) -> Vec<f64> {
    let r = ranges(id, sets);
    assert!(
        r.iter().all(|(a, b)| a == b),
        "{id} {sets:?}: not fixed: {r:?}"
    );
    r.into_iter().map(|r| r.0).collect()
}

fn close(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x.0 - y.0).abs() < 1e-6 && (x.1 - y.1).abs() < 1e-6)
}

#[test]
fn polly() {
    let exp = [
        ("BackoffType", "Exponential"),
        ("Delay", "1"),
        ("MaxRetryAttempts", "5"),
    ];
    assert_eq!(fixed("polly", &exp), vec![1e3, 2e3, 4e3, 8e3, 16e3]);
    let capped = [exp[0], exp[1], exp[2], ("MaxDelay", "5")];
    assert_eq!(fixed("polly", &capped), vec![1e3, 2e3, 4e3, 5e3, 5e3]);
    let linear = [("BackoffType", "Linear"), ("UseJitter", "true")];
    assert!(close(
        &ranges("polly", &linear),
        &[(1500.0, 2500.0), (3000.0, 5000.0), (4500.0, 7500.0)]
    ));
    // DecorrelatedJitterBackoffV2, Delay 1 s: retry 1 below 2·tanh 2 / 1.4 s;
    // the means, the curve's integrals (computed apart with 20,000 midpoint
    // steps): 871.12, 1158.15, 2077.91, 4127.60, 8246.45 ms; with no cap
    // they are a closed form, not a simulation.
    let dj = [exp[0], exp[1], exp[2], ("UseJitter", "true")];
    let s = schedule(model("polly"), &values("polly", &dj)).unwrap();
    assert!((s.rows[0].max_ms - 2.0 * 2f64.tanh() / 1.4 * 1000.0).abs() < 1e-6);
    for (row, mean) in s
        .rows
        .iter()
        .zip([871.12, 1158.15, 2077.91, 4127.60, 8246.45])
    {
        assert!(
            !row.simulated && (row.expected_ms - mean).abs() < 0.05,
            "{row:?} vs {mean}"
        );
    }
    // And a 2,000-run simulation of the same sleeps agrees, within 2 %.
    let runs: Vec<Vec<f64>> = (0..2000)
        .map(|seed| sample(model("polly"), &values("polly", &dj), seed).unwrap())
        .collect();
    for (k, row) in s.rows.iter().enumerate() {
        let mean = runs.iter().map(|r| r[k]).sum::<f64>() / runs.len() as f64;
        assert!(
            (mean / row.expected_ms - 1.0).abs() < 0.02,
            "retry {}: {mean} vs {row:?}",
            k + 1
        );
    }
    // With a cap that may bind, the mean is simulated again.
    let capped_dj = [
        exp[0],
        exp[1],
        exp[2],
        ("UseJitter", "true"),
        ("MaxDelay", "3"),
    ];
    let s = schedule(model("polly"), &values("polly", &capped_dj)).unwrap();
    assert!(s.rows.iter().any(|r| r.simulated));
}

#[test]
fn resilience4j_truncates_every_step() {
    let exp = [("maxAttempts", "8"), ("enableExponentialBackoff", "true")];
    assert_eq!(
        fixed("resilience4j", &exp),
        vec![500.0, 750.0, 1125.0, 1687.0, 2530.0, 3795.0, 5692.0]
    );
    let rnd = [
        ("maxAttempts", "5"),
        exp[1],
        ("enableRandomizedWait", "true"),
    ];
    let want = [
        (250.0, 750.0),
        (375.0, 1125.0),
        (562.0, 1688.0),
        (843.0, 2531.0),
    ];
    assert_eq!(ranges("resilience4j", &rnd), want);
    let max = [
        ("maxAttempts", "6"),
        ("waitDuration", "1000"),
        exp[1],
        ("exponentialBackoffMultiplier", "2"),
        ("exponentialMaxWaitDuration", "5000"),
    ];
    assert_eq!(
        fixed("resilience4j", &max),
        vec![1000.0, 2000.0, 4000.0, 5000.0, 5000.0]
    );
    assert_eq!(fixed("resilience4j", &[]), vec![500.0, 500.0]);
}

#[test]
fn spring_retry() {
    let two = [("maxAttempts", "5"), ("multiplier", "2")];
    assert_eq!(
        fixed("spring-retry", &two),
        vec![1000.0, 2000.0, 4000.0, 8000.0]
    );
    let max = [
        ("maxAttempts", "6"),
        ("multiplier", "1.5"),
        ("maxDelay", "5000"),
    ];
    assert_eq!(
        fixed("spring-retry", &max),
        vec![1000.0, 1500.0, 2250.0, 3375.0, 5000.0]
    );
    let rnd = [
        ("maxAttempts", "4"),
        ("multiplier", "2"),
        ("random", "true"),
    ];
    let want = [(1000.0, 1999.0), (2000.0, 3999.0), (4000.0, 7999.0)];
    assert_eq!(ranges("spring-retry", &rnd), want);
    // @Backoff(delay = 0): `delay` and `value` are @AliasFor mirrors, so
    // 0 is 0, floored to 1 ms by each policy (spring-retry 2.0.12,
    // Backoff.java 58/68, FixedBackOffPolicy.setBackOffPeriod); the
    // exponential and uniform policies floor it the same way.
    assert_eq!(fixed("spring-retry", &[("delay", "0")]), vec![1.0, 1.0]);
    let exp0 = [("delay", "0"), ("multiplier", "2"), ("maxAttempts", "4")];
    assert_eq!(fixed("spring-retry", &exp0), vec![1.0, 2.0, 4.0]);
    let uni0 = [("delay", "0"), ("maxDelay", "100")];
    assert_eq!(ranges("spring-retry", &uni0), vec![(1.0, 99.0); 2]);
    let one = [("delay", "0"), ("maxDelay", "1")];
    assert_eq!(fixed("spring-retry", &one), vec![1.0, 1.0]);
    // A multiplier in (0, 1] counts as 1.
    assert_eq!(
        fixed("spring-retry", &[("multiplier", "0.5")]),
        vec![1000.0, 1000.0]
    );
    let uni = [("delay", "500"), ("maxDelay", "1500")];
    assert_eq!(ranges("spring-retry", &uni), vec![(500.0, 1499.0); 2]);
    // No maxDelay above delay: the exponential policy's 30 s.
    let long = [("maxAttempts", "8"), ("multiplier", "2")];
    assert_eq!(fixed("spring-retry", &long).last(), Some(&30_000.0));
}

#[test]
fn grpc_jitters_twenty_percent_and_caps_attempts_at_five() {
    assert!(close(
        &ranges("grpc", &[]),
        &[(80.0, 120.0), (160.0, 240.0), (320.0, 480.0)]
    ));
    let three = [
        ("maxAttempts", "5"),
        ("initialBackoff", "1"),
        ("maxBackoff", "5"),
        ("backoffMultiplier", "3"),
    ];
    let want = [
        (800.0, 1200.0),
        (2400.0, 3600.0),
        (4000.0, 6000.0),
        (4000.0, 6000.0),
    ];
    assert!(close(&ranges("grpc", &three), &want));
    assert_eq!(ranges("grpc", &[("maxAttempts", "10")]).len(), 4);
}

#[test]
fn envoy_doubles_below_half_the_max() {
    assert_eq!(ranges("envoy", &[]), vec![(0.0, 24.0)]);
    let six = ranges("envoy", &[("num_retries", "6")]);
    let highs: Vec<f64> = six.iter().map(|r| r.1).collect();
    assert_eq!(highs, vec![24.0, 49.0, 99.0, 199.0, 249.0, 249.0]);
    let odd = [("num_retries", "3"), ("max_interval", "101")];
    assert_eq!(
        ranges("envoy", &odd),
        vec![(0.0, 24.0), (0.0, 49.0), (0.0, 100.0)]
    );
    let v = values("envoy", &[("base_interval", "100"), ("max_interval", "50")]);
    assert!(matches!(
        schedule(model("envoy"), &v),
        Err(LibError::Conflict { .. })
    ));
    let draws = sample(model("envoy"), &values("envoy", &[("num_retries", "6")]), 7).unwrap();
    assert!(
        draws.iter().all(|d| d.fract() == 0.0),
        "whole ms: {draws:?}"
    );
}

#[test]
fn client_go_stops_when_it_reaches_cap() {
    let want = [(10.0, 11.0), (50.0, 55.0), (250.0, 275.0)];
    assert!(close(&ranges("client-go", &[]), &want));
    let cap = [
        ("Duration", "100"),
        ("Factor", "2"),
        ("Jitter", "0"),
        ("Steps", "10"),
        ("Cap", "1000"),
    ];
    let v = values("client-go", &cap);
    let s = schedule(model("client-go"), &v).unwrap();
    let rows: Vec<f64> = s.rows.iter().map(|r| r.min_ms).collect();
    assert_eq!(rows, vec![100.0, 200.0, 400.0], "4 attempts, not 10");
    assert_eq!(
        s.trailing.map(|b| b.max_ms),
        Some(800.0),
        "then an 800 ms sleep and no attempt"
    );
    let flat = [
        ("Duration", "1000"),
        ("Factor", "0"),
        ("Jitter", "0.5"),
        ("Steps", "3"),
    ];
    assert!(close(
        &ranges("client-go", &flat),
        &[(1000.0, 1500.0), (1000.0, 1500.0)]
    ));
}

#[test]
fn backon_does_not_cap_the_first_delay() {
    assert_eq!(fixed("backon", &[]), ms(&[1.0, 2.0, 4.0]));
    let eight = [("max_times", "8")];
    assert_eq!(
        fixed("backon", &eight),
        ms(&[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0])
    );
    let jit = [("jitter", "true")];
    assert_eq!(
        ranges("backon", &jit),
        vec![(1e3, 2e3), (2e3, 4e3), (4e3, 8e3)]
    );
    let big = [("min_delay", "90000")];
    assert_eq!(fixed("backon", &big), ms(&[90.0, 60.0, 60.0]));
    // The case: min_delay 5 s, max_delay 2 s waits 5, 2, 2 s.
    assert_eq!(
        fixed("backon", &[("min_delay", "5000"), ("max_delay", "2000")]),
        ms(&[5.0, 2.0, 2.0])
    );
    // total_delay 5 s: 1 + 2 = 3, and 3 + 4 > 5 ends it.
    assert_eq!(fixed("backon", &[("total_delay", "5000")]), ms(&[1.0, 2.0]));
}

#[test]
fn cenkalti_caps_the_interval_not_the_first_sleep() {
    let d = [
        ("RandomizationFactor", "0"),
        ("Multiplier", "2"),
        ("InitialInterval", "1000"),
    ];
    let six = [
        d[0],
        d[1],
        d[2],
        ("MaxInterval", "10000"),
        ("MaxTries", "6"),
    ];
    assert_eq!(fixed("cenkalti", &six), ms(&[1.0, 2.0, 4.0, 8.0, 10.0]));
    let first = [
        ("InitialInterval", "5000"),
        ("MaxInterval", "2000"),
        ("RandomizationFactor", "0"),
        ("MaxTries", "4"),
    ];
    assert_eq!(fixed("cenkalti", &first), ms(&[5.0, 2.0, 2.0]));
    // Defaults: intervals 0.5, 0.75, 1.125 s, each ± 50 %.
    let r = ranges("cenkalti", &[("MaxTries", "4")]);
    let want = [(250.0, 750.0), (375.0, 1125.0), (562.5, 1687.5)];
    for (got, want) in r.iter().zip(want) {
        assert!(
            (got.0 - want.0).abs() < 1e-6 && (got.1 - want.1).abs() < 1e-6,
            "{got:?} {want:?}"
        );
    }
    // The 15-minute budget: sleeps up to 90 s; the count is simulated.
    let s = schedule(model("cenkalti"), &values("cenkalti", &[])).unwrap();
    let b = s.budget.unwrap();
    assert!(
        b.always >= 15 && b.beyond <= 0.001 && s.rows.len() < 45,
        "{b:?} {}",
        s.rows.len()
    );
    assert!(s.rows.iter().map(|r| r.max_ms).fold(0.0, f64::max) <= 90_000.0);
}

#[test]
fn retryablehttp_doubles_to_its_max() {
    assert_eq!(fixed("retryablehttp", &[]), ms(&[1.0, 2.0, 4.0, 8.0]));
    let eight = fixed("retryablehttp", &[("RetryMax", "8")]);
    assert_eq!(eight, ms(&[1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0, 30.0]));
}
