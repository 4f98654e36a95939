//! axios-retry with `exponentialDelay`, read from axios-retry 4.5.0,
//! `src/index.ts` (`exponentialDelay`, `retryAfter`, `handleRetry`,
//! `DEFAULT_OPTIONS`).
//!
//! `retries` counts retries; the retry count is raised before
//! `retryDelay` is called, so retry n sleeps
//! `d + U · 0.2 · d` ms with `d = 2^n · delayFactor`: retry 1 already waits
//! twice the factor, the jitter adds 0–20 %, nothing rounds and nothing
//! caps. A `Retry-After` is a floor: `d = max(2^n · delayFactor, server)`,
//! then the same 0–20 % on top, with no maximum.
//!
//! The sleep is Node's `setTimeout(…, delay)`: a delay past 2³¹ − 1 ms
//! (24.8 days) fires after 1 ms (`lib/internal/timers.js`), so from the
//! retry whose delay passes it, axios-retry retries at once. The model
//! sleeps what Node does.

use super::translate::{n, NO_CAP};
use super::Source;
use super::{
    num, Bounds, Combine, Counting, Info, Language, Model, Param, Rand, RetryAfterRule, Unit,
    Values, Writer, NODE_TIMER_MAX_MS,
};
use super::{Draft, Policy, Translation};
use crate::core::decimal_text::Num;
use crate::core::policy::CapOrder;

const PARAMS: &[Param] = &[
    Param::new("retries", Unit::Retries, 3.0, 0.0, 1000.0),
    Param::new("delayFactor", Unit::Millis, 100.0, 0.0, 86_400_000.0),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "axios-retry 4.5.0",
    url: "https://github.com/softonic/axios-retry/blob/v4.5.0/src/index.ts",
};

pub(super) static INFO: Info = Info {
    id: "axios-retry",
    name: "axios-retry with exponentialDelay",
    language: Language::JavaScript,
    params: PARAMS,
    counting: Counting::retries_in("retries"),
    retry_after: RetryAfterRule {
        combine: Combine::AtLeast,
        headers: &["retry-after"],
        statuses: &[],
        max_param: None,
        zero_falls_back: true,
        capped_by_backoff_max: false,
        switch_param: None,
    },
};

/// The axios-retry model.
pub struct AxiosRetry;

/// `2^n · delayFactor`, ms.
fn base(v: &Values, n: u32) -> f64 {
    2f64.powf(f64::from(n)) * v.get("delayFactor")
}

impl Model for AxiosRetry {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let d = base(v, n);
        let (hi, limit) = (d * 1.2, NODE_TIMER_MAX_MS);
        if hi <= limit {
            return Bounds::uniform(d, hi);
        }
        if d > limit {
            return Bounds::fixed(1.0);
        }
        // Below the limit Node waits the draw; past it, 1 ms.
        let below = (limit - d) / (hi - d);
        Bounds {
            min_ms: 1.0,
            max_ms: limit,
            expected_ms: Some(below * (d + limit) / 2.0 + (1.0 - below)),
        }
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let n = self.run_retries(v);
        (1..=n)
            .map(|k| {
                let d = base(v, k);
                let delay = d + d * 0.2 * rng.unit();
                if delay > NODE_TIMER_MAX_MS {
                    1.0
                } else {
                    delay
                }
            })
            .collect()
    }
}

impl Writer for AxiosRetry {
    fn config(&self, v: &Values) -> String {
        format!(
            "import axios from 'axios';\n\
             import axiosRetry, {{ exponentialDelay }} from 'axios-retry';\n\n\
             const delayFactor = {}; // ms\n\n\
             axiosRetry(axios, {{\n  \
             retries: {},\n  \
             retryDelay: (retryCount, error) => exponentialDelay(retryCount, error, delayFactor),\n\
             }});\n",
            num(v.get("delayFactor")),
            Num(v.get("retries")),
        )
    }

    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        d.count("retries", None);
        // Retry 1 waits 2 × delayFactor (before its 0–20 %).
        d.set("delayFactor", d.first_ms() / 2.0);
        // The policy it follows (doubling, no cap), to tell which matters.
        let lib = Policy {
            multiplier: 2.0,
            cap_ms: NO_CAP,
            ..*policy
        };
        d.doubling_in(&lib);
        if d.matters(&lib, |p, q| p.cap_ms = q.cap_ms) {
            let cap = d.cap_ms();
            d.diff(
                "cap",
                format!(
                    "exponentialDelay has no cap; the page caps at {} ms",
                    n(cap)
                ),
            );
        }
        if !d.is_proportional(1.0, 1.2, CapOrder::Before) {
            d.jitter_diff("it always adds 0–20 % on top of each delay");
        }
        d.no_budget("axios-retry");
        d.finish(
            self,
            "rounding",
            "exponentialDelay computes 2^n × delayFactor",
        )
    }
}
