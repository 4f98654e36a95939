//! Retry defaults of real libraries, each checked against its current source.
//!
//! Every preset is expressed exactly in the page's modes, or left out or
//! renamed for what it is: stripe-node is left out because its sleeps have a
//! 0.5 s floor on top of a shifted exponent, and google-cloud-storage 2.51 and
//! later draws each sleep from the previous one, which no mode here models, so
//! the Java preset is named for the gax default it starts from. Libraries that
//! retry "until a time budget runs out" get a retry count large enough for
//! the budget to bind, and the budget as the deadline. Small differences that
//! change no figure by a whole millisecond (libraries that truncate a sleep
//! to whole ms) are noted, not modelled.
//!
//! Each preset says which release it was checked against and when
//! ([`Preset::checked`]), and whether the library waits as a server's
//! `Retry-After` says ([`Preset::honor_retry_after`]), so choosing one can set
//! the page's deadline and Retry-After option the way its note describes.

use super::html::escape;
use super::policy::{CapOrder, Jitter, Policy, Proportional, MAX_DELAY_MS};
use super::retry_after::DEFAULT_MAX_WAIT_MS;

/// The page's own defaults, the first entry of the `Preset` select and what
/// a link without parameters shows: no library's settings, no deadline, and
/// the generated code honours `Retry-After` up to the page's maximum.
/// Choosing it sets exactly the state of a first load.
pub const DEFAULTS: Preset = Preset {
    id: "defaults",
    name: "This page's defaults",
    policy: Policy::new(1_000, 2.0, 32_000, 5, Jitter::Full),
    deadline_ms: None,
    honor_retry_after: true,
    retry_after_max_ms: Some(DEFAULT_MAX_WAIT_MS),
    note: "Not any library's: 1 s doubling to a 32 s cap, 5 retries, full jitter, no deadline.",
    source: "",
    url: "",
    more_sources: &[],
    checked: "",
};

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
    /// Whether the library waits as a server's `Retry-After` (or its own
    /// variant of it) says: the page's `Honor Retry-After`.
    pub honor_retry_after: bool,
    /// The longest server wait it honours, ms, when it has a fixed maximum.
    /// `None` when it has none of its own (the note says what bounds it,
    /// if anything) or when it does not honour one at all.
    pub retry_after_max_ms: Option<u64>,
    /// One line on what it models and what it leaves out.
    pub note: &'static str,
    /// Where the numbers come from.
    pub source: &'static str,
    /// Link to the source.
    pub url: &'static str,
    /// Further sources that settle a detail, as (name, link).
    pub more_sources: &'static [(&'static str, &'static str)],
    /// The release the numbers were checked against, and when.
    pub checked: &'static str,
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
        ..Policy::new(
            base_ms,
            multiplier,
            cap_ms,
            max_retries,
            Jitter::Proportional,
        )
    }
}

/// AWS SDKs' standard mode for ordinary errors; the throttling preset
/// differs only in its base and note, and shares its sources.
const AWS_STANDARD: Preset = Preset {
    id: "aws-standard",
    name: "AWS SDKs standard mode (botocore, JavaScript v3)",
    policy: Policy::new(50, 2.0, 20_000, 2, Jitter::Full),
    deadline_ms: None,
    honor_retry_after: true,
    retry_after_max_ms: None,
    note: "3 attempts; each sleep is uniform(0, 50 ms × 2ⁿ) up to 20 s (JavaScript floors it to whole ms). A server's wait (Retry-After in JavaScript, x-amz-retry-after in both) is kept between the computed delay and 5 s more. Throttling errors use a 1 s base: see the next preset.",
    source: "boto/botocore botocore/retries/standard.py",
    url: "https://github.com/boto/botocore/blob/develop/botocore/retries/standard.py",
    more_sources: &[(
        "smithy-lang/smithy-typescript packages/core/src/submodules/retry/",
        "https://github.com/smithy-lang/smithy-typescript/tree/main/packages/core/src/submodules/retry",
    )],
    checked: "botocore 1.44.8, @smithy/core 3.41.1; checked 2026-11-30",
};

/// The presets, in the order the select lists them.
pub const PRESETS: [Preset; 12] = [
    Preset {
        id: "gax-java",
        name: "Google Cloud Java default (gax ServiceOptions)",
        policy: Policy::new(1_000, 2.0, 32_000, 5, Jitter::Full),
        deadline_ms: Some(50_000),
        honor_retry_after: false,
        retry_after_max_ms: None,
        note: "The retry settings Google Cloud Java clients start from: 6 attempts within a 50 s total budget, full jitter in whole ms, no Retry-After. The page's own defaults share its policy, without the budget. google-cloud-storage 2.51 and later draws its own way (each sleep d + U[0, d), capped after the jitter; the next d doubles the last sleep), which no mode here models.",
        source: "googleapis/sdk-platform-java ServiceOptions.java",
        url: "https://github.com/googleapis/sdk-platform-java/blob/main/java-core/google-cloud-core/src/main/java/com/google/cloud/ServiceOptions.java",
        more_sources: &[
            (
                "gax ExponentialRetryAlgorithm.java",
                "https://github.com/googleapis/sdk-platform-java/blob/main/gax-java/gax/src/main/java/com/google/api/gax/retrying/ExponentialRetryAlgorithm.java",
            ),
            (
                "google-cloud-storage Backoff.java (not modelled)",
                "https://github.com/googleapis/java-storage/blob/main/google-cloud-storage/src/main/java/com/google/cloud/storage/Backoff.java",
            ),
        ],
        checked: "gax 2.75.0, google-cloud-core 2.65.0, google-cloud-storage 2.64.1; checked 2026-11-30",
    },
    AWS_STANDARD,
    Preset {
        id: "aws-throttling",
        name: "AWS SDKs standard mode, throttling errors",
        policy: Policy::new(1_000, 2.0, 20_000, 2, Jitter::Full),
        note: "The same SDKs after a throttling error: a 1 s base, still 3 attempts and a 20 s cap. A server's wait (Retry-After in JavaScript, x-amz-retry-after in both) is kept between the computed delay and 5 s more.",
        ..AWS_STANDARD
    },
    Preset {
        id: "google-api-core",
        name: "Google API core (Python)",
        policy: Policy::new(1_000, 2.0, 60_000, 10, Jitter::Full),
        deadline_ms: Some(120_000),
        honor_retry_after: false,
        retry_after_max_ms: None,
        note: "Retries within a 120 s total budget, never starting a sleep that would end past it (10 retries shown); full jitter; no Retry-After. Generated clients often pass their own settings.",
        source: "googleapis/google-cloud-python packages/google-api-core retry_base.py",
        url: "https://github.com/googleapis/google-cloud-python/blob/main/packages/google-api-core/google/api_core/retry/retry_base.py",
        more_sources: &[],
        checked: "google-api-core 2.44.0; checked 2026-11-30",
    },
    Preset {
        id: "grpc",
        name: "gRPC connection backoff",
        policy: proportional(1_000, 1.6, 120_000, 10, 0.8, 1.2, CapOrder::Before),
        deadline_ms: None,
        honor_retry_after: false,
        retry_after_max_ms: None,
        note: "±20 % around a 1.6× backoff capped at 120 s before the jitter, so a sleep can reach 144 s; retries are unbounded (10 shown). C-core jitters the first delay too. A connection backoff: no Retry-After.",
        source: "grpc/grpc doc/connection-backoff.md",
        url: "https://github.com/grpc/grpc/blob/master/doc/connection-backoff.md",
        more_sources: &[(
            "grpc/grpc src/core/util/backoff.cc (first delay jittered)",
            "https://github.com/grpc/grpc/blob/master/src/core/util/backoff.cc",
        )],
        checked: "grpc master (stored copy; no release pinned); checked 2026-11-30",
    },
    Preset {
        id: "cenkalti",
        name: "cenkalti/backoff v4 (Go)",
        policy: proportional(500, 1.5, 60_000, 39, 0.5, 1.5, CapOrder::Before),
        deadline_ms: Some(900_000),
        honor_retry_after: false,
        retry_after_max_ms: None,
        note: "The 60 s cap applies before the ±50 % jitter, so a sleep can reach 90 s. It stops before a sleep that would pass its 15 minutes budget; even the shortest sleeps allow at most 39 retries, so 39 are shown and the budget decides. No Retry-After.",
        source: "cenkalti/backoff exponential.go",
        url: "https://github.com/cenkalti/backoff/blob/v4.3.0/exponential.go",
        more_sources: &[],
        checked: "cenkalti/backoff v4.3.0; checked 2026-11-30",
    },
    Preset {
        id: "client-go",
        name: "Kubernetes client-go DefaultBackoff",
        policy: proportional(10, 5.0, MAX_DELAY_MS, 3, 1.0, 1.1, CapOrder::Before),
        deadline_ms: None,
        honor_retry_after: false,
        retry_after_max_ms: None,
        note: "4 steps are 4 attempts, so 3 sleeps; up to 10 % added jitter; no cap (the page's largest cap stands in). A plain retry helper: no Retry-After.",
        source: "kubernetes/client-go util/retry/util.go",
        url: "https://github.com/kubernetes/client-go/blob/master/util/retry/util.go",
        more_sources: &[(
            "kubernetes/apimachinery pkg/util/wait (Jitter)",
            "https://github.com/kubernetes/apimachinery/blob/master/pkg/util/wait/backoff.go",
        )],
        checked: "client-go v0.36.3; checked 2026-11-30",
    },
    Preset {
        id: "resilience4j",
        name: "Resilience4j exponential random backoff",
        policy: proportional(500, 1.5, MAX_DELAY_MS, 2, 0.5, 1.5, CapOrder::After),
        deadline_ms: None,
        honor_retry_after: false,
        retry_after_max_ms: None,
        note: "With RetryConfig's 3 attempts; no cap unless one is given, and then it applies after the jitter; sleeps truncated to whole ms. Not an HTTP client: no Retry-After.",
        source: "resilience4j IntervalFunction.java",
        url: "https://github.com/resilience4j/resilience4j/blob/master/resilience4j-core/src/main/java/io/github/resilience4j/core/IntervalFunction.java",
        more_sources: &[],
        checked: "resilience4j 2.4.0; checked 2026-11-30",
    },
    Preset {
        id: "openai-python",
        name: "openai-python",
        policy: proportional(500, 2.0, 8_000, 2, 0.75, 1.0, CapOrder::Before),
        deadline_ms: None,
        honor_retry_after: true,
        retry_after_max_ms: Some(120_000),
        note: "Up to 25 % taken off each sleep. A retry-after-ms or Retry-After of up to 120 s replaces the computed delay; a longer one ends the retries.",
        source: "openai/openai-python src/openai/_base_client.py",
        url: "https://github.com/openai/openai-python/blob/main/src/openai/_base_client.py",
        more_sources: &[(
            "openai/openai-python src/openai/_constants.py",
            "https://github.com/openai/openai-python/blob/main/src/openai/_constants.py",
        )],
        checked: "openai 3.57.0; checked 2026-11-30",
    },
    Preset {
        id: "go-retryablehttp",
        name: "HashiCorp go-retryablehttp",
        policy: Policy::new(1_000, 2.0, 30_000, 4, Jitter::None),
        deadline_ms: None,
        honor_retry_after: true,
        retry_after_max_ms: None,
        note: "No jitter; on 429 and 503 a Retry-After (seconds or an RFC 1123 date) replaces the delay, with no maximum.",
        source: "hashicorp/go-retryablehttp client.go",
        url: "https://github.com/hashicorp/go-retryablehttp/blob/main/client.go",
        more_sources: &[],
        checked: "go-retryablehttp 0.7.8; checked 2026-11-30",
    },
    Preset {
        id: "backon",
        name: "backon ExponentialBuilder (Rust)",
        policy: Policy::new(1_000, 2.0, 60_000, 3, Jitter::None),
        deadline_ms: None,
        honor_retry_after: false,
        retry_after_max_ms: None,
        note: "No jitter unless enabled (then it adds up to 100 %); no HTTP layer, so no Retry-After.",
        source: "Xuanwo/backon backon/src/backoff/exponential.rs",
        url: "https://github.com/Xuanwo/backon/blob/main/backon/src/backoff/exponential.rs",
        more_sources: &[],
        checked: "backon 1.5.2; checked 2026-11-30",
    },
    Preset {
        id: "curl",
        name: "curl --retry 5",
        policy: Policy::new(1_000, 2.0, 600_000, 5, Jitter::None),
        deadline_ms: None,
        honor_retry_after: true,
        retry_after_max_ms: None,
        note: "Doubles from 1 s up to 10 minutes; the retry count is yours (5 shown). Since curl 8.17 any non-zero Retry-After replaces the backoff, even a shorter one, with no maximum.",
        source: "curl manual, --retry",
        url: "https://curl.se/docs/manpage.html#--retry",
        more_sources: &[(
            "curl/curl src/tool_operate.c (retry_sleep)",
            "https://github.com/curl/curl/blob/master/src/tool_operate.c",
        )],
        checked: "curl 8.21.0; checked 2026-11-30",
    },
];

/// The preset whose policy is exactly `policy`, if any: the page shows the
/// inputs as custom otherwise.
pub fn matching(policy: &Policy) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| same_policy(&p.policy, policy))
}

/// Policies are the same when every field is, the factors included even
/// without proportional jitter: the link and the mode comparison carry
/// them whenever they differ from their defaults, so choosing an entry
/// that differs only in them would still change the page.
fn same_policy(a: &Policy, b: &Policy) -> bool {
    a == b
}

/// The entry the `Preset` select shows for a policy and deadline: the
/// page's defaults when both are what choosing them sets, otherwise the
/// preset whose policy is exactly `policy` (see [`matching`]). The
/// defaults come first, so a first load never names a library whose
/// deadline or Retry-After option it does not have.
pub fn selected(policy: &Policy, deadline_ms: Option<u64>) -> Option<&'static Preset> {
    let defaults = same_policy(policy, &DEFAULTS.policy);
    if defaults && deadline_ms.is_none() {
        return Some(&DEFAULTS);
    }
    // The defaults' policy is also a library's: only that library's own
    // budget names it (`deadline=20000` is not the Google default's 50 s).
    matching(policy).filter(|p| !defaults || p.deadline_ms == deadline_ms)
}

/// A note's first sentence, shown at once, and the rest, shown on request.
pub fn note_parts(note: &str) -> (&str, &str) {
    match note.find(". ") {
        Some(i) => (&note[..=i], &note[i + 2..]),
        None => (note, ""),
    }
}

/// The note under the `Preset` select, as markup: the note's first
/// sentence, then a `<details>` disclosure with the rest, the sources and
/// the release checked (none for the page's defaults, which have no source).
pub fn note_html(p: &Preset) -> String {
    let (short, rest) = note_parts(p.note);
    let mut out = escape(short);
    if p.url.is_empty() {
        return out;
    }
    let link = |url: &str, name: &str| format!("<a href=\"{}\">{}</a>", escape(url), escape(name));
    out += &format!(
        "<details><summary>Details and sources</summary>{} Source: {}",
        escape(rest),
        link(p.url, p.source)
    );
    for (name, url) in p.more_sources {
        out += "; ";
        out += &link(url, name);
    }
    out + &format!(". Numbers from {}.</details>", escape(p.checked))
}

/// Finds a preset, or the page's defaults, by its identifier.
pub fn by_id(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().chain([&DEFAULTS]).find(|p| p.id == id)
}
