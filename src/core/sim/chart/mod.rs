//! The contention simulation's charts: the two line charts of a sweep
//! (calls and completion time against clients, one line per mode) and the
//! bars of one run's writes over time, as plain geometry and as markup.
//!
//! Everything is in SVG user units of a [`WIDTH`] × [`HEIGHT`] drawing.
//! `lines.rs` and `bars.rs` lay the charts out as data; `markup.rs`
//! ([`line_svg`], [`timeline_svg`], [`legend_html`] and the results
//! table's [`results_rows_html`]) writes the finished markup as text, which
//! the page sets as one element's content: a chart redrawn whole when a run
//! ends needs no per-element rendering code. This file holds what they
//! share: the frame, the ticks and the count labels.

use crate::core::decimal_text::fixed;
use crate::core::format;

mod bars;
mod lines;
mod markup;

pub use bars::{bars, bars_alike, bars_within, bucket_label, coarsen, timeline_bars, Bars};
pub use lines::{line_chart, Line, LineChart, Metric};
pub use markup::{legend_html, line_svg, results_rows_html, timeline_svg};

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

/// A count for an axis: `1,500`, or `2.5` when it is not whole.
pub fn count_label(value: f64) -> String {
    if value.fract() == 0.0 && value >= 0.0 {
        format::thousands(value as u64)
    } else {
        fixed(value, 1)
    }
}

/// Value ticks from 0 to `top` in four steps, with their heights.
pub(super) fn value_ticks(top: f64, label: impl Fn(f64) -> String) -> Vec<Tick> {
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
