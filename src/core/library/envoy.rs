//! Envoy route `retry_policy`, read from Envoy main (no tag could be
//! pinned), `source/common/common/backoff_strategy.cc`
//! (`JitteredExponentialBackOffStrategy`) and
//! `source/common/router/retry_state_impl.cc`. Not run here: pinned to
//! that code.
//!
//! `num_retries` counts retries (default 1). In whole ms, retry n draws
//! `random() % interval`, an integer in `[0, interval − 1]` (full jitter);
//! the interval starts at `base_interval` (25 ms) and doubles while below
//! `⌊max_interval / 2⌋`, else jumps to `max_interval` (default
//! 10 × `base_interval`): base 25, max 101 gives 25, 50, 101. The route
//! `timeout` (15 s) bounds all tries. No `Retry-After` by default.

use super::translate::n;
use super::Source;
use super::{close, Draft, Policy, Translation, Writer};
use super::{
    num, Bounds, Counting, Info, Language, LibError, Model, Param, Rand, RetryAfterRule, Unit,
    Values,
};
use crate::core::decimal_text::Num;
use crate::core::policy::Jitter;
use crate::core::schedule::capped_exponentials;

const PARAMS: &[Param] = &[
    Param::new("num_retries", Unit::Retries, 1.0, 0.0, 1000.0),
    Param::new("base_interval", Unit::Millis, 25.0, 1.0, 86_400_000.0).whole_number(),
    Param::new(
        "max_interval",
        Unit::Millis,
        f64::INFINITY,
        1.0,
        86_400_000.0,
    )
    .or_none()
    .whole_number(),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "Envoy at commit 4280ef7",
    url: "https://github.com/envoyproxy/envoy/blob/4280ef77469b410068d6cb7efd0f04927f9695c8/source/common/common/backoff_strategy.cc",
};

pub(super) static INFO: Info = Info {
    id: "envoy",
    name: "Envoy route retry_policy",
    language: Language::Yaml,
    params: PARAMS,
    counting: Counting::retries_in("num_retries"),
    retry_after: RetryAfterRule::IGNORED,
};

/// The Envoy model.
pub struct Envoy;

fn max_interval(v: &Values) -> f64 {
    let m = v.get("max_interval");
    if m.is_finite() {
        m
    } else {
        10.0 * v.get("base_interval")
    }
}

/// The interval of retry `n`, ms.
fn interval(v: &Values, n: u32) -> f64 {
    let max = max_interval(v);
    let limit = (max / 2.0).floor();
    let mut i = v.get("base_interval");
    for _ in 1..n {
        i = if i < limit { i * 2.0 } else { max };
    }
    i
}

impl Model for Envoy {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn check(&self, v: &Values) -> Result<(), LibError> {
        if max_interval(v) < v.get("base_interval") {
            return Err(LibError::Conflict {
                name: "max_interval",
                why: "must be at least base_interval",
            });
        }
        Ok(())
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        Bounds::uniform(0.0, interval(v, n) - 1.0)
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let n = self.run_retries(v);
        (1..=n)
            .map(|k| (rng.unit() * interval(v, k)).floor())
            .collect()
    }
}

impl Writer for Envoy {
    fn config(&self, v: &Values) -> String {
        let max = match v.get("max_interval") {
            m if m.is_finite() => format!("\n    max_interval: {}s", num(m / 1000.0)),
            _ => String::new(),
        };
        format!(
            "retry_policy:\n  \
             retry_on: \"5xx,reset,connect-failure\"\n  \
             num_retries: {}\n  \
             retry_back_off:\n    \
             base_interval: {}s{max}\n",
            Num(v.get("num_retries")),
            num(v.get("base_interval") / 1000.0),
        )
    }

    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        d.count("num_retries", None);
        d.set("base_interval", d.first_ms());
        let base = d.values.get("base_interval");
        d.set("max_interval", d.cap_ms().max(base));
        d.fixed_multiplier(2.0);
        let clamped = d.has("base_interval") || d.has("max_interval");
        if d.is_jitter(Jitter::Full) && clamped {
            // The clamp already says why the draws differ.
        } else if d.is_jitter(Jitter::Full) {
            // random() % interval: whole ms up to one below the interval.
            if let Some(k) = (1..=policy.max_retries).find(|&k| interval(&d.values, k) >= 1.0) {
                let i = interval(&d.values, k);
                d.diff(
                    "rounding",
                    format!(
                        "it draws whole ms below the interval, so retry {k} waits 0–{} ms",
                        n(i - 1.0)
                    ),
                );
            }
        } else {
            d.jitter_diff("it always draws full jitter in whole ms");
        }
        if !d.has("multiplier") && !clamped {
            // The interval jumps to max_interval once it reaches half of it.
            let doubling = Policy {
                multiplier: 2.0,
                ..*policy
            };
            let page: Vec<f64> = capped_exponentials(&doubling).map(|e| e.0).collect();
            if let Some(k) = (1..)
                .zip(&page)
                .find_map(|(k, e)| (!close(interval(&d.values, k), *e)).then_some(k))
            {
                let i = interval(&d.values, k);
                d.diff(
                    "cap",
                    format!(
                        "the interval jumps to max_interval once past half of it: retry {k}'s is {} ms, not {} ms",
                        n(i),
                        n(page[k as usize - 1])
                    ),
                );
            }
        }
        if let Some(ms) = deadline_ms {
            d.diff(
                "deadline",
                format!("retry_policy has no time budget; set the route timeout to {ms} ms"),
            );
        }
        d.finish(self, "rounding", "Envoy keeps whole ms")
    }
}
