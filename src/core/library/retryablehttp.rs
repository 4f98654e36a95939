//! hashicorp/go-retryablehttp `Client` with `DefaultBackoff`, read from
//! go-retryablehttp v0.7.8, `client.go` (`DefaultBackoff`,
//! `defaultRetryWaitMin`, `defaultRetryWaitMax`, `defaultRetryMax`,
//! `Client.Do`). Run by `tests/libraries/` against 0.7.1 (Debian bookworm's
//! golang-github-hashicorp-go-retryablehttp-dev; v0.7.8 cannot be installed
//! there), whose `DefaultBackoff` delay and `Client.Do` call of it are the
//! same as v0.7.8's (only the `Retry-After` parsing changed).
//!
//! `RetryMax` counts retries. Retry n sleeps `RetryWaitMin · 2^(n−1)`,
//! replaced by `RetryWaitMax` when it is larger (or overflows): no jitter.
//! A 429 or 503 with a `Retry-After` (seconds or a date) replaces the sleep,
//! with no maximum at all.

use super::Source;
use super::{
    go_ms, Bounds, Combine, Counting, Info, Language, Model, Param, Rand, RetryAfterRule, Unit,
    Values, Writer,
};
use super::{Draft, Policy, Translation};
use crate::core::decimal_text::Num;
use crate::core::policy::Jitter;

const PARAMS: &[Param] = &[
    Param::new("RetryWaitMin", Unit::Millis, 1000.0, 0.0, 86_400_000.0),
    Param::new("RetryWaitMax", Unit::Millis, 30_000.0, 0.0, 86_400_000.0),
    Param::new("RetryMax", Unit::Retries, 4.0, 0.0, 1000.0),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "go-retryablehttp v0.7.8",
    url: "https://github.com/hashicorp/go-retryablehttp/blob/v0.7.8/client.go",
};

pub(super) static INFO: Info = Info {
    id: "retryablehttp",
    name: "hashicorp/go-retryablehttp Client",
    language: Language::Go,
    params: PARAMS,
    counting: Counting::retries_in("RetryMax"),
    retry_after: RetryAfterRule {
        combine: Combine::Replaces,
        headers: &["Retry-After"],
        statuses: &[429, 503],
        max_param: None,
        zero_falls_back: false,
        capped_by_backoff_max: false,
        switch_param: None,
    },
};

/// The go-retryablehttp model.
pub struct RetryableHttp;

impl Model for RetryableHttp {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let d = v.get("RetryWaitMin") * 2f64.powf(f64::from(n) - 1.0);
        let max = v.get("RetryWaitMax");
        Bounds::fixed(if d > max { max } else { d })
    }

    fn run(&self, v: &Values, _rng: &mut Rand) -> Vec<f64> {
        let n = self.run_retries(v);
        (1..=n).map(|k| self.bounds(v, k).min_ms).collect()
    }
}

impl Writer for RetryableHttp {
    fn config(&self, v: &Values) -> String {
        format!(
            "client := retryablehttp.NewClient()\n\
             client.RetryWaitMin = {}\n\
             client.RetryWaitMax = {}\n\
             client.RetryMax = {}\n",
            go_ms(v.get("RetryWaitMin")),
            go_ms(v.get("RetryWaitMax")),
            Num(v.get("RetryMax")),
        )
    }

    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        d.set("RetryWaitMin", d.first_ms());
        d.set_cap("RetryWaitMax", 1.0);
        d.count("RetryMax", None);
        d.fixed_multiplier(2.0);
        if !d.is_jitter(Jitter::None) {
            d.jitter_diff("it waits without jitter (DefaultBackoff has none)");
        }
        d.no_budget("go-retryablehttp");
        d.finish(self, "rounding", "DefaultBackoff computes whole durations")
    }
}
