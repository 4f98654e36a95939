//! Geometry of the contention simulation's charts, as plain data: the two
//! line charts of a sweep (calls and completion time against clients, one
//! line per mode) and the bars of one run's writes over time.
//!
//! Everything is in SVG user units of a [`WIDTH`] × [`HEIGHT`] drawing.
//! [`line_svg`], [`timeline_svg`] and [`legend_html`] write the finished
//! markup as text, which the page sets as one element's content: a chart
//! redrawn whole when a run ends needs no per-element rendering code.

use std::fmt::Write;

use super::{timeline, Mode, ModeResult, SimConfig, SimError, Timeline};
use crate::core::chart::{axis_label, nice_ceiling};
use crate::core::format;
use crate::core::format::total;
use crate::core::html::escape;

/// Width of every simulation chart, SVG units.
pub const WIDTH: f64 = 640.0;
/// Height of every simulation chart, SVG units.
pub const HEIGHT: f64 = 300.0;
/// Room left of the plot for the value labels.
pub const LEFT: f64 = 70.0;
/// Room right of the plot.
pub const RIGHT: f64 = 20.0;
/// Room above the plot.
pub const TOP: f64 = 28.0;
/// Room under the plot for the axis labels and title.
pub const BOTTOM: f64 = 52.0;
/// How many bars a timeline is drawn with, at most.
pub const TIMELINE_BARS: usize = 80;

/// The bottom of the plot area.
pub const PLOT_BOTTOM: f64 = HEIGHT - BOTTOM;
/// The right edge of the plot area.
pub const PLOT_RIGHT: f64 = WIDTH - RIGHT;

/// One labelled axis position: `at` is x for a horizontal axis, y for a
/// vertical one.
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    /// Position along the axis, SVG units.
    pub at: f64,
    /// The text written there.
    pub label: String,
}

/// Which figure a line chart plots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Mean writes per run: the work.
    Calls,
    /// Mean completion time per run, ms.
    Time,
}

impl Metric {
    fn of(self, r: &ModeResult) -> f64 {
        match self {
            Metric::Calls => r.mean_calls,
            Metric::Time => r.mean_time_ms,
        }
    }

    fn label(self, value: f64) -> String {
        match self {
            Metric::Calls => count_label(value),
            Metric::Time => axis_label(value),
        }
    }
}

/// A count for an axis: `1,500`, or `2.5` when it is not whole.
pub fn count_label(value: f64) -> String {
    if value.fract() == 0.0 && value >= 0.0 {
        format::thousands(value as u64)
    } else {
        format!("{value:.1}")
    }
}

/// One mode's line: its points in client order.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The mode drawn.
    pub mode: Mode,
    /// The polyline's `points` attribute, `x,y x,y …`.
    pub points: String,
    /// Each point, for markers.
    pub dots: Vec<(f64, f64)>,
}

/// A line chart of one [`Metric`] against clients.
#[derive(Clone, Debug, PartialEq)]
pub struct LineChart {
    /// One line per mode present in the results, in [`Mode::ALL`] order.
    pub lines: Vec<Line>,
    /// Client counts under the plot.
    pub x_ticks: Vec<Tick>,
    /// Values left of the plot, from 0 to a nice top.
    pub y_ticks: Vec<Tick>,
}

/// Value ticks from 0 to `top` in four steps, with their heights.
fn value_ticks(top: f64, label: impl Fn(f64) -> String) -> Vec<Tick> {
    (0..=4)
        .map(|i| {
            let value = top * i as f64 / 4.0;
            Tick {
                at: PLOT_BOTTOM - (PLOT_BOTTOM - TOP) * value / top,
                label: label(value),
            }
        })
        .collect()
}

/// Lays out `metric` against clients for `results` (a sweep's, finished
/// or partial). The x axis runs from the fewest to the most clients (one
/// count sits in the middle); the y axis from 0 to a nice ceiling.
pub fn line_chart(results: &[ModeResult], metric: Metric) -> LineChart {
    // The distinct client counts, in order: a handful, so an insertion
    // keeps it sorted without pulling a general sort into the wasm.
    let mut counts: Vec<u32> = Vec::new();
    for r in results {
        if let Err(at) = counts.binary_search(&r.clients) {
            counts.insert(at, r.clients);
        }
    }
    let (lo, hi) = match (counts.first(), counts.last()) {
        (Some(&lo), Some(&hi)) => (lo as f64, hi as f64),
        _ => (0.0, 1.0),
    };
    let x = |clients: u32| {
        if hi > lo {
            LEFT + (PLOT_RIGHT - LEFT) * (clients as f64 - lo) / (hi - lo)
        } else {
            (LEFT + PLOT_RIGHT) / 2.0
        }
    };
    let max = results.iter().map(|r| metric.of(r)).fold(0.0, f64::max);
    let top = nice_ceiling(max);
    let y = |v: f64| PLOT_BOTTOM - (PLOT_BOTTOM - TOP) * (v / top).clamp(0.0, 1.0);
    let lines = Mode::ALL
        .into_iter()
        .filter_map(|mode| {
            let dots: Vec<(f64, f64)> = results
                .iter()
                .filter(|r| r.mode == mode)
                .map(|r| (x(r.clients), y(metric.of(r))))
                .collect();
            (!dots.is_empty()).then(|| Line {
                mode,
                points: points(&dots),
                dots,
            })
        })
        .collect();
    LineChart {
        lines,
        x_ticks: counts
            .iter()
            .map(|&c| Tick {
                at: x(c),
                label: format::thousands(c as u64),
            })
            .collect(),
        y_ticks: value_ticks(top, |v| metric.label(v)),
    }
}

/// Points as a polyline's `points` attribute, one decimal each.
fn points(dots: &[(f64, f64)]) -> String {
    dots.iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

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

/// Lays out `t` as [`Bars`] over its own time span and peak.
pub fn bars(t: &Timeline) -> Bars {
    let n = t.len().max(1);
    let width = (PLOT_RIGHT - LEFT) / n as f64;
    let peak = (0..t.len()).map(|i| t.writes(i)).max().unwrap_or(0);
    let top = nice_ceiling(peak as f64);
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
                    "M{x:.2} {bottom:.2}h{width:.2}v{:.2}h{:.2}z",
                    -height, -width
                ));
            }
        };
        rect(&mut failures, PLOT_BOTTOM, fail);
        rect(&mut successes, PLOT_BOTTOM - fail, ok);
    }
    let span = t.bucket_ms * t.len() as f64;
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
        format!("{ms:.2} ms")
    }
}

/// Opens a chart: a figure with the title as a visible caption (hidden
/// from assistive technology, which reads the same words as the SVG's
/// `<title>`, its accessible name; `id` must be unique on the page).
fn open(out: &mut String, id: &str, title: &str) {
    let _ = write!(
        out,
        r#"<figure class="chart sim-chart"><figcaption aria-hidden="true">{title}</figcaption><svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{id}" preserveAspectRatio="xMidYMid meet"><title id="{id}">{title}</title>"#,
        id = escape(id),
        title = escape(title)
    );
}

/// The grid, the value labels, the labels under the plot and the titles.
fn axes(out: &mut String, x_ticks: &[Tick], y_ticks: &[Tick], x_title: &str, y_title: &str) {
    for t in y_ticks {
        let _ = write!(
            out,
            r#"<line class="grid" x1="{LEFT}" x2="{PLOT_RIGHT}" y1="{y:.1}" y2="{y:.1}"/><text class="tick" x="{}" y="{:.1}" text-anchor="end">{}</text>"#,
            LEFT - 6.0,
            t.at + 4.0,
            escape(&t.label),
            y = t.at,
        );
    }
    for t in x_ticks {
        let _ = write!(
            out,
            r#"<text class="tick" x="{:.1}" y="{}" text-anchor="middle">{}</text>"#,
            t.at,
            PLOT_BOTTOM + 18.0,
            escape(&t.label)
        );
    }
    let _ = write!(
        out,
        r#"<text class="tick axis-title" x="{}" y="{}" text-anchor="middle">{}</text><text class="tick axis-title" x="{LEFT}" y="{}">{}</text>"#,
        (LEFT + PLOT_RIGHT) / 2.0,
        HEIGHT - 6.0,
        escape(x_title),
        TOP - 12.0,
        escape(y_title)
    );
}

/// A line chart's markup: axes, then per mode a group `line m-{mode}`
/// holding its polyline and a dot per point.
pub fn line_svg(chart: &LineChart, id: &str, title: &str, y_title: &str) -> String {
    let mut out = String::new();
    open(&mut out, id, title);
    axes(&mut out, &chart.x_ticks, &chart.y_ticks, "clients", y_title);
    for line in &chart.lines {
        let _ = write!(
            out,
            r#"<g class="line m-{}" data-mode="{0}"><polyline points="{}"/>"#,
            line.mode.as_str(),
            line.points
        );
        for (x, y) in &line.dots {
            let _ = write!(out, r#"<circle cx="{x:.1}" cy="{y:.1}" r="3.5"/>"#);
        }
        out.push_str("</g>");
    }
    out.push_str("</svg></figure>");
    out
}

/// A timeline's markup: axes, then the failed and the successful writes
/// as the paths `bar failed` and `bar succeeded`.
pub fn timeline_svg(b: &Bars, id: &str, title: &str) -> String {
    let mut out = String::new();
    open(&mut out, id, title);
    axes(
        &mut out,
        &b.x_ticks,
        &b.y_ticks,
        "time since start",
        &b.unit,
    );
    let _ = write!(
        out,
        r#"<path class="bar failed" d="{}"/><path class="bar succeeded" d="{}"/></svg></figure>"#,
        b.failures, b.successes
    );
    out
}

/// A legend's content: per `(key, label)`, a swatch of class `k-{key}`.
pub fn legend_html(keys: &[(&str, &str)]) -> String {
    keys.iter()
        .map(|(key, label)| {
            format!(
                r#"<span class="key k-{}">{}</span>"#,
                escape(key),
                escape(label)
            )
        })
        .collect()
}

/// The body rows of the `Contention results` table, one per mode and
/// client count in the order given: the mode as the row header, then the
/// clients, calls, time and (for the policy) clients that gave up. Rows
/// carry `data-mode` and `data-clients`; the cells carry the unrounded
/// means as `data-calls`, `data-time-ms` and `data-gave-up`.
pub fn results_rows_html(results: &[ModeResult]) -> String {
    let mut out = String::new();
    for r in results {
        let gave_up = match r.mean_gave_up {
            Some(g) => format!(r#"<td data-gave-up="{g}">{g:.1}</td>"#),
            None => "<td>never</td>".to_string(),
        };
        let _ = write!(
            out,
            r#"<tr data-mode="{}" data-clients="{}"><th scope="row">{}</th><td>{}</td><td data-calls="{}">{:.1}</td><td data-time-ms="{}">{}</td>{gave_up}</tr>"#,
            r.mode.as_str(),
            r.clients,
            escape(r.mode.label()),
            format::thousands(r.clients as u64),
            r.mean_calls,
            r.mean_calls,
            r.mean_time_ms,
            total(r.mean_time_ms),
        );
    }
    out
}
