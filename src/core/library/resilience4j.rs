//! resilience4j `RetryConfig` + `IntervalFunction` (Java), read from
//! resilience4j 2.4.0, `resilience4j-core/.../core/IntervalFunction.java`
//! and the Spring Boot property binding in
//! `CommonRetryConfigurationProperties.java`. Not run here: pinned to
//! that code.
//!
//! `maxAttempts` counts attempts. In whole ms: constant `waitDuration`;
//! exponential `x₁ = waitDuration`, `x_{k+1} = ⌊x_k · multiplier⌋`, the
//! truncation compounding at every step (500, 750, 1125, 1687, 2530 …);
//! randomized `⌊max(1, v(1−f) + U·(2fv + 1))⌋` (note the +1 ms); the max
//! caps after the randomization. The Spring Boot binding refuses
//! `randomizedWaitFactor` outside [0, 1) (`setRandomizedWaitFactor`: "is
//! not in range [0..1)") and `IntervalFunction` an
//! `exponentialMaxWaitDuration` below 1 ms (`checkInterval`); the binding
//! reads whole ms. The binding drops
//! `exponentialMaxWaitDuration` unless `exponentialBackoffMultiplier` (and,
//! randomized, `randomizedWaitFactor`) is set too: the config written here
//! always sets both, so the max the model applies is the one the library
//! applies. No `Retry-After`, no time budget.

use super::Source;
use super::{
    floor_uniform_mean, num, Bounds, Counting, Info, Language, Model, Param, Rand, RetryAfterRule,
    Unit, Values, Writer,
};
use super::{Draft, Policy, Translation};
use crate::core::decimal_text::Num;
use crate::core::policy::{CapOrder, Jitter};

const PARAMS: &[Param] = &[
    Param::new("maxAttempts", Unit::Attempts, 3.0, 1.0, 1000.0),
    Param::new("waitDuration", Unit::Millis, 500.0, 1.0, 86_400_000.0).whole_number(),
    Param::flag("enableExponentialBackoff", false),
    Param::new(
        "exponentialBackoffMultiplier",
        Unit::Number,
        1.5,
        0.0,
        100.0,
    )
    .above_min(),
    // `IntervalFunction.checkInterval` refuses a max below 1 ms, and the
    // binding reads whole ms.
    Param::new(
        "exponentialMaxWaitDuration",
        Unit::Millis,
        f64::INFINITY,
        1.0,
        86_400_000.0,
    )
    .whole_number()
    .or_none(),
    Param::flag("enableRandomizedWait", false),
    // The Spring Boot binding takes [0, 1) (`setRandomizedWaitFactor`).
    Param::new("randomizedWaitFactor", Unit::Number, 0.5, 0.0, 1.0).below_max(),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "resilience4j 2.4.0",
    url: "https://github.com/resilience4j/resilience4j/blob/v2.4.0/resilience4j-core/src/main/java/io/github/resilience4j/core/IntervalFunction.java",
};

pub(super) static INFO: Info = Info {
    id: "resilience4j",
    name: "resilience4j RetryConfig",
    language: Language::Yaml,
    params: PARAMS,
    counting: Counting::attempts("maxAttempts"),
    retry_after: RetryAfterRule::IGNORED,
};

/// The resilience4j model.
pub struct Resilience4j;

/// The un-randomized wait before retry `n`, whole ms (before the max).
fn base(v: &Values, n: u32) -> f64 {
    let mut x = v.get("waitDuration").floor();
    if v.flag("enableExponentialBackoff") {
        for _ in 1..n {
            x = (x * v.get("exponentialBackoffMultiplier")).floor();
        }
    }
    x
}

/// The max that applies, ms (the exponential max only with exponential backoff).
fn cap(v: &Values) -> f64 {
    if v.flag("enableExponentialBackoff") {
        v.get("exponentialMaxWaitDuration")
    } else {
        f64::INFINITY
    }
}

impl Model for Resilience4j {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let x = base(v, n);
        if !v.flag("enableRandomizedWait") {
            return Bounds::fixed(x.min(cap(v)));
        }
        let f = v.get("randomizedWaitFactor");
        let lo = (x * (1.0 - f)).max(1.0).floor();
        let hi = ((x * (1.0 + f) + 1.0).ceil() - 1.0).max(1.0);
        // ⌊max(1, Y)⌋ then the (whole-ms) max, Y uniform in
        // [x(1 − f), x(1 + f) + 1): the mean in closed form.
        let a = x * (1.0 - f);
        Bounds {
            min_ms: lo.min(cap(v)),
            max_ms: hi.min(cap(v)),
            expected_ms: Some(floor_uniform_mean(a, a + 2.0 * f * x + 1.0, 1.0, cap(v))),
        }
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let n = self.run_retries(v);
        let f = v.get("randomizedWaitFactor");
        (1..=n)
            .map(|k| {
                let x = base(v, k);
                let s = if v.flag("enableRandomizedWait") {
                    (x * (1.0 - f) + rng.unit() * (2.0 * f * x + 1.0))
                        .max(1.0)
                        .floor()
                } else {
                    x
                };
                s.min(cap(v))
            })
            .collect()
    }
}

impl Writer for Resilience4j {
    fn config(&self, v: &Values) -> String {
        let max = v.get("exponentialMaxWaitDuration");
        let max = if max.is_finite() {
            format!("      exponentialMaxWaitDuration: {}ms\n", num(max))
        } else {
            "      # exponentialMaxWaitDuration: none\n".to_string()
        };
        format!(
            "resilience4j.retry:\n  instances:\n    backend:\n      \
             maxAttempts: {}\n      \
             waitDuration: {}ms\n      \
             enableExponentialBackoff: {}\n      \
             # set explicitly, or exponentialMaxWaitDuration is ignored\n      \
             exponentialBackoffMultiplier: {}\n\
             {max}      \
             enableRandomizedWait: {}\n      \
             randomizedWaitFactor: {}\n",
            Num(v.get("maxAttempts")),
            num(v.get("waitDuration")),
            v.flag("enableExponentialBackoff"),
            num(v.get("exponentialBackoffMultiplier")),
            v.flag("enableRandomizedWait"),
            num(v.get("randomizedWaitFactor")),
        )
    }

    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        d.count("maxAttempts", None);
        d.set("waitDuration", d.first_ms());
        d.set("enableExponentialBackoff", 1.0);
        d.set("exponentialBackoffMultiplier", d.growth());
        d.set_cap("exponentialMaxWaitDuration", 1.0);
        // randomizedWaitFactor f draws ×[1 − f, 1 + f], the max after it.
        let f = 1.0 - policy.proportional.lo;
        let random = if d.is_jitter(Jitter::None) {
            None
        } else if f < 1.0 && d.is_proportional(1.0 - f, 1.0 + f, CapOrder::After) {
            Some(f)
        } else {
            d.jitter_diff(
                "it waits without jitter (randomizedWaitFactor draws ± a share of the wait)",
            );
            None
        };
        d.set(
            "enableRandomizedWait",
            if random.is_some() { 1.0 } else { 0.0 },
        );
        if let Some(f) = random {
            d.set("randomizedWaitFactor", f);
        }
        d.no_budget("resilience4j Retry");
        d.finish(
            self,
            "rounding",
            "resilience4j keeps whole ms at every step",
        )
    }
}
