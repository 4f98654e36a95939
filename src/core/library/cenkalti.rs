//! cenkalti/backoff v7 `ExponentialBackOff` (Go), read from v7.0.0:
//! `retry.go` (`Retry`, `WithMaxTries`, `WithMaxElapsedTime`, the
//! `RetryAfterError` branch) and `error.go` (`RetryAfter(d, cause)`), and
//! from v5.0.3 `exponential.go` (`NextBackOff`, `incrementCurrentInterval`,
//! `getRandomValueFromInterval`), whose v7.0.0 copy no store here holds;
//! v7's CHANGELOG lists no change to it since v5. Run against v5.0.3
//! (Debian's golang-github-cenkalti-backoff-v5-dev 5.0.3-4; no registry
//! here carries v7) by `tests/libraries/`.
//!
//! What v7 changes for this page: the import path
//! (`github.com/cenkalti/backoff/v7`) and `RetryAfter`, which takes a
//! `time.Duration` (v5: whole seconds), so a server's wait replaces the
//! sleep to the millisecond. `Retry`'s loop is v5's: `NextBackOff` first
//! (`Stop` ends it, the wait ignored), then the wait and a `Reset`, then
//! the `MaxElapsedTime` check (`time.Since(startedAt)+next > max`).
//!
//! `MaxTries` counts attempts (0: unlimited). The sleep is
//! `⌊cur(1−f) + U·(2f·cur + 1)⌋` ns, uniform in `[cur(1−f), cur(1+f)]` with
//! `f = RandomizationFactor`; then `cur = MaxInterval` once
//! `cur ≥ MaxInterval / Multiplier`, else `⌊cur · Multiplier⌋` ns. The cap
//! is on the un-jittered interval and the first one (`InitialInterval`) is
//! never capped. `Retry` stops before a sleep that would end past
//! `MaxElapsedTime` (15 min; 0: no limit). A `RetryAfter` error replaces
//! the sleep and resets the interval.

use super::Source;
use super::{
    go_ms, num, Bounds, Combine, Counting, Info, Language, Model, Param, Rand, RetryAfterRule,
    Unit, Values, Writer, MAX_ROWS,
};
use crate::core::decimal_text::Num;

const PARAMS: &[Param] = &[
    Param::new("InitialInterval", Unit::Millis, 500.0, 0.0, 86_400_000.0),
    Param::new("RandomizationFactor", Unit::Number, 0.5, 0.0, 1.0),
    Param::new("Multiplier", Unit::Number, 1.5, 1.0, 100.0),
    Param::new("MaxInterval", Unit::Millis, 60_000.0, 0.0, 86_400_000.0),
    Param::new(
        "MaxElapsedTime",
        Unit::Millis,
        900_000.0,
        0.0,
        31_536_000_000.0,
    ),
    Param::new("MaxTries", Unit::Attempts, 0.0, 0.0, 1000.0),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "cenkalti/backoff v7.0.0",
    url: "https://github.com/cenkalti/backoff/blob/v7.0.0/retry.go",
};

pub(super) static INFO: Info = Info {
    id: "cenkalti",
    name: "cenkalti/backoff v7 ExponentialBackOff",
    language: Language::Go,
    params: PARAMS,
    counting: Counting::attempts("MaxTries").with_budget("MaxElapsedTime"),
    // v7 reads no header itself: the caller's `RetryAfter` error replaces
    // the next wait.
    retry_after: RetryAfterRule {
        combine: Combine::Replaces,
        ..RetryAfterRule::IGNORED
    },
};

/// The cenkalti/backoff v7 model.
pub struct Cenkalti;

/// The un-randomized intervals `cur_1 … cur_n`, in whole ns.
fn intervals(v: &Values, n: u32) -> Vec<f64> {
    let max = (v.get("MaxInterval") * 1e6).floor();
    let mult = v.get("Multiplier");
    let mut cur = (v.get("InitialInterval") * 1e6).floor();
    let mut out = Vec::with_capacity(n as usize);
    for _ in 0..n {
        out.push(cur);
        cur = if cur >= max / mult {
            max
        } else {
            (cur * mult).floor()
        };
    }
    out
}

impl Model for Cenkalti {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn max_retries(&self, v: &Values) -> Option<u32> {
        Some(v.get("MaxTries") as u32)
            .filter(|&t| t > 0)
            .map(|t| t - 1)
    }

    fn budget_ms(&self, v: &Values) -> Option<f64> {
        Some(v.get("MaxElapsedTime")).filter(|&b| b > 0.0)
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let cur = intervals(v, n).pop().unwrap_or(0.0);
        let f = v.get("RandomizationFactor");
        let lo = (cur * (1.0 - f)).floor();
        // The largest whole ns below cur(1−f) + (2f·cur + 1).
        let hi = if f == 0.0 {
            cur
        } else {
            (cur * (1.0 + f) + 1.0).ceil() - 1.0
        };
        Bounds::uniform(lo / 1e6, hi / 1e6)
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let n = self.max_retries(v).unwrap_or(MAX_ROWS).min(MAX_ROWS);
        let budget = self.budget_ms(v).unwrap_or(f64::INFINITY);
        let f = v.get("RandomizationFactor");
        let mut elapsed = 0.0;
        let mut out = Vec::new();
        for cur in intervals(v, n) {
            let s = if f == 0.0 {
                cur
            } else {
                (cur * (1.0 - f) + rng.unit() * (2.0 * f * cur + 1.0)).floor()
            } / 1e6;
            if elapsed + s > budget {
                break;
            }
            elapsed += s;
            out.push(s);
        }
        out
    }
}

impl Writer for Cenkalti {
    fn config(&self, v: &Values) -> String {
        // A whole file, as gofmt writes it, for v7
        // (tests/libraries/go_configs.test.mjs runs gofmt and builds it
        // against the pinned v5, whose API this file's calls share).
        let elapsed = format!(
            "backoff.WithMaxElapsedTime({}),",
            // Inside Retry's argument list gofmt drops the spaces.
            go_ms(v.get("MaxElapsedTime")).replace(" * ", "*")
        );
        let tries = format!("backoff.WithMaxTries({}),", Num(v.get("MaxTries")));
        let width = elapsed.len().max(tries.len());
        format!(
            "package main\n\n\
             import (\n\t\"context\"\n\t\"time\"\n\n\t\"github.com/cenkalti/backoff/v7\"\n)\n\n\
             // retry calls operation until it succeeds or these settings give up.\n\
             func retry[T any](ctx context.Context, operation backoff.Operation[T]) (T, error) {{\n\t\
             b := backoff.NewExponentialBackOff()\n\t\
             b.InitialInterval = {}\n\t\
             b.RandomizationFactor = {}\n\t\
             b.Multiplier = {}\n\t\
             b.MaxInterval = {}\n\n\t\
             return backoff.Retry(ctx, operation,\n\t\t\
             backoff.WithBackOff(b),\n\t\t\
             {elapsed:width$} // 0: no limit\n\t\t\
             {tries:width$} // attempts; 0: unlimited\n\t\
             )\n\
             }}\n",
            go_ms(v.get("InitialInterval")),
            num(v.get("RandomizationFactor")),
            num(v.get("Multiplier")),
            go_ms(v.get("MaxInterval")),
        )
    }

    fn translate(&self, policy: &super::Policy, deadline_ms: Option<u64>) -> super::Translation {
        use crate::core::policy::{CapOrder, Jitter};
        let mut d = super::Draft::new(self, policy, deadline_ms);
        d.set("InitialInterval", d.first_ms());
        d.set("Multiplier", d.growth());
        d.set_cap("MaxInterval", 1.0);
        d.count("MaxTries", None);
        // RandomizationFactor f draws ×[1 − f, 1 + f], the cap before it.
        let p = policy.proportional;
        let f = 1.0 - p.lo;
        let factor = if d.is_jitter(Jitter::None) {
            0.0
        } else if f <= 1.0 && d.is_proportional(1.0 - f, 1.0 + f, CapOrder::Before) {
            f
        } else {
            d.jitter_diff(
                "it waits without jitter (RandomizationFactor draws ± a share of the interval)",
            );
            0.0
        };
        d.set("RandomizationFactor", factor);
        match deadline_ms {
            // MaxElapsedTime 0 means no limit: 1 µs is the closest to none.
            Some(0) => {
                d.set("MaxElapsedTime", 0.001);
                d.diff(
                    "deadline",
                    "MaxElapsedTime 0 means no limit, so it is 1 µs, not 0 ms".to_string(),
                );
            }
            Some(ms) => d.set("MaxElapsedTime", ms as f64),
            None => d.set("MaxElapsedTime", 0.0),
        }
        d.finish(
            self,
            "rounding",
            "cenkalti floors each interval to whole ns",
        )
    }
}
