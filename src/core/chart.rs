//! Geometry of the schedule chart, computed here so the SVG component only
//! draws: per retry the min–max band, the sampled delay and the expected
//! value on the left axis; the cumulative wait on the right axis; the cap
//! and the deadline as lines.
//!
//! Coordinates are in the SVG's own units ([`WIDTH`] × [`HEIGHT`]); `y`
//! grows downwards as in SVG.

use super::decimal_text::{fixed, Num};
use super::format;
use super::html::escape;
use super::schedule::Schedule;

/// Width of the drawing, in SVG units.
pub const WIDTH: f64 = 640.0;
/// Height of the drawing, in SVG units.
pub const HEIGHT: f64 = 280.0;
/// Left margin, room for the delay axis labels.
pub const LEFT: f64 = 72.0;
/// Right margin, room for the cumulative axis labels.
pub const RIGHT: f64 = 72.0;
/// Top margin.
pub const TOP: f64 = 16.0;
/// Bottom margin, room for retry numbers.
pub const BOTTOM: f64 = 32.0;

/// One retry's marks.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    /// Retry number, from 1.
    pub retry: u32,
    /// Left edge and width of the retry's slot.
    pub x: f64,
    /// Width of the band and bar.
    pub width: f64,
    /// Top (max) and bottom (min) of the min–max band.
    pub band_top: f64,
    /// Bottom of the band.
    pub band_bottom: f64,
    /// Height of the sampled delay's bar top.
    pub sample_y: f64,
    /// Whether the sampled run made this retry (no dot when it did not).
    pub sampled: bool,
    /// The expected value.
    pub expected_y: f64,
    /// Whether a server wait replaced this retry.
    pub server_wait: bool,
    /// Whether this retry may start after the deadline in the worst case.
    pub past_deadline: bool,
}

/// An axis tick: position and label.
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    /// Vertical position.
    pub y: f64,
    /// Label, formatted like the page's totals.
    pub label: String,
}

/// Everything the chart draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// One entry per retry.
    pub marks: Vec<Mark>,
    /// Cumulative wait after each retry, as polyline points `x,y`.
    pub cumulative_points: String,
    /// Left-axis ticks (per-retry delay).
    pub delay_ticks: Vec<Tick>,
    /// Right-axis ticks (cumulative wait).
    pub total_ticks: Vec<Tick>,
    /// The cap's height on the delay axis, when it is within view.
    pub cap_y: Option<f64>,
    /// The deadline's height on the cumulative axis, when set.
    pub deadline_y: Option<f64>,
    /// Retry numbers to label under the axis: `(x, retry)`.
    pub retry_labels: Vec<(f64, u32)>,
    /// A one-sentence text alternative.
    pub description: String,
}

/// A "nice" axis top at or above `value`: 1, 2 or 5 × 10^n (at least 1 ms).
pub fn nice_ceiling(value: f64) -> f64 {
    if !(value.is_finite() && value > 1.0) {
        return 1.0;
    }
    // The largest power of ten at or below `value`, by multiplying: exact
    // up to 10^22, far past any total, and no `powf`/`log10` from libm.
    let mut power = 1.0;
    while power * 10.0 <= value {
        power *= 10.0;
    }
    for step in [1.0, 2.0, 5.0, 10.0] {
        if step * power >= value {
            return step * power;
        }
    }
    10.0 * power
}

/// An axis label: as short as it can be, `50 s` rather than `50.0 s`.
pub fn axis_label(ms: f64) -> String {
    let seconds = ms / 1000.0;
    if seconds >= 1.0 && seconds.fract() == 0.0 {
        format!("{} s", format::thousands(seconds as u64))
    } else {
        format::total(ms)
    }
}

/// The axis from 0 to `top` in equal steps, each a whole number of ms, so
/// no label rounds (a 1 ms axis in quarters read "0 ms, 0 ms, 1 ms, 1 ms,
/// 1 ms"): four steps where they are whole, else five, two or one. A
/// [`nice_ceiling`] top always has one of these.
fn ticks(top: f64, scale: impl Fn(f64) -> f64) -> Vec<Tick> {
    let steps = [4, 5, 2]
        .into_iter()
        .find(|&n| (top / f64::from(n)).fract() == 0.0)
        .unwrap_or(1);
    (0..=steps)
        .map(|i| {
            let value = top * f64::from(i) / f64::from(steps);
            Tick {
                y: scale(value),
                label: axis_label(value),
            }
        })
        .collect()
}

/// Lays out the chart for `schedule`, with the cap and an optional deadline.
pub fn layout(schedule: &Schedule, cap_ms: u64, deadline_ms: Option<u64>) -> Chart {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let rows = &schedule.rows;
    let n = rows.len().max(1) as f64;
    let slot = plot_w / n;
    let width = (slot * 0.7).max(0.5);

    let delay_top = nice_ceiling(rows.iter().map(|r| r.max_ms).fold(0.0, f64::max));
    let total_top = nice_ceiling(
        schedule
            .range_max_ms
            .max(schedule.total_ms)
            .max(deadline_ms.unwrap_or(0) as f64),
    );
    let delay_y = |ms: f64| TOP + plot_h * (1.0 - crate::core::clamp(ms / delay_top, 0.0, 1.0));
    let total_y = |ms: f64| TOP + plot_h * (1.0 - crate::core::clamp(ms / total_top, 0.0, 1.0));
    let check = deadline_ms.map(|d| schedule.against_deadline(d));

    let marks: Vec<Mark> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| Mark {
            retry: r.retry,
            x: LEFT + slot * i as f64 + (slot - width) / 2.0,
            width,
            band_top: delay_y(r.max_ms),
            band_bottom: delay_y(r.min_ms),
            sample_y: delay_y(r.sample_ms),
            sampled: schedule.sampled(r.retry),
            expected_y: delay_y(r.expected_ms),
            server_wait: r.server_wait,
            past_deadline: check.is_some_and(|c| c.is_past(r.retry)),
        })
        .collect();

    let point = |x: f64, y: f64| format!("{},{}", fixed(x, 1), fixed(y, 1));
    let mut cumulative_points = point(LEFT, total_y(0.0));
    for (i, r) in rows.iter().enumerate() {
        let x = LEFT + slot * (i as f64 + 1.0);
        cumulative_points.push(' ');
        cumulative_points.push_str(&point(x, total_y(r.cumulative_ms)));
    }

    // Label every retry when there is room, else about ten of them.
    let every = (rows.len() / 10).max(1);
    let retry_labels = rows
        .iter()
        .enumerate()
        .filter(|(i, _)| i % every == 0 || *i + 1 == rows.len())
        .map(|(i, r)| (LEFT + slot * (i as f64 + 0.5), r.retry))
        .collect();

    let cap = cap_ms as f64;
    let description = format!(
        "{} retries. Sampled delays total {}; the worst case is {} and the expected total {}.",
        rows.len(),
        format::total(schedule.total_ms),
        format::total(schedule.range_max_ms),
        format::total(schedule.expected_total_ms),
    );
    Chart {
        marks,
        cumulative_points,
        delay_ticks: ticks(delay_top, delay_y),
        total_ticks: ticks(total_top, total_y),
        cap_y: (cap <= delay_top && !rows.is_empty()).then(|| delay_y(cap)),
        deadline_y: deadline_ms.map(|d| total_y(d as f64)),
        retry_labels,
        description,
    }
}

/// The axes as SVG markup, for the page to set as one group's content:
/// the delay ticks with their grid lines, the cumulative ticks on the
/// right, the retry numbers underneath, and the cap and deadline lines
/// with their labels (the deadline's names the right-hand, cumulative axis
/// it is drawn on, so it is not read against the delays). A view per tick cost the wasm more than this
/// writer; the axes change only with their labels and lines.
pub fn axes_svg(c: &Chart) -> String {
    use std::fmt::Write;
    let (left, right) = (Num(LEFT), Num(WIDTH - RIGHT));
    let bottom = HEIGHT - BOTTOM;
    let mut out = String::new();
    for t in &c.delay_ticks {
        let _ = write!(
            out,
            r#"<line class="grid" x1="{left}" x2="{right}" y1="{y}" y2="{y}"/><text class="tick" x="{}" y="{}" text-anchor="end">{}</text>"#,
            Num(LEFT - 6.0),
            Num(t.y + 4.0),
            escape(&t.label),
            y = Num(t.y),
        );
    }
    for t in &c.total_ticks {
        let _ = write!(
            out,
            r#"<text class="tick total" x="{}" y="{}">{}</text>"#,
            Num(right.0 + 6.0),
            Num(t.y + 4.0),
            escape(&t.label)
        );
    }
    for (x, k) in &c.retry_labels {
        let _ = write!(
            out,
            r#"<text class="tick" x="{}" y="{}" text-anchor="middle">{k}</text>"#,
            Num(*x),
            Num(bottom + 16.0)
        );
    }
    if let Some(y) = c.cap_y.map(Num) {
        let _ = write!(
            out,
            r#"<line class="cap-line" x1="{left}" x2="{right}" y1="{y}" y2="{y}"/><text class="line-label" x="{}" y="{}">cap</text>"#,
            Num(LEFT + 4.0),
            Num(y.0 - 4.0)
        );
    }
    if let Some(y) = c.deadline_y.map(Num) {
        let _ = write!(
            out,
            r#"<line class="deadline-line" x1="{left}" x2="{right}" y1="{y}" y2="{y}"/><text class="line-label deadline" x="{}" y="{}" text-anchor="end">deadline (right axis)</text>"#,
            Num(right.0 - 4.0),
            Num(y.0 - 4.0)
        );
    }
    out
}
