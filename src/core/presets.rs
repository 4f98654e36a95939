//! Retry defaults of real libraries, each checked against its source.
//!
//! Every preset is expressed exactly in the page's modes, or left out:
//! stripe-node is left out because its sleeps have a 0.5 s floor on top of
//! a shifted exponent, which no mode here models. Libraries that retry
//! "until a time budget runs out" get a retry count large enough for the
//! budget to bind, and the budget as the deadline. Small differences that
//! change no figure by a whole millisecond (libraries that truncate a sleep
//! to whole ms) are noted, not modelled. Checked 2026-11-29.

use super::policy::{CapOrder, Jitter, Policy, Proportional, MAX_DELAY_MS};

/// A library's retry defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    /// Stable identifier.
    pub id: &'static str,
    /// Name shown in the `Preset` select.
    pub name: &'static str,
    /// The policy it fills in.
    pub policy: Policy,
    /// The caller's deadline it implies (a total time budget), if any.
    pub deadline_ms: Option<u64>,
    /// One line on what it models and what it leaves out.
    pub note: &'static str,
    /// Where the numbers come from.
    pub source: &'static str,
    /// Link to the source.
    pub url: &'static str,
}

const fn policy(
    base_ms: u64,
    multiplier: f64,
    cap_ms: u64,
    max_retries: u32,
    jitter: Jitter,
) -> Policy {
    Policy {
        base_ms,
        multiplier,
        cap_ms,
        max_retries,
        jitter,
        proportional: Proportional {
            lo: 0.8,
            hi: 1.2,
            cap: CapOrder::Before,
        },
    }
}

const fn proportional(
    base_ms: u64,
    multiplier: f64,
    cap_ms: u64,
    max_retries: u32,
    lo: f64,
    hi: f64,
    cap: CapOrder,
) -> Policy {
    Policy {
        proportional: Proportional { lo, hi, cap },
        ..policy(
            base_ms,
            multiplier,
            cap_ms,
            max_retries,
            Jitter::Proportional,
        )
    }
}

/// The presets, in the order the select lists them.
pub const PRESETS: [Preset; 12] = [
    Preset {
        id: "gcs-java",
        name: "Google Cloud Storage (Java)",
        policy: policy(1_000, 2.0, 32_000, 5, Jitter::Full),
        deadline_ms: Some(50_000),
        note: "6 attempts within a 50 s total timeout; full jitter in whole ms; no Retry-After. The page's defaults.",
        source: "googleapis/sdk-platform-java ServiceOptions.java and gax ExponentialRetryAlgorithm.java",
        url: "https://github.com/googleapis/sdk-platform-java/blob/main/java-core/google-cloud-core/src/main/java/com/google/cloud/ServiceOptions.java",
    },
    Preset {
        id: "botocore",
        name: "AWS SDK standard mode (botocore)",
        policy: policy(1_000, 2.0, 20_000, 2, Jitter::Full),
        deadline_ms: None,
        note: "3 attempts; the first sleep is uniform(0, 1 s); Retry-After is not read.",
        source: "boto/botocore botocore/retries/standard.py",
        url: "https://github.com/boto/botocore/blob/develop/botocore/retries/standard.py",
    },
    Preset {
        id: "aws-js-v3",
        name: "AWS SDK for JavaScript v3 (smithy)",
        policy: policy(100, 2.0, 20_000, 2, Jitter::Full),
        deadline_ms: None,
        note: "3 attempts; sleeps floored to whole ms; throttling errors use a 500 ms base; Retry-After is kept within [delay, delay + 5 s].",
        source: "smithy-lang/smithy-typescript packages/util-retry",
        url: "https://github.com/smithy-lang/smithy-typescript/tree/main/packages/util-retry/src",
    },
    Preset {
        id: "google-api-core",
        name: "Google API core (Python)",
        policy: policy(1_000, 2.0, 60_000, 10, Jitter::Full),
        deadline_ms: Some(120_000),
        note: "Retries until a 120 s deadline (shown as 10 retries and that deadline); generated clients often pass their own settings.",
        source: "googleapis/python-api-core google/api_core/retry/retry_base.py",
        url: "https://github.com/googleapis/python-api-core/blob/main/google/api_core/retry/retry_base.py",
    },
    Preset {
        id: "grpc",
        name: "gRPC connection backoff",
        policy: proportional(1_000, 1.6, 120_000, 10, 0.8, 1.2, CapOrder::Before),
        deadline_ms: None,
        note: "±20 % around a 1.6× backoff capped at 120 s before the jitter, so a sleep can reach 144 s; retries are unbounded (10 shown). As in gRPC C-core, the first delay is jittered too.",
        source: "grpc/grpc doc/connection-backoff.md",
        url: "https://github.com/grpc/grpc/blob/master/doc/connection-backoff.md",
    },
    Preset {
        id: "cenkalti",
        name: "cenkalti/backoff v4 (Go)",
        policy: proportional(500, 1.5, 60_000, 15, 0.5, 1.5, CapOrder::Before),
        deadline_ms: Some(900_000),
        note: "The 60 s cap applies before the ±50 % jitter, so a sleep can reach 90 s; stops after 15 minutes (15 retries shown).",
        source: "cenkalti/backoff exponential.go",
        url: "https://github.com/cenkalti/backoff/blob/v4.3.0/exponential.go",
    },
    Preset {
        id: "client-go",
        name: "Kubernetes client-go DefaultBackoff",
        policy: proportional(10, 5.0, MAX_DELAY_MS, 3, 1.0, 1.1, CapOrder::Before),
        deadline_ms: None,
        note: "4 steps are 4 attempts, so 3 sleeps; up to 10 % added jitter; no cap (the page's largest cap stands in).",
        source: "kubernetes/client-go util/retry/util.go and apimachinery wait/backoff.go",
        url: "https://github.com/kubernetes/client-go/blob/master/util/retry/util.go",
    },
    Preset {
        id: "resilience4j",
        name: "Resilience4j exponential random backoff",
        policy: proportional(500, 1.5, MAX_DELAY_MS, 2, 0.5, 1.5, CapOrder::After),
        deadline_ms: None,
        note: "With RetryConfig's 3 attempts; no cap unless one is given, and then it applies after the jitter; sleeps truncated to whole ms.",
        source: "resilience4j IntervalFunction.java",
        url: "https://github.com/resilience4j/resilience4j/blob/master/resilience4j-core/src/main/java/io/github/resilience4j/core/IntervalFunction.java",
    },
    Preset {
        id: "openai-python",
        name: "openai-python",
        policy: proportional(500, 2.0, 8_000, 2, 0.75, 1.0, CapOrder::Before),
        deadline_ms: None,
        note: "Up to 25 % taken off each sleep; a retry-after-ms or Retry-After of at most 60 s replaces the computed delay.",
        source: "openai/openai-python src/openai/_base_client.py",
        url: "https://github.com/openai/openai-python/blob/main/src/openai/_base_client.py",
    },
    Preset {
        id: "go-retryablehttp",
        name: "HashiCorp go-retryablehttp",
        policy: policy(1_000, 2.0, 30_000, 4, Jitter::None),
        deadline_ms: None,
        note: "No jitter; on 429 and 503 a Retry-After (seconds or an RFC 1123 date) replaces the delay, uncapped.",
        source: "hashicorp/go-retryablehttp client.go",
        url: "https://github.com/hashicorp/go-retryablehttp/blob/main/client.go",
    },
    Preset {
        id: "backon",
        name: "backon ExponentialBuilder (Rust)",
        policy: policy(1_000, 2.0, 60_000, 3, Jitter::None),
        deadline_ms: None,
        note: "No jitter unless enabled (then it adds up to 100 %); no HTTP layer, so no Retry-After.",
        source: "Xuanwo/backon backon/src/backoff/exponential.rs",
        url: "https://github.com/Xuanwo/backon/blob/main/backon/src/backoff/exponential.rs",
    },
    Preset {
        id: "curl",
        name: "curl --retry 5",
        policy: policy(1_000, 2.0, 600_000, 5, Jitter::None),
        deadline_ms: None,
        note: "Doubles from 1 s up to 10 minutes; the retry count is yours (5 shown); a longer Retry-After wins over the backoff.",
        source: "curl manual, --retry",
        url: "https://curl.se/docs/manpage.html#--retry",
    },
];

/// The preset whose policy is exactly `policy`, if any: the page shows the
/// inputs as custom otherwise.
pub fn matching(policy: &Policy) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| same_policy(&p.policy, policy))
}

/// Policies are the same when every field that affects the schedule is.
fn same_policy(a: &Policy, b: &Policy) -> bool {
    let base = a.base_ms == b.base_ms
        && a.multiplier == b.multiplier
        && a.cap_ms == b.cap_ms
        && a.max_retries == b.max_retries
        && a.jitter == b.jitter;
    // The factors only matter for proportional jitter.
    base && (a.jitter != Jitter::Proportional || a.proportional == b.proportional)
}

/// Finds a preset by its identifier.
pub fn by_id(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}
