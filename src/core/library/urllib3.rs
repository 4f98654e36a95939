//! urllib3 `Retry` (what requests uses), read from urllib3 2.8.0,
//! `src/urllib3/util/retry.py` (`Retry.get_backoff_time`,
//! `parse_retry_after`, `sleep`, `is_retry`, `increment`).
//!
//! `total` counts retries. Retry 1 never waits (the function returns 0
//! before adding any jitter); retry k ≥ 2 sleeps
//! `min(backoff_max, backoff_factor · 2^(k−1) + U · backoff_jitter)`,
//! floored at 0: the multiplier is fixed at 2 and the cap applies after the
//! additive jitter. A `Retry-After` on any retried response replaces the
//! backoff (413, 429 and 503 carrying one are retried even outside
//! `status_forcelist`), clamped to `retry_after_max` and not to
//! `backoff_max`; a value of 0 (or a past date) falls back to the backoff.
//! `respect_retry_after_header=False` ignores the header.
//!
//! Before 2.6.3 (read from urllib3 2.5.0, the same file) `Retry` has no
//! `retry_after_max`: a server's wait is used whole, and passing the
//! argument raises `TypeError`. Nothing else in the delays differs.

use super::Source;
use super::{
    clamp_uniform_mean, py_float, Bounds, Combine, Counting, Counts, Info, Language, LibError,
    Model, Param, Rand, Release, RetryAfterRule, Unit, Values, Writer,
};
use super::{Draft, Policy, Translation};
use crate::core::decimal_text::Num;
use crate::core::policy::Jitter;

const PARAMS: &[Param] = &[
    Param::new("total", Unit::Retries, 10.0, 0.0, 1000.0),
    Param::new("backoff_factor", Unit::Seconds, 0.0, 0.0, 86_400.0),
    Param::new("backoff_max", Unit::Seconds, 120.0, 0.0, 86_400.0),
    Param::new("backoff_jitter", Unit::Seconds, 0.0, 0.0, 86_400.0),
    Param::flag("respect_retry_after_header", true),
    Param::new(
        "retry_after_max",
        Unit::Seconds,
        21_600.0,
        0.0,
        31_536_000.0,
    ),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "urllib3 2.8.0",
    url: "https://github.com/urllib3/urllib3/blob/2.8.0/src/urllib3/util/retry.py",
};

pub(super) static INFO: Info = Info {
    id: "urllib3",
    name: "urllib3 Retry",
    language: Language::Python,
    params: PARAMS,
    counting: Counting {
        param: Some("total"),
        counts: Counts::Retries,
        first_retry_waits: false,
        budget_param: None,
    },
    retry_after: RetryAfterRule {
        combine: Combine::Replaces,
        headers: &["Retry-After"],
        // `sleep` reads the header on every retried response: the 413,
        // 429 and 503 of `RETRY_AFTER_STATUS_CODES` only make a response
        // retried without `status_forcelist`.
        statuses: &[],
        max_param: Some("retry_after_max"),
        zero_falls_back: true,
        capped_by_backoff_max: false,
        switch_param: Some("respect_retry_after_header"),
    },
};

/// The releases modelled: `retry_after_max` is new in 2.6.3.
pub static RELEASES: &[Release] = &[
    Release {
        id: "2.6.3",
        label: "2.6.3 and later",
        covers: "urllib3 2.6.3 to 2.8.0 (read from 2.8.0)",
    },
    Release {
        id: "2.5",
        label: "2.0 to 2.6.2",
        covers: "2.0 to 2.6.2, with no retry_after_max (read from 2.5.0)",
    },
];

/// The default `retry_after_max`, s (`Retry.DEFAULT_RETRY_AFTER_MAX`).
pub const RETRY_AFTER_MAX_S: f64 = 21_600.0;

/// The urllib3 `Retry` model.
pub struct Urllib3;

/// Whether `v` models a release before 2.6.3 (no `retry_after_max`).
pub fn before_2_6_3(v: &Values) -> bool {
    v.release() == RELEASES[1].id
}

/// The un-jittered backoff before retry `k`, s (0 for retry 1).
fn base_s(v: &Values, k: u32) -> f64 {
    if k <= 1 {
        0.0
    } else {
        v.get("backoff_factor") * 2f64.powi(k as i32 - 1)
    }
}

impl Model for Urllib3 {
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
        if before_2_6_3(v) && v.get("retry_after_max") != RETRY_AFTER_MAX_S {
            return Err(LibError::Conflict {
                name: "retry_after_max",
                why: "new in urllib3 2.6.3; before it a server's wait is not clamped (leave it at 21600)",
            });
        }
        Ok(())
    }

    fn notes(&self, v: &Values) -> Vec<String> {
        if !v.flag("respect_retry_after_header") {
            return Vec::new();
        }
        vec!["It reads <code>Retry-After</code> on every response it retries, and retries a 413, 429 or 503 that carries one even outside <code>status_forcelist</code>.".to_string()]
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        if n <= 1 {
            return Bounds::fixed(0.0);
        }
        let cap = v.get("backoff_max");
        let d = base_s(v, n);
        let j = v.get("backoff_jitter");
        let lo = crate::core::clamp(d, 0.0, cap);
        let hi = crate::core::clamp(d + j, 0.0, cap);
        let mean = clamp_uniform_mean(d, d + j, 0.0, cap);
        Bounds {
            min_ms: lo * 1000.0,
            max_ms: hi * 1000.0,
            expected_ms: Some(mean * 1000.0),
        }
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let total = self.run_retries(v);
        let (cap, j) = (v.get("backoff_max"), v.get("backoff_jitter"));
        (1..=total)
            .map(|k| {
                if k <= 1 {
                    return 0.0;
                }
                let mut s = base_s(v, k);
                if j != 0.0 {
                    s += rng.unit() * j;
                }
                s.min(cap).max(0.0) * 1000.0
            })
            .collect()
    }
}

impl Writer for Urllib3 {
    fn config(&self, v: &Values) -> String {
        let respect = if v.flag("respect_retry_after_header") {
            "True"
        } else {
            "False"
        };
        // retry_after_max is new in urllib3 2.6.3 (a TypeError before it):
        // written only when it is not the default, and then said so.
        // Before 2.6.3 it is never written (the model refuses another).
        let max = v.get("retry_after_max");
        let (needs, max) = if before_2_6_3(v) || max == RETRY_AFTER_MAX_S {
            ("2.0", String::new())
        } else {
            ("2.6.3", format!("    retry_after_max={},\n", py_float(max)))
        };
        format!(
            "import requests\n\
             from requests.adapters import HTTPAdapter\n\
             from urllib3.util import Retry\n\n\
             # urllib3 >= {needs}\n\
             retry = Retry(\n    \
             total={},\n    \
             status_forcelist=[408, 429, 500, 502, 503, 504],\n    \
             backoff_factor={},\n    \
             backoff_max={},\n    \
             backoff_jitter={},\n    \
             respect_retry_after_header={respect},\n\
             {max}\
             )\n\
             adapter = HTTPAdapter(max_retries=retry)\n\
             session = requests.Session()\n\
             session.mount(\"https://\", adapter)\n\
             session.mount(\"http://\", adapter)\n",
            Num(v.get("total")),
            py_float(v.get("backoff_factor")),
            py_float(v.get("backoff_max")),
            py_float(v.get("backoff_jitter")),
        )
    }

    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation {
        let mut d = Draft::new(self, policy, deadline_ms);
        d.count("total", None);
        // Retry k ≥ 2 waits factor × 2^(k−1): half the page's retry 2 makes
        // retry 2 equal, and every later retry too when the multiplier is 2.
        d.set("backoff_factor", d.first_ms() * d.growth() / 2000.0);
        d.set_cap("backoff_max", 1000.0);
        d.set("backoff_jitter", 0.0);
        if d.first_waits() {
            let page = d.first_words();
            d.diff("first-retry", format!("retry 1 waits 0 s, not {page}"));
        }
        d.fixed_multiplier(2.0);
        if !d.is_jitter(Jitter::None) {
            d.jitter_diff(
                "it waits without jitter (backoff_jitter only adds a fixed range of seconds)",
            );
        }
        d.no_budget("urllib3");
        d.finish(self, "rounding", "urllib3 computes in float seconds")
    }
}
