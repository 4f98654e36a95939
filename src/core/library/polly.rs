//! Polly v8 `RetryStrategyOptions` (.NET), read from Polly 8.7.0,
//! `src/Polly.Core/Retry/RetryHelper.cs` (`GetRetryDelay`,
//! `DecorrelatedJitterBackoffV2`, `ApplyJitter`) and
//! `RetryStrategyOptions.TResult.cs`. Not run here: pinned to that code.
//!
//! `MaxRetryAttempts` counts retries; the delay before retry n uses
//! `attempt = n − 1`. Without jitter: Constant `Delay`, Linear `Delay · n`,
//! Exponential `Delay · 2^(n−1)`. Jitter on Constant or Linear: `d × U[0.75,
//! 1.25)`. Jitter on Exponential: Polly's own DecorrelatedJitterBackoffV2,
//! `t = attempt + U`, `next = 2^t · tanh(√(4t))`, delay
//! `(next − prev) / 1.4 · Delay` truncated to 100 ns ticks, `prev = next`:
//! each delay depends on the previous draw, so its mean is simulated.
//! `MaxDelay` caps the result, after the jitter. No `Retry-After` in the
//! core strategy (the HTTP handler's `ShouldRetryAfterHeader` replaces the
//! delay, uncapped).

use super::Source;
use super::{
    clamp_uniform_mean, num, Bounds, Counting, Info, Language, Model, Param, Rand, RetryAfterRule,
    Unit, Values, Writer,
};
use super::{Draft, Policy, Translation};
use crate::core::decimal_text::Num;
use crate::core::policy::{CapOrder, Jitter};

/// Polly's `DelayBackoffType` names.
pub const BACKOFF_TYPES: &[&str] = &["Constant", "Linear", "Exponential"];

const PARAMS: &[Param] = &[
    Param::new("MaxRetryAttempts", Unit::Retries, 3.0, 1.0, 1000.0),
    Param::choice("BackoffType", BACKOFF_TYPES, 0),
    Param::new("Delay", Unit::Seconds, 2.0, 0.0, 86_400.0),
    Param::new("MaxDelay", Unit::Seconds, f64::INFINITY, 0.0, 86_400.0).or_none(),
    Param::flag("UseJitter", false),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "Polly 8.7.0",
    url: "https://github.com/App-vNext/Polly/blob/8.7.0/src/Polly.Core/Retry/RetryHelper.cs",
};

pub(super) static INFO: Info = Info {
    id: "polly",
    name: "Polly v8 RetryStrategyOptions",
    language: Language::CSharp,
    params: PARAMS,
    counting: Counting::retries_in("MaxRetryAttempts"),
    retry_after: RetryAfterRule::IGNORED,
};

/// The Polly v8 model.
pub struct Polly;

/// `2^t · tanh(√(4t))`, the decorrelated formula's curve (0 below t = 0).
fn curve(t: f64) -> f64 {
    if t <= 0.0 {
        0.0
    } else {
        t.exp2() * (4.0 * t).sqrt().tanh()
    }
}

/// The mean of `curve(a + U)`, `U` uniform in [0, 1): the integral of the
/// curve from `a` to `a + 1` (0 for `a ≤ −1`), by Simpson's rule over 32
/// steps. From 0 it integrates in `s` with `t = s²`, where the curve's
/// `√t` is smooth.
fn mean_curve(a: f64) -> f64 {
    if a <= -1.0 {
        return 0.0;
    }
    let f = |x: f64| {
        if a == 0.0 {
            2.0 * x * curve(x * x)
        } else {
            curve(a + x)
        }
    };
    let steps = 32;
    let h = 1.0 / f64::from(steps);
    let inner: f64 = (1..steps)
        .map(|i| f(f64::from(i) * h) * if i % 2 == 1 { 4.0 } else { 2.0 })
        .sum();
    (f(0.0) + f(1.0) + inner) * h / 3.0
}

/// The un-jittered delay before retry `n`, ms.
fn plain(v: &Values, n: u32) -> f64 {
    let b = v.get("Delay") * 1000.0;
    match v.choice("BackoffType") {
        "Constant" => b,
        "Linear" => b * f64::from(n),
        _ => b * 2f64.powf(f64::from(n) - 1.0),
    }
}

impl Model for Polly {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let cap = v.get("MaxDelay") * 1000.0;
        let d = plain(v, n);
        let b = match (v.flag("UseJitter"), v.choice("BackoffType")) {
            (false, _) => Bounds::fixed(d),
            (true, "Exponential") => {
                let a = f64::from(n) - 1.0;
                let scale = v.get("Delay") * 1000.0 / 1.4;
                let hi = (curve(a + 1.0) - curve(a - 1.0)) * scale;
                // Retry n sleeps curve(n − 1 + U) − curve(n − 2 + U′), so
                // its mean is a difference of two integrals, while the cap
                // never binds (the ticks' truncation moves it by < 0.1 µs).
                // Once the cap may bind, the mean is simulated.
                return Bounds {
                    min_ms: 0.0,
                    max_ms: hi.min(cap),
                    expected_ms: (hi <= cap).then(|| (mean_curve(a) - mean_curve(a - 1.0)) * scale),
                };
            }
            (true, _) => Bounds::uniform(0.75 * d, 1.25 * d),
        };
        Bounds {
            min_ms: b.min_ms.min(cap),
            max_ms: b.max_ms.min(cap),
            expected_ms: b
                .expected_ms
                .map(|_| clamp_uniform_mean(b.min_ms, b.max_ms, 0.0, cap)),
        }
    }

    // Each jittered exponential sleep is the curve's step from the last
    // draw: the sum telescopes to one draw's value, far from the sum of
    // each sleep's bounds (2 retries of 3 at Delay 2 s fit 12 s by the
    // bounds, all 3 in every run).
    fn dependent(&self, v: &Values) -> bool {
        v.flag("UseJitter") && v.choice("BackoffType") == "Exponential"
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let n = self.run_retries(v);
        let cap = v.get("MaxDelay") * 1000.0;
        let ticks = (v.get("Delay") * 1e7).round();
        // Read once, not per retry: a mean draws 2,000 runs.
        let (jitter, kind) = (v.flag("UseJitter"), v.choice("BackoffType"));
        let mut prev = 0.0;
        (1..=n)
            .map(|k| {
                let d = match (jitter, kind) {
                    (false, _) => plain(v, k),
                    (true, "Exponential") => {
                        let next = curve(f64::from(k) - 1.0 + rng.unit());
                        let delta = next - prev;
                        prev = next;
                        (delta / 1.4 * ticks).trunc() / 1e4
                    }
                    (true, _) => {
                        let d = plain(v, k);
                        d + d * 0.5 * rng.unit() - d * 0.25
                    }
                };
                d.min(cap)
            })
            .collect()
    }
}

impl Writer for Polly {
    fn config(&self, v: &Values) -> String {
        let max = v.get("MaxDelay");
        let max = if max.is_finite() {
            format!("TimeSpan.FromSeconds({})", num(max))
        } else {
            "null".to_string()
        };
        format!(
            "var pipeline = new ResiliencePipelineBuilder()\n    \
             .AddRetry(new RetryStrategyOptions\n    {{\n        \
             MaxRetryAttempts = {},\n        \
             BackoffType = DelayBackoffType.{},\n        \
             Delay = TimeSpan.FromSeconds({}),\n        \
             MaxDelay = {max},\n        \
             UseJitter = {},\n    \
             }})\n    \
             .Build();\n",
            Num(v.get("MaxRetryAttempts")),
            v.choice("BackoffType"),
            num(v.get("Delay")),
            v.flag("UseJitter"),
        )
    }

    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        d.count("MaxRetryAttempts", None);
        // Constant is the only way to a growth of 1; Exponential doubles.
        let constant = d.growth() == 1.0;
        d.set("BackoffType", if constant { 0.0 } else { 2.0 });
        if !constant {
            d.fixed_multiplier(2.0);
        }
        d.set("Delay", d.first_ms() / 1000.0);
        d.set_cap("MaxDelay", 1000.0);
        // UseJitter on Constant draws ×[0.75, 1.25), MaxDelay after it.
        let jitter = if d.is_jitter(Jitter::None) {
            0.0
        } else if constant && d.is_proportional(0.75, 1.25, CapOrder::After) {
            1.0
        } else if constant {
            d.jitter_diff("it waits without jitter (UseJitter draws ±25 %)");
            0.0
        } else {
            d.jitter_diff(
                "it waits without jitter (UseJitter draws Polly's own decorrelated curve)",
            );
            0.0
        };
        d.set("UseJitter", jitter);
        d.no_budget("Polly's retry strategy");
        d.finish(self, "rounding", "Polly keeps 100 ns ticks")
    }
}
