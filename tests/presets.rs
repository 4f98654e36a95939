//! Every preset reproduces its source's first three delays.
//!
//! Each expectation is worked out from the source's own formula, written
//! out next to the link. Libraries that truncate to whole milliseconds are
//! compared with the exact value the page models (the difference is below
//! one millisecond and is stated in the preset's note).

use backoff_calculator::core::policy::Policy;
use backoff_calculator::core::presets::{by_id, matching, PRESETS};
use backoff_calculator::core::schedule::schedule;

fn first_three(id: &str) -> Vec<(f64, f64)> {
    let preset = by_id(id).unwrap_or_else(|| panic!("no preset {id}"));
    let s = schedule(&preset.policy, 1);
    s.rows
        .iter()
        .take(3)
        .map(|r| (r.min_ms, r.max_ms))
        .collect()
}

#[test]
fn google_cloud_storage_java() {
    // https://github.com/googleapis/sdk-platform-java/blob/main/java-core/google-cloud-core/src/main/java/com/google/cloud/ServiceOptions.java
    // initial 1000 ms, ×2, max 32,000 ms, 6 attempts, 50 s total; gax draws nextLong(delay).
    assert_eq!(
        first_three("gcs-java"),
        [(0.0, 1000.0), (0.0, 2000.0), (0.0, 4000.0)]
    );
    assert_eq!(by_id("gcs-java").unwrap().deadline_ms, Some(50_000));
    assert_eq!(by_id("gcs-java").unwrap().policy, Policy::default());
}

#[test]
fn botocore_standard() {
    // https://github.com/boto/botocore/blob/develop/botocore/retries/standard.py
    // random() * min(2 ** (attempt - 1), 20) seconds, 3 attempts.
    assert_eq!(first_three("botocore"), [(0.0, 1000.0), (0.0, 2000.0)]);
    assert_eq!(by_id("botocore").unwrap().policy.max_retries, 2);
}

#[test]
fn aws_sdk_js_v3() {
    // https://github.com/smithy-lang/smithy-typescript/tree/main/packages/util-retry/src
    // floor(random * min(100 * 2 ** i, 20000)), i = 0 for the first retry, 3 attempts.
    assert_eq!(first_three("aws-js-v3"), [(0.0, 100.0), (0.0, 200.0)]);
}

#[test]
fn google_api_core_python() {
    // https://github.com/googleapis/python-api-core/blob/main/google/api_core/retry/retry_base.py
    // uniform(0, delay); delay = min(delay * 2, 60) from 1 s; 120 s deadline.
    assert_eq!(
        first_three("google-api-core"),
        [(0.0, 1000.0), (0.0, 2000.0), (0.0, 4000.0)]
    );
    assert_eq!(by_id("google-api-core").unwrap().deadline_ms, Some(120_000));
}

#[test]
fn grpc_connection_backoff() {
    // https://github.com/grpc/grpc/blob/master/doc/connection-backoff.md
    // 1 s × 1.6^n capped at 120 s, times uniform(0.8, 1.2).
    let r = first_three("grpc");
    assert_eq!(r[0], (800.0, 1200.0));
    assert!((r[1].0 - 1280.0).abs() < 1e-9 && (r[1].1 - 1920.0).abs() < 1e-9);
    assert!((r[2].0 - 2048.0).abs() < 1e-9 && (r[2].1 - 3072.0).abs() < 1e-9);
    // Capped before the jitter: once the backoff reaches 120 s (retry 12),
    // a sleep can reach 144 s.
    let long = Policy {
        max_retries: 12,
        ..by_id("grpc").unwrap().policy
    };
    let s = schedule(&long, 1);
    assert!(s.rows[10].max_ms < 144_000.0);
    assert_eq!(s.rows[11].max_ms, 144_000.0);
}

#[test]
fn cenkalti_backoff_v4() {
    // https://github.com/cenkalti/backoff/blob/v4.3.0/exponential.go
    // 500 ms × 1.5^n, randomization factor 0.5, MaxInterval caps before the jitter.
    assert_eq!(
        first_three("cenkalti"),
        [(250.0, 750.0), (375.0, 1125.0), (562.5, 1687.5)]
    );
    let s = schedule(&by_id("cenkalti").unwrap().policy, 1);
    assert_eq!(s.rows.last().unwrap().max_ms, 90_000.0);
}

#[test]
fn client_go_default_backoff() {
    // https://github.com/kubernetes/client-go/blob/master/util/retry/util.go
    // Steps 4, Duration 10 ms, Factor 5, Jitter 0.1: d + rand * 0.1 * d.
    let r = first_three("client-go");
    assert_eq!(r[0], (10.0, 11.0));
    assert!((r[1].0 - 50.0).abs() < 1e-9 && (r[1].1 - 55.0).abs() < 1e-9);
    assert!((r[2].0 - 250.0).abs() < 1e-9 && (r[2].1 - 275.0).abs() < 1e-9);
    assert_eq!(by_id("client-go").unwrap().policy.max_retries, 3);
}

#[test]
fn resilience4j() {
    // https://github.com/resilience4j/resilience4j/blob/master/resilience4j-core/src/main/java/io/github/resilience4j/core/IntervalFunction.java
    // 500 ms × 1.5^n, randomization 0.5 (the library truncates to whole ms: 749, 1124, 1687).
    assert_eq!(
        first_three("resilience4j"),
        [(250.0, 750.0), (375.0, 1125.0)]
    );
}

#[test]
fn openai_python() {
    // https://github.com/openai/openai-python/blob/main/src/openai/_base_client.py
    // min(0.5 * 2 ** n, 8) * (1 - 0.25 * random()), 2 retries.
    assert_eq!(
        first_three("openai-python"),
        [(375.0, 500.0), (750.0, 1000.0)]
    );
}

#[test]
fn go_retryablehttp() {
    // https://github.com/hashicorp/go-retryablehttp/blob/main/client.go
    // 2^i × 1 s, capped at 30 s, 4 retries, no jitter.
    assert_eq!(
        first_three("go-retryablehttp"),
        [(1000.0, 1000.0), (2000.0, 2000.0), (4000.0, 4000.0)]
    );
}

#[test]
fn backon() {
    // https://github.com/Xuanwo/backon/blob/main/backon/src/backoff/exponential.rs
    // min_delay 1 s, factor 2, max_delay 60 s, max_times 3; the crate's own test expects 1 s, 2 s, 4 s.
    assert_eq!(
        first_three("backon"),
        [(1000.0, 1000.0), (2000.0, 2000.0), (4000.0, 4000.0)]
    );
}

#[test]
fn curl_retry() {
    // https://curl.se/docs/manpage.html#--retry
    // "first waits one second and then for all forthcoming retries it doubles the waiting time until it reaches 10 minutes"
    assert_eq!(
        first_three("curl"),
        [(1000.0, 1000.0), (2000.0, 2000.0), (4000.0, 4000.0)]
    );
}

#[test]
fn presets_are_distinct_valid_and_found_again() {
    assert!(PRESETS.len() >= 8);
    for (i, p) in PRESETS.iter().enumerate() {
        assert!(p.policy.proportional.check().is_ok(), "{}", p.id);
        assert!(p.url.starts_with("https://"), "{}", p.id);
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
