//! A sweep's line charts: one [`Metric`] against clients, one line per
//! mode.

use super::{count_label, value_ticks, Tick, LEFT, PLOT_BOTTOM, PLOT_RIGHT, TOP};
use crate::core::chart::{axis_label, nice_ceiling};
use crate::core::decimal_text::Fixed;
use crate::core::format;
use crate::core::sim::{Mode, ModeResult};

/// Which figure a line chart plots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Mean writes per run: the work.
    Calls,
    /// Mean completion time per run, ms.
    Time,
}

impl Metric {
    /// The figure of `r` this metric plots.
    fn of(self, r: &ModeResult) -> f64 {
        match self {
            Metric::Calls => r.mean_calls,
            Metric::Time => r.mean_time_ms,
        }
    }

    /// A value of this metric as an axis label.
    fn label(self, value: f64) -> String {
        match self {
            Metric::Calls => count_label(value),
            Metric::Time => axis_label(value),
        }
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
    /// One line per mode present in the results, in [`Mode::WITH_LIBRARY`]
    /// order.
    pub lines: Vec<Line>,
    /// Client counts under the plot.
    pub x_ticks: Vec<Tick>,
    /// Values left of the plot, from 0 to a nice top.
    pub y_ticks: Vec<Tick>,
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
    let y = |v: f64| PLOT_BOTTOM - (PLOT_BOTTOM - TOP) * crate::core::clamp(v / top, 0.0, 1.0);
    let lines = Mode::WITH_LIBRARY
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
        .map(|&(x, y)| format!("{},{}", Fixed(x, 1), Fixed(y, 1)))
        .collect::<Vec<_>>()
        .join(" ")
}
