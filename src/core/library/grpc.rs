//! gRPC service config `retryPolicy`, read from grpc-go v1.83.1,
//! `stream.go` (`csAttempt.shouldRetry`), `service_config.go` and
//! `dialoptions.go` (`defaultMaxCallAttempts = 5`), as gRFC A6 defines it
//! since its 2024 amendment (grpc/proposal#452). Not run here: pinned to
//! that code.
//!
//! `maxAttempts` counts attempts and is silently lowered to the client's
//! limit, 5 by default. Retry n sleeps
//! `min(initialBackoff · backoffMultiplier^(n−1), maxBackoff) × U[0.8, 1.2)`:
//! the cap before a ±20 % jitter (not full jitter any more). A
//! `grpc-retry-pushback-ms` trailer replaces the sleep and resets the
//! exponent; a negative one stops. A policy has no defaults: the model
//! starts at A6's example (4 attempts, 0.1 s, 1 s, ×2).
//!
//! Older releases draw otherwise (docs/libraries.md, section 10): before
//! grpc-go v1.69.0 (PR #7869) and grpc-java v1.71.0, and in grpc-node,
//! full jitter `U[0, 1) × min(…)`; grpc-java v1.71.0 to v1.79.x
//! `U[0.4, 1.2) × min(…)` (PR #11858, fixed in v1.80.0 by PR #12639).

use super::Source;
use super::{
    num, Bounds, Combine, Counting, Info, Language, Model, Param, Rand, Release, RetryAfterRule,
    Unit, Values, Writer,
};
use super::{Draft, Policy, Translation};
use crate::core::decimal_text::Num;
use crate::core::policy::CapOrder;

/// The client's default limit on `maxAttempts`.
pub const MAX_CALL_ATTEMPTS: u32 = 5;

const PARAMS: &[Param] = &[
    Param::new("maxAttempts", Unit::Attempts, 4.0, 2.0, 1000.0),
    Param::new("initialBackoff", Unit::Seconds, 0.1, 0.0, 86_400.0).above_min(),
    Param::new("maxBackoff", Unit::Seconds, 1.0, 0.0, 86_400.0).above_min(),
    Param::new("backoffMultiplier", Unit::Number, 2.0, 0.0, 100.0).above_min(),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "grpc-go v1.83.1",
    url: "https://github.com/grpc/grpc-go/blob/v1.83.1/stream.go",
};

pub(super) static INFO: Info = Info {
    id: "grpc",
    name: "gRPC service config retryPolicy",
    language: Language::Json,
    params: PARAMS,
    counting: Counting::attempts("maxAttempts"),
    retry_after: RetryAfterRule {
        combine: Combine::Replaces,
        headers: &["grpc-retry-pushback-ms"],
        statuses: &[],
        max_param: None,
        zero_falls_back: false,
        capped_by_backoff_max: false,
        switch_param: None,
    },
};

/// The releases modelled, by the jitter they draw.
pub static RELEASES: &[Release] = &[
    Release {
        id: "1.69",
        label: "grpc-go 1.69+, grpc-java 1.80+",
        covers: "grpc-go 1.69 and later, grpc-java 1.80 and later: ×U[0.8, 1.2) (read from grpc-go 1.83.1)",
    },
    Release {
        id: "java-1.71",
        label: "grpc-java 1.71–1.79",
        covers: "grpc-java 1.71 to 1.79: ×U[0.4, 1.2)",
    },
    Release {
        id: "1.68",
        label: "grpc-go < 1.69, grpc-java < 1.71",
        covers: "grpc-go before 1.69, grpc-java before 1.71 and grpc-node: ×U[0, 1)",
    },
];

/// The gRPC `retryPolicy` model (grpc-go).
pub struct Grpc;

/// The jitter's range, as factors of the capped backoff, at `v`'s release.
fn jitter(v: &Values) -> (f64, f64) {
    match v.release() {
        r if r == RELEASES[1].id => (0.4, 1.2),
        r if r == RELEASES[2].id => (0.0, 1.0),
        _ => (0.8, 1.2),
    }
}

fn capped(v: &Values, n: u32) -> f64 {
    let x = v.get("initialBackoff") * v.get("backoffMultiplier").powf(f64::from(n) - 1.0);
    x.min(v.get("maxBackoff")) * 1000.0
}

impl Model for Grpc {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn max_retries(&self, v: &Values) -> Option<u32> {
        Some((v.get("maxAttempts") as u32).min(MAX_CALL_ATTEMPTS) - 1)
    }

    fn notes(&self, v: &Values) -> Vec<String> {
        let asked = v.get("maxAttempts");
        if asked <= f64::from(MAX_CALL_ATTEMPTS) {
            return Vec::new();
        }
        vec![format!(
            "<code>maxAttempts</code> {} is lowered to the client's limit of {MAX_CALL_ATTEMPTS} attempts (grpc-go's <code>defaultMaxCallAttempts</code>, grpc-java's <code>maxRetryAttempts</code>), so {} retries, not {}.",
            Num(asked),
            MAX_CALL_ATTEMPTS - 1,
            Num(asked - 1.0)
        )]
    }

    fn releases(&self) -> &'static [Release] {
        RELEASES
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let c = capped(v, n);
        let (lo, hi) = jitter(v);
        Bounds::uniform(lo * c, hi * c)
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let n = self.run_retries(v);
        let (lo, hi) = jitter(v);
        (1..=n)
            .map(|k| capped(v, k) * rng.uniform(lo, hi))
            .collect()
    }
}

impl Writer for Grpc {
    fn config(&self, v: &Values) -> String {
        format!(
            "{{\n  \"methodConfig\": [{{\n    \"name\": [{{\"service\": \"your.package.Service\"}}],\n    \
             \"retryPolicy\": {{\n      \
             \"maxAttempts\": {},\n      \
             \"initialBackoff\": \"{}s\",\n      \
             \"maxBackoff\": \"{}s\",\n      \
             \"backoffMultiplier\": {},\n      \
             \"retryableStatusCodes\": [\"UNAVAILABLE\"]\n    }}\n  }}]\n}}\n",
            Num(v.get("maxAttempts")),
            num(v.get("initialBackoff")),
            num(v.get("maxBackoff")),
            num(v.get("backoffMultiplier")),
        )
    }

    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        d.count(
            "maxAttempts",
            Some((MAX_CALL_ATTEMPTS - 1, "the client allows 5 attempts")),
        );
        d.set("initialBackoff", d.first_ms() / 1000.0);
        d.set_cap("maxBackoff", 1000.0);
        d.set("backoffMultiplier", d.growth());
        if !d.is_proportional(0.8, 1.2, CapOrder::Before) {
            d.jitter_diff("it always draws ×0.8–1.2 of the capped backoff");
        }
        if let Some(ms) = deadline_ms {
            d.diff(
                "deadline",
                format!("retryPolicy has no time budget; set the call's deadline to {ms} ms"),
            );
        }
        d.finish(self, "rounding", "grpc-go computes in float seconds")
    }
}
