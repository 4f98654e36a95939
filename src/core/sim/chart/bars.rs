//! One run's writes over time as stacked bars: failed writes at the
//! bottom of each bucket, successful ones on top.

use super::{count_label, value_ticks, Tick, LEFT, PLOT_BOTTOM, PLOT_RIGHT, TIMELINE_BARS, TOP};
use crate::core::chart::{axis_label, nice_ceiling};
use crate::core::decimal_text::Fixed;
use crate::core::format;
use crate::core::sim::{timeline, Mode, SimConfig, SimError, Timeline};

/// Merges every `k` neighbouring buckets of `t` into one (the last may
/// cover fewer); `k` of 0 or 1 leaves it as it is.
pub fn coarsen(t: &Timeline, k: usize) -> Timeline {
    if k <= 1 {
        return t.clone();
    }
    let merge = |v: &[u32]| v.chunks(k).map(|c| c.iter().sum()).collect();
    Timeline {
        bucket_ms: t.bucket_ms * k as f64,
        successes: merge(&t.successes),
        failures: merge(&t.failures),
        ..t.clone()
    }
}

/// The writes over time of run 0 of `mode` at `clients`, in at most
/// [`TIMELINE_BARS`] buckets spanning the whole run: the run is bucketed
/// finely (see [`timeline`]) and then merged, so it is simulated once.
pub fn timeline_bars(config: &SimConfig, mode: Mode, clients: u32) -> Result<Timeline, SimError> {
    let fine = timeline(config, mode, clients, f64::NAN)?;
    Ok(coarsen(&fine, fine.len().div_ceil(TIMELINE_BARS)))
}

/// A timeline drawn as stacked bars: failed writes at the bottom of each
/// bucket, successful ones on top, each kind as one SVG path.
#[derive(Clone, Debug, PartialEq)]
pub struct Bars {
    /// The mode simulated.
    pub mode: Mode,
    /// The `d` of the failed writes' bars.
    pub failures: String,
    /// The `d` of the successful writes' bars.
    pub successes: String,
    /// Times under the plot.
    pub x_ticks: Vec<Tick>,
    /// Writes per bucket left of the plot.
    pub y_ticks: Vec<Tick>,
    /// What one bar covers, as the axis title says it: `writes per 30 ms`.
    pub unit: String,
    /// The busiest bucket's writes.
    pub peak: u32,
}

/// The busiest bucket's writes.
fn peak(t: &Timeline) -> u32 {
    (0..t.len()).map(|i| t.writes(i)).max().unwrap_or(0)
}

/// Lays out `t` as [`Bars`] over its own time span and peak.
pub fn bars(t: &Timeline) -> Bars {
    bars_within(
        t,
        t.bucket_ms * t.len() as f64,
        nice_ceiling(peak(t) as f64),
    )
}

/// Run 0 of each of `modes` at `clients`, bucketed alike over the longest
/// of the runs and laid out on one time scale and one height scale, so
/// their charts compare bar for bar; each with its timeline, for its title.
pub fn bars_alike(
    config: &SimConfig,
    modes: &[Mode],
    clients: u32,
) -> Result<Vec<(Timeline, Bars)>, SimError> {
    let mut span: f64 = 0.0;
    for &m in modes {
        let fine = timeline(config, m, clients, f64::NAN)?;
        span = span.max(fine.bucket_ms * fine.len() as f64);
    }
    let bucket = span / TIMELINE_BARS as f64;
    let ts = modes
        .iter()
        .map(|&m| timeline(config, m, clients, bucket))
        .collect::<Result<Vec<_>, _>>()?;
    let span = ts
        .iter()
        .map(|t| t.bucket_ms * t.len() as f64)
        .fold(0.0, f64::max);
    let top = nice_ceiling(ts.iter().map(peak).max().unwrap_or(0) as f64);
    Ok(ts
        .into_iter()
        .map(|t| {
            let b = bars_within(&t, span, top);
            (t, b)
        })
        .collect())
}

/// Lays out `t` as [`Bars`] over `span` ms from time 0, with `top` writes
/// at the plot's top (at least its own span and peak).
pub fn bars_within(t: &Timeline, span: f64, top: f64) -> Bars {
    let span = span.max(t.bucket_ms * t.len() as f64);
    let n = ((span / t.bucket_ms).round() as usize).max(t.len()).max(1);
    let width = (PLOT_RIGHT - LEFT) / n as f64;
    let peak = peak(t);
    let top = top.max(peak as f64);
    let h = |count: u32| (PLOT_BOTTOM - TOP) * count as f64 / top;
    let mut failures = String::new();
    let mut successes = String::new();
    for i in 0..t.len() {
        let x = LEFT + width * i as f64;
        let fail = h(t.failures[i]);
        let ok = h(t.successes[i]);
        let rect = |d: &mut String, bottom: f64, height: f64| {
            if height > 0.0 {
                d.push_str(&format!(
                    "M{} {}h{}v{}h{}z",
                    Fixed(x, 2),
                    Fixed(bottom, 2),
                    Fixed(width, 2),
                    Fixed(-height, 2),
                    Fixed(-width, 2)
                ));
            }
        };
        rect(&mut failures, PLOT_BOTTOM, fail);
        rect(&mut successes, PLOT_BOTTOM - fail, ok);
    }
    let step = nice_ceiling(span / 4.0);
    let x_ticks = (0..)
        .map(|i| i as f64 * step)
        .take_while(|ms| *ms <= span + 1e-9)
        .map(|ms| Tick {
            at: LEFT + (PLOT_RIGHT - LEFT) * ms / span.max(f64::MIN_POSITIVE),
            label: axis_label(ms),
        })
        .collect();
    Bars {
        mode: t.mode,
        failures,
        successes,
        x_ticks,
        y_ticks: value_ticks(top, count_label),
        unit: format!("writes per {}", bucket_label(t.bucket_ms)),
        peak,
    }
}

/// A bucket's width for the axis title: `30 ms`, `1.25 s`, `0.4 ms`.
pub fn bucket_label(ms: f64) -> String {
    if ms >= 1.0 {
        format::total(ms)
    } else {
        format!("{} ms", Fixed(ms, 2))
    }
}
