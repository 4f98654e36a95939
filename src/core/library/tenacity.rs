//! tenacity `@retry` with one of its three exponential waits, read from
//! tenacity 9.2.1, `tenacity/wait.py` (`wait_exponential`,
//! `wait_random_exponential`, `wait_exponential_jitter`) and
//! `tenacity/stop.py` (`stop_after_attempt`).
//!
//! `stop_after_attempt(N)` counts attempts: N − 1 sleeps. The wait for
//! retry n uses exponent n − 1, so retry 1 waits `multiplier`. With
//! `x = multiplier · exp_base^(n−1)`:
//! - `wait_exponential`: `clamp(x)`;
//! - `wait_random_exponential`: `uniform(min, clamp(x))` (full jitter when
//!   `min` is 0);
//! - `wait_exponential_jitter`: `clamp(x + uniform(0, jitter))`, additive
//!   jitter before the cap;
//!
//! where `clamp(y) = max(max(0, min), min(y, max))`. `@retry`'s own defaults
//! (`stop_never`, `wait_none`) retry forever without waiting, which no table
//! can show: the model starts at `stop_after_attempt(5)` and each wait's own
//! defaults (`max` none: `MAX_WAIT`, about 4.6e18 s). No `Retry-After`.
//!
//! Before 9.2 (read from 9.1.4, the same file) `wait_exponential_jitter`
//! takes `initial, max, exp_base, jitter`: `initial` is 9.2's `multiplier`
//! and there is no `min` (the floor is 0), so the formula is 9.2's with
//! `min` 0; the other two waits are the same.

use super::Source;
use super::{
    clamp_uniform_mean, num, Bounds, Counting, Info, Language, LibError, Model, Param, Rand,
    Release, RetryAfterRule, Unit, Values, Writer,
};
use super::{Draft, Policy, Translation};
use crate::core::decimal_text::Num;
use crate::core::policy::Jitter;

/// The three waits modelled, as tenacity names them.
pub const WAITS: &[&str] = &[
    "wait_exponential",
    "wait_random_exponential",
    "wait_exponential_jitter",
];

/// tenacity's `_utils.MAX_WAIT` (`sys.maxsize / 2`), s: the `max` when none is given.
pub const MAX_WAIT_S: f64 = 4_611_686_018_427_387_903.5;

const PARAMS: &[Param] = &[
    Param::choice("wait", WAITS, 0),
    Param::new("stop_after_attempt", Unit::Attempts, 5.0, 1.0, 1000.0),
    Param::new("multiplier", Unit::Seconds, 1.0, 0.0, 86_400.0),
    Param::new("exp_base", Unit::Number, 2.0, 0.0, 100.0).above_min(),
    Param::new("min", Unit::Seconds, 0.0, 0.0, 86_400.0),
    Param::new("max", Unit::Seconds, f64::INFINITY, 0.0, 86_400.0).or_none(),
    Param::new("jitter", Unit::Seconds, 1.0, 0.0, 86_400.0),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "tenacity 9.2.1",
    url: "https://github.com/jd/tenacity/blob/9.2.1/tenacity/wait.py",
};

pub(super) static INFO: Info = Info {
    id: "tenacity",
    name: "tenacity @retry",
    language: Language::Python,
    params: PARAMS,
    counting: Counting::attempts("stop_after_attempt"),
    retry_after: RetryAfterRule::IGNORED,
};

/// The releases modelled: `wait_exponential_jitter` takes `multiplier=`
/// and `min=` from 9.2 on.
pub static RELEASES: &[Release] = &[
    Release {
        id: "9.2",
        label: "9.2 and later",
        covers: "tenacity 9.2.0 to 9.2.1 (read from 9.2.1)",
    },
    Release {
        id: "9.1",
        label: "before 9.2",
        covers:
            "before 9.2, whose wait_exponential_jitter takes initial= and no min= (read from 9.1.4)",
    },
];

/// The tenacity model.
pub struct Tenacity;

/// Whether `v` models a release before 9.2 (`wait_exponential_jitter`
/// with `initial=` and no `min=`).
pub fn before_9_2(v: &Values) -> bool {
    v.release() == RELEASES[1].id
}

/// `(x, lo, hi)` for retry `n`, s: the exponential and the clamp's bounds.
fn parts(v: &Values, n: u32) -> (f64, f64, f64) {
    let max = v.get("max").min(MAX_WAIT_S);
    let x = v.get("multiplier") * v.get("exp_base").powf(f64::from(n) - 1.0);
    let lo = v.get("min").max(0.0);
    (x, lo, max.max(lo))
}

impl Model for Tenacity {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn releases(&self) -> &'static [Release] {
        RELEASES
    }

    fn check(&self, v: &Values) -> Result<(), LibError> {
        if before_9_2(v) && v.choice("wait") == WAITS[2] && v.get("min") != 0.0 {
            return Err(LibError::Conflict {
                name: "min",
                why: "wait_exponential_jitter takes no min before tenacity 9.2 (leave it at 0)",
            });
        }
        Ok(())
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let (x, lo, hi) = parts(v, n);
        let high = crate::core::clamp(x, lo, hi);
        let b = match v.choice("wait") {
            "wait_exponential" => Bounds::fixed(high),
            "wait_random_exponential" => Bounds::uniform(v.get("min"), high),
            _ => {
                let j = v.get("jitter");
                Bounds {
                    min_ms: high,
                    max_ms: crate::core::clamp(x + j, lo, hi),
                    expected_ms: Some(clamp_uniform_mean(x, x + j, lo, hi)),
                }
            }
        };
        Bounds {
            min_ms: b.min_ms * 1000.0,
            max_ms: b.max_ms * 1000.0,
            expected_ms: b.expected_ms.map(|e| e * 1000.0),
        }
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let n = self.run_retries(v);
        let wait = v.choice("wait");
        (1..=n)
            .map(|k| {
                let (x, lo, hi) = parts(v, k);
                let s = match wait {
                    "wait_exponential" => crate::core::clamp(x, lo, hi),
                    "wait_random_exponential" => {
                        rng.uniform(v.get("min"), crate::core::clamp(x, lo, hi))
                    }
                    _ => crate::core::clamp(x + rng.uniform(0.0, v.get("jitter")), lo, hi),
                };
                s * 1000.0
            })
            .collect()
    }
}

impl Writer for Tenacity {
    fn config(&self, v: &Values) -> String {
        let wait = v.choice("wait");
        let mut args = vec![
            format!("multiplier={}", num(v.get("multiplier"))),
            format!("exp_base={}", num(v.get("exp_base"))),
            format!("min={}", num(v.get("min"))),
        ];
        if v.get("max").is_finite() {
            args.push(format!("max={}", num(v.get("max"))));
        }
        // wait_exponential_jitter takes multiplier= and min= from tenacity
        // 9.2 on (a TypeError before): written only when they are not the
        // defaults, and then said so.
        // Before 9.2 it takes initial= for multiplier= and no min= (the
        // model refuses a min other than 0 there).
        let mut needs = "";
        if wait == "wait_exponential_jitter" {
            args.push(format!("jitter={}", num(v.get("jitter"))));
            let (m, min) = (v.get("multiplier"), v.get("min"));
            args.retain(|a| {
                !(a.starts_with("multiplier=") && m == 1.0 || a.starts_with("min=") && min == 0.0)
            });
            if before_9_2(v) {
                if let Some(a) = args.iter_mut().find(|a| a.starts_with("multiplier=")) {
                    *a = a.replacen("multiplier=", "initial=", 1);
                }
            } else if m != 1.0 || min != 0.0 {
                needs = "# multiplier= and min= need tenacity >= 9.2\n";
            }
        }
        format!(
            "from tenacity import retry, stop_after_attempt, {wait}\n\n{needs}\
             @retry(\n    \
             stop=stop_after_attempt({}),\n    \
             wait={wait}({}),\n\
             )\n\
             def call():\n    ...\n",
            Num(v.get("stop_after_attempt")),
            args.join(", "),
        )
    }

    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        d.count("stop_after_attempt", None);
        d.set("multiplier", d.first_ms() / 1000.0);
        d.set("exp_base", d.growth());
        d.set("min", 0.0);
        d.set_cap("max", 1000.0);
        // wait_random_exponential draws uniform(0, capped): the page's full
        // jitter; wait_exponential_jitter's additive draw matches nothing.
        let wait = if d.is_jitter(Jitter::None) {
            0.0
        } else if d.is_jitter(Jitter::Full) {
            1.0
        } else {
            d.jitter_diff("it waits without jitter (its random wait is full jitter only)");
            0.0
        };
        d.set("wait", wait);
        d.no_budget("@retry with stop_after_attempt");
        d.finish(self, "rounding", "tenacity computes in float seconds")
    }
}
