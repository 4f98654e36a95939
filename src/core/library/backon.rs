//! backon `ExponentialBuilder` (Rust), read from backon 1.6.0 (crates.io),
//! `backon/src/backoff/exponential.rs` (`ExponentialBuilder::new`,
//! `ExponentialBackoff::next`; the delay code is unchanged from 1.5.2).
//! Run against backon 1.6.0 by `tests/libraries/`.
//!
//! `max_times` counts retries (none: unlimited). The first delay is
//! `min_delay`, never compared with `max_delay`; each next one is
//! `cur · factor` (in f32 seconds) while `cur < max_delay`, then
//! `min(·, max_delay)`. With `jitter` the sleep is `cur + cur · U`, added
//! after the cap, so up to twice `max_delay`. With `total_delay`, a delay is
//! yielded only while the sum of the sleeps, it included, stays within it.
//! No `Retry-After`.

use super::Source;
use super::{
    py_float, rust_duration, Bounds, Counting, Info, Language, Model, Param, Rand, RetryAfterRule,
    Unit, Values, Writer, MAX_ROWS,
};
use crate::core::decimal_text::Num;

const PARAMS: &[Param] = &[
    Param::new("min_delay", Unit::Millis, 1000.0, 0.0, 86_400_000.0),
    Param::new("factor", Unit::Number, 2.0, 1.0, 100.0),
    Param::new("max_delay", Unit::Millis, 60_000.0, 0.0, 86_400_000.0).or_none(),
    Param::new("max_times", Unit::Retries, 3.0, 0.0, 1000.0).or_none(),
    Param::flag("jitter", false),
    Param::new(
        "total_delay",
        Unit::Millis,
        f64::INFINITY,
        0.0,
        86_400_000.0,
    )
    .or_none(),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "backon 1.6.0",
    url: "https://github.com/Xuanwo/backon/blob/v1.6.0/backon/src/backoff/exponential.rs",
};

pub(super) static INFO: Info = Info {
    id: "backon",
    name: "backon ExponentialBuilder",
    language: Language::Rust,
    params: PARAMS,
    counting: Counting::retries_in("max_times").with_budget("total_delay"),
    retry_after: RetryAfterRule::IGNORED,
};

/// The backon `ExponentialBuilder` model.
pub struct Backon;

/// The un-jittered delays `cur_1 … cur_n`, ms.
fn curs(v: &Values, n: u32) -> Vec<f64> {
    let (max, factor) = (v.get("max_delay"), v.get("factor") as f32);
    let mut cur = v.get("min_delay");
    let mut out = Vec::with_capacity(n as usize);
    for k in 0..n {
        if k > 0 {
            if cur < max {
                cur = f64::from((cur / 1000.0) as f32 * factor) * 1000.0;
            }
            cur = cur.min(max);
        }
        out.push(cur);
    }
    out
}

impl Model for Backon {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn budget_ms(&self, v: &Values) -> Option<f64> {
        Some(v.get("total_delay")).filter(|b| b.is_finite())
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let cur = curs(v, n).pop().unwrap_or(0.0);
        if v.flag("jitter") {
            Bounds::uniform(cur, 2.0 * cur)
        } else {
            Bounds::fixed(cur)
        }
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let n = self.max_retries(v).unwrap_or(MAX_ROWS).min(MAX_ROWS);
        let budget = self.budget_ms(v).unwrap_or(f64::INFINITY);
        let mut total = 0.0;
        let mut out = Vec::new();
        for cur in curs(v, n) {
            let s = if v.flag("jitter") {
                cur + cur * f64::from(rng.unit() as f32)
            } else {
                cur
            };
            if total + s > budget {
                break;
            }
            total += s;
            out.push(s);
        }
        out
    }
}

impl Writer for Backon {
    fn config(&self, v: &Values) -> String {
        let ms = rust_duration;
        let mut lines = vec![
            format!(".with_min_delay({})", ms(v.get("min_delay"))),
            format!(".with_factor({})", py_float(v.get("factor"))),
        ];
        lines.push(match v.get("max_delay") {
            m if m.is_finite() => format!(".with_max_delay({})", ms(m)),
            _ => ".without_max_delay()".to_string(),
        });
        lines.push(match v.get("max_times") {
            m if m.is_finite() => format!(".with_max_times({})", Num(m)),
            _ => ".without_max_times()".to_string(),
        });
        let note = if v.flag("jitter") {
            lines.push(".with_jitter()".to_string());
            "// jitter: on, each sleep plus up to 100 %, after the cap.\n"
        } else {
            "// jitter: off (.with_jitter() adds up to 100 %, after the cap).\n"
        };
        if let Some(t) = self.budget_ms(v) {
            lines.push(format!(".with_total_delay(Some({}))", ms(t)));
        }
        format!(
            "use std::time::Duration;\n\n\
             use backon::ExponentialBuilder;\n\n\
             {note}let backoff = ExponentialBuilder::default()\n    {};\n",
            lines.join("\n    ")
        )
    }

    fn translate(&self, policy: &super::Policy, deadline_ms: Option<u64>) -> super::Translation {
        use crate::core::policy::CapOrder;
        let mut d = super::Draft::new(self, policy, deadline_ms);
        d.set("min_delay", d.first_ms());
        d.set("factor", d.growth());
        d.set_cap("max_delay", 1.0);
        d.count("max_times", None);
        // with_jitter adds uniform [0, delay) after the cap: ×[1, 2),
        // the cap before the factor.
        d.doubling_jitter(
            "jitter",
            CapOrder::Before,
            "it waits without jitter (with_jitter adds 0–100 % after the cap)",
        );
        // total_delay stops before a sleep that would pass it, as the
        // caller's deadline would.
        d.set(
            "total_delay",
            deadline_ms.map_or(f64::INFINITY, |ms| ms as f64),
        );
        d.finish(self, "rounding", "backon grows the delay in f32 seconds")
    }
}
