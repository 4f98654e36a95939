//! google-api-core `Retry` (Python), read from google-api-core 2.44.0,
//! `google/api_core/retry/retry_base.py` (`exponential_sleep_generator`,
//! `_retry_error_helper`) and `google/api_core/retry/retry_unary.py`
//! (`retry_target`).
//!
//! No retry count: only `timeout` ends the retries. The sleep before retry
//! n is `uniform(0, cap_n)` s with `cap_1 = min(initial, maximum)` and
//! `cap_{n+1} = min(cap_n · multiplier, maximum)`: full jitter, the cap
//! before it. After a failure the next sleep is drawn, and if
//! `now + sleep > deadline` the retries stop at once (no shorter sleep is
//! tried), so no sleep ends past the budget. No `Retry-After`.

use super::Source;
use super::{
    py_float, Bounds, Counting, Counts, Info, Language, Model, Param, Rand, RetryAfterRule, Unit,
    Values, Writer, MAX_ROWS,
};
use super::{Draft, Policy, Translation};
use crate::core::policy::Jitter;

const PARAMS: &[Param] = &[
    Param::new("initial", Unit::Seconds, 1.0, 0.0, 86_400.0).above_min(),
    Param::new("maximum", Unit::Seconds, 60.0, 0.0, 86_400.0),
    Param::new("multiplier", Unit::Number, 2.0, 0.0, 100.0),
    Param::new("timeout", Unit::Seconds, 120.0, 0.0, 31_536_000.0).or_none(),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "google-api-core 2.44.0 (the same file at commit f956bb2)",
    url: "https://github.com/googleapis/google-cloud-python/blob/f956bb252d1a83e588906eb97ee31a25a6c1be2f/packages/google-api-core/google/api_core/retry/retry_base.py",
};

pub(super) static INFO: Info = Info {
    id: "google-api-core",
    name: "google-api-core Retry",
    language: Language::Python,
    params: PARAMS,
    counting: Counting {
        param: None,
        counts: Counts::Unlimited,
        first_retry_waits: true,
        budget_param: Some("timeout"),
    },
    retry_after: RetryAfterRule::IGNORED,
};

/// The google-api-core `Retry` model.
pub struct GoogleApiCore;

/// The upper bounds `cap_1 … cap_n`, s.
fn caps(v: &Values, n: u32) -> impl Iterator<Item = f64> {
    let (max, mult) = (v.get("maximum"), v.get("multiplier"));
    std::iter::successors(Some(v.get("initial").min(max)), move |c| {
        Some((c * mult).min(max))
    })
    .take(n as usize)
}

impl Model for GoogleApiCore {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn budget_ms(&self, v: &Values) -> Option<f64> {
        Some(v.get("timeout") * 1000.0).filter(|b| b.is_finite())
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let cap = caps(v, n).last().unwrap_or(0.0);
        Bounds::uniform(0.0, cap * 1000.0)
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let budget = self.budget_ms(v).unwrap_or(f64::INFINITY);
        let mut elapsed = 0.0;
        let mut out = Vec::new();
        for cap in caps(v, MAX_ROWS) {
            let s = rng.uniform(0.0, cap) * 1000.0;
            if elapsed + s > budget {
                break;
            }
            elapsed += s;
            out.push(s);
        }
        out
    }
}

impl Writer for GoogleApiCore {
    fn config(&self, v: &Values) -> String {
        let timeout = v.get("timeout");
        let timeout = if timeout.is_finite() {
            py_float(timeout)
        } else {
            "None".to_string()
        };
        format!(
            "from google.api_core import retry\n\n\
             policy = retry.Retry(\n    \
             initial={},\n    \
             maximum={},\n    \
             multiplier={},\n    \
             timeout={timeout},\n\
             )\n",
            py_float(v.get("initial")),
            py_float(v.get("maximum")),
            py_float(v.get("multiplier")),
        )
    }

    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        d.set("initial", d.first_ms() / 1000.0);
        d.set_cap("maximum", 1000.0);
        d.set("multiplier", d.growth());
        if !d.is_jitter(Jitter::Full) {
            d.jitter_diff("it always draws full jitter");
        }
        let n = policy.max_retries;
        match deadline_ms {
            Some(ms) => {
                d.set("timeout", ms as f64 / 1000.0);
                d.diff(
                    "retries",
                    format!(
                        "it has no retry count: it retries until timeout ({ms} ms), not {n} times"
                    ),
                );
            }
            None => {
                d.set("timeout", f64::INFINITY);
                d.diff(
                    "retries",
                    format!("it has no retry count and timeout is None, so it retries forever, not {n} times"),
                );
            }
        }
        d.finish(
            self,
            "rounding",
            "google-api-core computes in float seconds",
        )
    }
}
