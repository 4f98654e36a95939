//! AWS SDKs, standard retry mode, read from botocore 1.44.8,
//! `botocore/retries/standard.py` (`ExponentialBackoff.delay_amount`,
//! `RetryQuotaChecker`, `MaxAttemptsChecker`) and `botocore/retries/quota.py`,
//! and @smithy/util-retry 4.6.2 (@smithy/core 3.41.1,
//! `StandardRetryStrategy.js`, `DefaultRetryBackoffStrategy.js`).
//!
//! `max_attempts` counts attempts (botocore's `Config(retries={'max_attempts': N})`
//! alone means N retries). Retry n sleeps `U · min(b · 2^(n−1), 20 s)`: full
//! jitter, the cap before it, `b` = 50 ms, or 1 s for throttling errors
//! (the `throttling` case). A fresh client's retry quota of 500 tokens,
//! 14 per retry (5 per throttling retry), also bounds the count: 35
//! consecutive retries (100 throttled). botocore keeps float seconds; the
//! JavaScript SDK floors to whole ms. A server's `x-amz-retry-after` (ms;
//! JavaScript also `Retry-After`, botocore only `x-amz-retry-after`) is
//! kept within `[d, d + 5 s]`. The Go v2 and PHP SDKs keep the older costs
//! and backoff unless `AWS_NEW_RETRIES_2026=true` (said in the notes).
//!
//! The classic (pre-2026) standard mode is a release of its own: retry n
//! sleeps `min(U · 2^(n−1) s, 20 s)` whatever the error (the cap after the
//! jitter), and a retry costs 5 tokens (10 after a timeout, not modelled),
//! so a fresh client's 500 pay for 100 retries (AWS SDKs and Tools
//! Reference Guide, "Retry behavior", before its 2026 update; botocore's
//! `ExponentialBackoff` and `_RETRY_COST` before it).

use super::translate::n;
use super::Source;
use super::{
    clamp_uniform_mean, Bounds, Combine, Counting, Info, Language, Model, Param, Rand, Release,
    RetryAfterRule, Unit, Values, Writer,
};
use super::{Draft, Policy, Translation};
use crate::core::decimal_text::Num;
use crate::core::policy::Jitter;

/// The retry quota of a fresh client, tokens.
pub const QUOTA: u32 = 500;

/// The cap before the jitter, ms.
pub const MAX_BACKOFF_MS: f64 = 20_000.0;

const PARAMS: &[Param] = &[
    Param::new("max_attempts", Unit::Attempts, 3.0, 1.0, 1000.0),
    Param::flag("throttling", false),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "botocore 1.44.8",
    url: "https://github.com/boto/botocore/blob/1.44.8/botocore/retries/standard.py",
};

pub(super) static INFO: Info = Info {
    id: "aws",
    name: "AWS SDKs, standard retry mode",
    language: Language::Python,
    params: PARAMS,
    counting: Counting::attempts("max_attempts"),
    retry_after: RetryAfterRule {
        combine: Combine::Between { extra_ms: 5000 },
        // botocore's: the JavaScript SDK also reads Retry-After (a note).
        headers: &["x-amz-retry-after"],
        statuses: &[],
        max_param: None,
        zero_falls_back: true,
        capped_by_backoff_max: false,
        switch_param: None,
    },
};

/// The releases modelled: the 2026 costs and backoff, and the classic ones.
pub static RELEASES: &[Release] = &[
    Release {
        id: "2026",
        label: "2026 retry costs",
        covers: "botocore 1.44.8 and the JavaScript SDK (@smithy/util-retry 4.6.2); Go v2 and PHP with AWS_NEW_RETRIES_2026=true",
    },
    Release {
        id: "classic",
        label: "classic (before 2026)",
        covers: "the classic standard mode: Go v2 and PHP without AWS_NEW_RETRIES_2026, SDKs released before the 2026 update",
    },
];

/// The AWS standard-mode model (botocore's float seconds).
pub struct Aws;

/// Whether `v` models the classic (pre-2026) standard mode.
pub fn classic(v: &Values) -> bool {
    v.release() == RELEASES[1].id
}

/// The classic base, ms (1 s whatever the error) and cost, tokens.
const CLASSIC: (f64, u32) = (1000.0, 5);

/// The base, ms, and the tokens a retry costs.
fn base_and_cost(v: &Values) -> (f64, u32) {
    if classic(v) {
        CLASSIC
    } else if v.flag("throttling") {
        (1000.0, 5)
    } else {
        (50.0, 14)
    }
}

impl Model for Aws {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn max_retries(&self, v: &Values) -> Option<u32> {
        let quota = QUOTA / base_and_cost(v).1;
        Some((v.get("max_attempts") as u32 - 1).min(quota))
    }

    fn notes(&self, v: &Values) -> Vec<String> {
        let cost = base_and_cost(v).1;
        let quota = QUOTA / cost;
        let asked = v.get("max_attempts") as u32 - 1;
        let mut out = Vec::new();
        if asked > quota {
            out.push(format!(
                "<code>max_attempts</code> {} would allow {asked} retries, but a fresh client's retry quota of {QUOTA} tokens pays for {quota} at {cost} tokens each (every attempt failing), so {quota}.",
                asked + 1
            ));
        }
        if classic(v) {
            out.push("These are the classic costs and backoff: every retry costs 5 tokens (10 after a timeout, not shown) and waits <code>min(U × 2^(n−1) s, 20 s)</code>, whatever the error, so <code>throttling</code> changes nothing. The Go v2 and PHP SDKs still use them unless <code>AWS_NEW_RETRIES_2026=true</code>.".to_string());
            return out;
        }
        out.push("These are the 2026 costs and backoff of botocore 1.44.8 and the JavaScript SDK (@smithy/util-retry 4.6.2). The Go v2 and PHP SDKs keep the older ones (5 tokens a retry, 10 a timeout) unless <code>AWS_NEW_RETRIES_2026=true</code>. botocore reads only <code>x-amz-retry-after</code>; the JavaScript SDK also <code>Retry-After</code>.".to_string());
        out
    }

    fn releases(&self) -> &'static [Release] {
        RELEASES
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let x = base_and_cost(v).0 * 2f64.powf(f64::from(n) - 1.0);
        if classic(v) {
            // The cap after the jitter: a draw past 20 s waits 20 s.
            return Bounds {
                min_ms: 0.0,
                max_ms: x.min(MAX_BACKOFF_MS),
                expected_ms: Some(clamp_uniform_mean(0.0, x, 0.0, MAX_BACKOFF_MS)),
            };
        }
        Bounds::uniform(0.0, x.min(MAX_BACKOFF_MS))
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let n = self.run_retries(v);
        let base = base_and_cost(v).0;
        (1..=n)
            .map(|k| {
                let x = base * 2f64.powf(f64::from(k) - 1.0);
                if classic(v) {
                    (rng.unit() * x).min(MAX_BACKOFF_MS)
                } else {
                    rng.unit() * x.min(MAX_BACKOFF_MS)
                }
            })
            .collect()
    }
}

impl Writer for Aws {
    fn config(&self, v: &Values) -> String {
        let waits = if classic(v) {
            "# Classic costs (before 2026): retry n waits min(U × 2^(n−1) s, 20 s).".to_string()
        } else {
            format!(
                "# throttling = {}: retry n waits U × min({} ms × 2^(n−1), 20 s).",
                v.flag("throttling"),
                Num(base_and_cost(v).0)
            )
        };
        format!(
            "import boto3\n\
             from botocore.config import Config\n\n\
             # max_attempts = {} attempts. In Config, 'max_attempts' counts retries:\n\
             # 'total_max_attempts' counts attempts, like AWS_MAX_ATTEMPTS.\n\
             {waits}\n\
             config = Config(retries={{'mode': 'standard', 'total_max_attempts': {}}})\n\
             client = boto3.client('sqs', config=config)\n",
            Num(v.get("max_attempts")),
            Num(v.get("max_attempts")),
        )
    }

    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        // The base is 50 ms or, for throttling errors, 1 s: the nearer on
        // a log scale (the boundary is their geometric mean, about 224 ms).
        let throttling = d.first_ms() >= (50.0f64 * 1000.0).sqrt();
        d.set("throttling", if throttling { 1.0 } else { 0.0 });
        let (base, cost) = base_and_cost(&d.values);
        d.count(
            "max_attempts",
            Some((QUOTA / cost, "the retry quota runs out")),
        );
        // The policy the SDK follows, to tell which fixed field matters.
        let lib = Policy {
            base_ms: base as u64,
            multiplier: 2.0,
            cap_ms: MAX_BACKOFF_MS as u64,
            jitter: Jitter::Full,
            ..*policy
        };
        if d.matters(&lib, |p, q| p.base_ms = q.base_ms) {
            let page = d.first_words();
            let kind = if throttling { "throttling" } else { "standard" };
            d.diff(
                "first-retry",
                format!(
                    "retry 1 draws up to {} ms (the {kind} base), not {page}",
                    n(base)
                ),
            );
        }
        // The base is not a setting: the error decides it, so the other
        // kind of error waits another way.
        let other = if throttling { 50 } else { 1000 };
        if d.differs(&|p| p.base_ms = other) {
            let (this, that) = if throttling {
                ("throttling errors", "other errors")
            } else {
                ("most errors", "throttling errors")
            };
            d.diff(
                "throttling",
                format!(
                    "only {this} start at {} ms; {that} start at {other} ms",
                    n(base)
                ),
            );
        }
        d.doubling_in(&lib);
        if d.matters(&lib, |p, q| p.cap_ms = q.cap_ms) {
            let cap = d.cap_ms();
            d.diff(
                "cap",
                format!("the cap is fixed at 20000 ms; the page's is {} ms", n(cap)),
            );
        }
        if !d.is_jitter(Jitter::Full) {
            d.jitter_diff("it always draws full jitter");
        }
        d.no_budget("the AWS SDK");
        d.finish(self, "rounding", "botocore computes in float seconds")
    }
}
