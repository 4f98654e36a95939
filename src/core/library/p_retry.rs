//! p-retry (Node), read from p-retry 9.0.0, `index.js` (`calculateDelay`,
//! `onAttemptFailure`, `pRetry`).
//!
//! `retries` counts retries. The sleep before retry n is
//! `min(round(R · minTimeout · factor^(n−1)), ⌈maxTimeout⌉, 2³¹ − 1)` ms,
//! with `R = 1`, or `R = 1 + U` when `randomize`: rounded to whole ms, the
//! cap after the jitter; a factor of 0 counts as 1, a `minTimeout` of 0
//! waits 0. The last bound is new in 9.0.0: Node's `setTimeout` fires a
//! longer delay after 1 ms, so p-retry 7 and 8 retried at once where 9
//! waits 24.8 days. `maxRetryTime` is a budget from the
//! first attempt: with no time left the retries stop, otherwise the sleep is
//! `min(delay, remaining)`, so the last sleep is shortened to end right at
//! the budget. No `Retry-After`.
//!
//! p-retry 7 and 8 (read from 7.1.1, `index.js`) have no such bound: a
//! delay past 2³¹ − 1 ms goes to `setTimeout` whole and Node runs it after
//! 1 ms. Every other sleep of a failing call is 9.0.0's (docs/libraries.md,
//! section 11).

use super::Source;
use super::{
    floor_uniform_mean, num, Bounds, Counting, Info, Language, Model, Param, Rand, Release,
    RetryAfterRule, Unit, Values, Writer, MAX_ROWS, NODE_TIMER_MAX_MS,
};
use super::{Draft, Policy, Translation};
use crate::core::decimal_text::Num;
use crate::core::policy::CapOrder;

const PARAMS: &[Param] = &[
    Param::new("retries", Unit::Retries, 10.0, 0.0, 1000.0),
    Param::new("factor", Unit::Number, 2.0, 0.0, 100.0),
    Param::new("minTimeout", Unit::Millis, 1000.0, 0.0, 86_400_000.0),
    Param::new("maxTimeout", Unit::Millis, f64::INFINITY, 0.0, 86_400_000.0).or_none(),
    Param::flag("randomize", false),
    Param::new(
        "maxRetryTime",
        Unit::Millis,
        f64::INFINITY,
        0.0,
        86_400_000.0,
    )
    .or_none(),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "p-retry 9.0.0",
    url: "https://github.com/sindresorhus/p-retry/blob/v9.0.0/index.js",
};

pub(super) static INFO: Info = Info {
    id: "p-retry",
    name: "p-retry",
    language: Language::JavaScript,
    params: PARAMS,
    counting: Counting::retries_in("retries").with_budget("maxRetryTime"),
    retry_after: RetryAfterRule::IGNORED,
};

/// The releases modelled: 9 bounds each delay at Node's timer limit.
pub static RELEASES: &[Release] = &[
    Release {
        id: "9",
        label: "9.0 and later",
        covers: "p-retry 9.0.0 (read from it)",
    },
    Release {
        id: "7",
        label: "7 and 8",
        covers:
            "7 and 8, whose waits past 2,147,483,647 ms fire after 1 ms in Node (read from 7.1.1)",
    },
];

/// The p-retry model.
pub struct PRetry;

/// Whether `v` models p-retry 7 or 8 (no bound at Node's timer limit).
pub fn before_9(v: &Values) -> bool {
    v.release() == RELEASES[1].id
}

/// What Node's `setTimeout` waits for a delay of `ms`: p-retry 7 hands it
/// any delay, and one past the limit fires after 1 ms.
fn fired(v: &Values, ms: f64) -> f64 {
    if before_9(v) && ms > NODE_TIMER_MAX_MS {
        1.0
    } else {
        ms
    }
}

/// JavaScript's `Math.round` for the non-negative values used here.
fn js_round(x: f64) -> f64 {
    (x + 0.5).floor()
}

/// `calculateDelay` for retry `n` with the random factor `r` in [1, 2).
fn delay(v: &Values, n: u32, r: f64) -> f64 {
    if v.get("minTimeout") == 0.0 {
        return 0.0;
    }
    let t = js_round(r * delay_base(v, n)).min(v.get("maxTimeout").ceil());
    if before_9(v) {
        t
    } else {
        t.min(NODE_TIMER_MAX_MS)
    }
}

/// `minTimeout · factor^(n−1)` (a factor of 0 counts as 1), before the
/// random factor and the rounding.
fn delay_base(v: &Values, n: u32) -> f64 {
    let factor = if v.get("factor") > 0.0 {
        v.get("factor")
    } else {
        1.0
    };
    v.get("minTimeout") * factor.powf(f64::from(n) - 1.0)
}

/// The delay's range before the budget: `(min, max)`.
fn nominal(v: &Values, n: u32) -> (f64, f64) {
    let hi = if v.flag("randomize") { 2.0 } else { 1.0 };
    (delay(v, n, 1.0), delay(v, n, hi))
}

impl Model for PRetry {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn releases(&self) -> &'static [Release] {
        RELEASES
    }

    fn budget_ms(&self, v: &Values) -> Option<f64> {
        Some(v.get("maxRetryTime")).filter(|b| b.is_finite())
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let (lo, hi) = nominal(v, n);
        // Math.round(R · t) = ⌊R · t + 0.5⌋, R uniform in [1, 2), then the
        // whole-ms caps: the mean in closed form.
        let t = delay_base(v, n);
        let expected = if v.flag("randomize") && v.get("minTimeout") > 0.0 {
            let cap = v.get("maxTimeout").ceil().min(NODE_TIMER_MAX_MS);
            floor_uniform_mean(t + 0.5, 2.0 * t + 0.5, f64::NEG_INFINITY, cap)
        } else {
            lo
        };
        let expected = Some(expected);
        let Some(budget) = self.budget_ms(v) else {
            if hi > NODE_TIMER_MAX_MS {
                // p-retry 7: the delays past the limit fire after 1 ms; a
                // range across it has no closed-form mean.
                let all_past = lo > NODE_TIMER_MAX_MS;
                return Bounds {
                    min_ms: fired(v, lo).min(1.0),
                    max_ms: if all_past { 1.0 } else { NODE_TIMER_MAX_MS },
                    expected_ms: all_past.then_some(1.0),
                };
            }
            return Bounds {
                min_ms: lo,
                max_ms: hi,
                expected_ms: expected,
            };
        };
        let (mut least, mut most) = (0.0, 0.0);
        for k in 1..n {
            let (a, b) = nominal(v, k);
            least += a;
            most += b;
        }
        Bounds {
            min_ms: lo.min(budget - most).max(0.0),
            max_ms: hi.min(budget - least).max(0.0),
            expected_ms: None,
        }
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let retries = self.run_retries(v);
        let budget = v.get("maxRetryTime");
        let mut elapsed = 0.0;
        let mut out = Vec::new();
        for n in 1..=retries {
            let remaining = budget - elapsed;
            if remaining <= 0.0 {
                break;
            }
            let r = if v.flag("randomize") {
                rng.unit() + 1.0
            } else {
                1.0
            };
            let s = fired(v, delay(v, n, r).min(remaining));
            elapsed += s;
            out.push(s);
        }
        out
    }

    fn always(&self, v: &Values, budget_ms: f64) -> Option<u32> {
        let mut total = 0.0;
        let mut n = 0;
        while n < MAX_ROWS.min(v.get("retries") as u32) && total < budget_ms {
            n += 1;
            total += nominal(v, n).1;
        }
        Some(n)
    }
}

impl Writer for PRetry {
    fn config(&self, v: &Values) -> String {
        let js = |x: f64| {
            if x.is_finite() {
                num(x)
            } else {
                "Infinity".to_string()
            }
        };
        format!(
            "import pRetry from 'p-retry';\n\n\
             const result = await pRetry(run, {{\n  \
             retries: {},\n  \
             factor: {},\n  \
             minTimeout: {},\n  \
             maxTimeout: {},\n  \
             randomize: {},\n  \
             maxRetryTime: {},\n\
             }});\n",
            Num(v.get("retries")),
            num(v.get("factor")),
            num(v.get("minTimeout")),
            js(v.get("maxTimeout")),
            v.flag("randomize"),
            js(v.get("maxRetryTime")),
        )
    }

    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        d.count("retries", None);
        d.set("factor", d.growth());
        d.set("minTimeout", d.first_ms());
        d.set_cap("maxTimeout", 1.0);
        // randomize multiplies by uniform [1, 2), the cap after it.
        d.doubling_jitter(
            "randomize",
            CapOrder::After,
            "it waits without jitter (randomize multiplies by 1–2)",
        );
        match deadline_ms {
            Some(ms) => {
                d.set("maxRetryTime", ms as f64);
                // Only a sleep crossing the budget is cut short.
                if d.worst_ms() > ms as f64 {
                    d.diff(
                        "deadline",
                        format!(
                            "maxRetryTime cuts the last sleep short to end at {ms} ms, then tries once more"
                        ),
                    );
                }
            }
            None => d.set("maxRetryTime", f64::INFINITY),
        }
        d.finish(self, "rounding", "p-retry rounds each delay to whole ms")
    }
}
