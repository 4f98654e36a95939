//! Spring Retry `@Retryable` / `@Backoff` (Java), read from spring-retry
//! 2.0.12, `annotation/AnnotationAwareRetryOperationsInterceptor.java`
//! (`getBackoffPolicy`), `backoff/ExponentialBackOffPolicy.java`,
//! `backoff/ExponentialRandomBackOffPolicy.java` and
//! `backoff/UniformRandomBackOffPolicy.java`. Not run here: pinned to
//! that code.
//!
//! This is spring-retry's `@Retryable` (`org.springframework.retry`), not
//! Spring Framework 7's own `@Retryable` (`org.springframework.resilience`,
//! which counts retries, not attempts).
//!
//! `maxAttempts` counts attempts. `delay` and `value` are `@AliasFor`
//! mirrors (`Backoff.java`, lines 58 and 68), read from the merged
//! annotation, so `delay = 0` is 0, not `value`'s 1000 ms; each policy then
//! floors a period below 1 ms to 1 ms (`setBackOffPeriod`,
//! `setMinBackOffPeriod`, `setInitialInterval`): `@Backoff(0)` retries
//! after 1 ms, as spring-retry's own tests use it. `multiplier > 0` picks
//! the exponential policy (a multiplier up to 1 is forced to 1): sleep
//! `interval` (or `maxInterval` once past it), then `interval = ⌊interval ·
//! multiplier⌋`; `maxDelay` is the max only if above `delay`, else 30 000
//! ms. `random` multiplies each sleep by `U[1, multiplier)`, truncated, the
//! max after. Without a multiplier, `maxDelay > delay` gives `delay +
//! nextInt(maxDelay − delay)`, else a fixed `delay`. No `Retry-After`, no
//! time budget.

use super::Source;
use super::{
    floor_uniform_mean, num, Bounds, Counting, Info, Language, Model, Param, Rand, RetryAfterRule,
    Unit, Values, Writer,
};
use super::{Draft, Translation};
use crate::core::decimal_text::Num;
use crate::core::policy::{CapOrder, Jitter};

/// `ExponentialBackOffPolicy`'s default max interval, ms.
pub const DEFAULT_MAX_INTERVAL_MS: f64 = 30_000.0;

const PARAMS: &[Param] = &[
    Param::new("maxAttempts", Unit::Attempts, 3.0, 1.0, 1000.0),
    Param::new("delay", Unit::Millis, 1000.0, 0.0, 86_400_000.0).whole_number(),
    Param::new("multiplier", Unit::Number, 0.0, 0.0, 100.0),
    Param::new("maxDelay", Unit::Millis, 0.0, 0.0, 86_400_000.0).whole_number(),
    Param::flag("random", false),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "spring-retry 2.0.12",
    url: "https://github.com/spring-projects/spring-retry/blob/v2.0.12/src/main/java/org/springframework/retry/backoff/ExponentialBackOffPolicy.java",
};

pub(super) static INFO: Info = Info {
    id: "spring-retry",
    name: "Spring Retry @Retryable / @Backoff",
    language: Language::Java,
    params: PARAMS,
    counting: Counting::attempts("maxAttempts"),
    retry_after: RetryAfterRule::IGNORED,
};

/// The Spring Retry model.
pub struct SpringRetry;

/// The policy the annotation builds.
enum Policy {
    /// Exponential: first interval, multiplier, max interval.
    Exponential(f64, f64, f64),
    /// Uniform integer in `[lo, hi − 1]`.
    Uniform(f64, f64),
    /// The same sleep every time.
    Fixed(f64),
}

/// The policy `BackOffPolicyBuilder.build` makes: it chooses with the
/// annotation's `delay` as written, then each policy floors a period below
/// 1 ms to 1 ms.
fn policy(v: &Values) -> Policy {
    let (delay, m, max) = (v.get("delay"), v.get("multiplier"), v.get("maxDelay"));
    let floor = |ms: f64| ms.max(1.0);
    if m > 0.0 {
        let max = if max > delay {
            max
        } else {
            DEFAULT_MAX_INTERVAL_MS
        };
        Policy::Exponential(floor(delay), m.max(1.0), floor(max))
    } else if max > delay && floor(max) > floor(delay) {
        Policy::Uniform(floor(delay), floor(max))
    } else {
        // maxDelay 1 over delay 0: both floor to 1, `nextInt` is skipped.
        Policy::Fixed(floor(delay))
    }
}

/// The un-jittered sleep before retry `n`, ms.
fn plain(v: &Values, n: u32) -> f64 {
    match policy(v) {
        Policy::Exponential(first, m, max) => {
            let mut interval = first;
            for _ in 1..n {
                if interval > max {
                    break;
                }
                interval = (interval * m).floor();
            }
            interval.min(max)
        }
        Policy::Uniform(lo, _) => lo,
        Policy::Fixed(d) => d,
    }
}

impl Model for SpringRetry {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let s = plain(v, n);
        match policy(v) {
            Policy::Exponential(_, m, max) if v.flag("random") && m > 1.0 => Bounds {
                min_ms: s.min(max),
                max_ms: ((s * m).ceil() - 1.0).max(s).min(max),
                // ⌊s · U[1, m)⌋, then the whole-ms max.
                expected_ms: Some(floor_uniform_mean(s, s * m, f64::NEG_INFINITY, max)),
            },
            Policy::Uniform(lo, hi) => Bounds::uniform(lo, hi - 1.0),
            _ => Bounds::fixed(s),
        }
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let n = self.run_retries(v);
        (1..=n)
            .map(|k| {
                let s = plain(v, k);
                match policy(v) {
                    Policy::Exponential(_, m, max) if v.flag("random") && m > 1.0 => {
                        (s * (1.0 + rng.unit() * (m - 1.0))).floor().min(max)
                    }
                    Policy::Uniform(lo, hi) => lo + (rng.unit() * (hi - lo)).floor(),
                    _ => s,
                }
            })
            .collect()
    }
}

impl Writer for SpringRetry {
    fn config(&self, v: &Values) -> String {
        format!(
            "@Retryable(maxAttempts = {}, backoff = @Backoff(delay = {}, multiplier = {}, maxDelay = {}, random = {}))\n\
             public Result call() {{ ... }}\n",
            Num(v.get("maxAttempts")),
            num(v.get("delay")),
            num(v.get("multiplier")),
            num(v.get("maxDelay")),
            v.flag("random"),
        )
    }

    fn translate(&self, policy: &super::Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        d.count("maxAttempts", None);
        let first = d.first_ms();
        if first == 0.0 {
            // Every policy floors a period of 0 to 1 ms.
            d.set("delay", 0.0);
            d.diff(
                "first-retry",
                "Spring Retry waits at least 1 ms (it floors delay 0 to 1 ms), not 0 ms"
                    .to_string(),
            );
        } else {
            d.set("delay", first);
        }
        let g = d.growth();
        // random multiplies by uniform [1, multiplier), the max after it.
        let random = g > 1.0 && d.is_proportional(1.0, g, CapOrder::After);
        if !random && !d.is_jitter(Jitter::None) {
            d.jitter_diff("it waits without jitter (random multiplies by 1 to the multiplier)");
        }
        if g == 1.0 && !random {
            // Multiplier 0 and no maxDelay: a fixed delay.
            d.set("multiplier", 0.0);
            d.set("maxDelay", 0.0);
        } else {
            d.set("multiplier", g);
            d.set_cap("maxDelay", 1.0);
        }
        d.set("random", if random { 1.0 } else { 0.0 });
        d.no_budget("Spring Retry");
        d.finish(
            self,
            "rounding",
            "Spring Retry keeps whole ms at every step",
        )
    }
}
