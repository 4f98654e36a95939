//! The mode comparison's chart geometry and cell texts: where each mode's
//! marks go on one shared axis, and how its values read. The page writes
//! the table and chart from these, and rewrites them in place from them
//! too (src/ui/comparison/markup.rs), so both always agree.

use super::library::LibraryRow;
use super::ModeRow;
use crate::core::chart::{axis_label, nice_ceiling};
use crate::core::decimal_text::Num;
use crate::core::format;
use crate::core::policy::{Jitter, Proportional};

/// Width of the bar chart's drawing, in SVG units.
pub const WIDTH: f64 = 640.0;
/// Left margin for the mode names: room for "Decorrelated" at the larger
/// label size a phone uses (style/main.css), which draws it about 150
/// units wide.
pub const NAME_W: f64 = 165.0;
/// Height of one mode's row.
pub const ROW_H: f64 = 34.0;
/// Room under the bars for the axis labels.
const AXIS_H: f64 = 26.0;
/// Ticks on the axis: 0, each quarter, the top.
pub const TICKS: usize = 5;

/// The mode's name, with proportional jitter's current factors:
/// `Full`, `Proportional ×0.8–1.2`.
pub fn mode_name(jitter: Jitter, factors: Proportional) -> String {
    match mode_factors(jitter, factors) {
        Some(f) => format!("{} {f}", jitter.label()),
        None => jitter.label().to_string(),
    }
}

/// The factors part of [`mode_name`], `×0.8–1.2`, for proportional jitter
/// only: the table keeps it on one line (a line may break after a dash).
pub fn mode_factors(jitter: Jitter, factors: Proportional) -> Option<String> {
    (jitter == Jitter::Proportional).then(|| format!("×{}–{}", Num(factors.lo), Num(factors.hi)))
}

/// The texts of a row's two value cells: the worst case, and the expected
/// total with ` (simulated)` when it comes from simulation.
pub fn cell_texts(row: &ModeRow) -> (String, String) {
    value_texts(row.worst_ms, row.expected_ms, row.expected_is_simulated)
}

/// The texts of a library row's two value cells, as [`cell_texts`].
pub fn library_texts(row: &LibraryRow) -> (String, String) {
    value_texts(row.worst_ms, row.expected_ms, row.expected_is_simulated)
}

fn value_texts(worst_ms: f64, expected_ms: f64, simulated: bool) -> (String, String) {
    let simulated = if simulated { " (simulated)" } else { "" };
    (
        format::total(worst_ms),
        format!("{}{simulated}", format::total(expected_ms)),
    )
}

/// The bar chart's shared axis: from 0 to a round value at or above the
/// largest worst case.
pub struct Axis {
    top: f64,
}

/// Where one mode's marks go on the [`Axis`], in SVG units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bar {
    /// Where every bar starts (0 ms).
    pub x0: f64,
    /// The end of the worst-case line.
    pub worst_x: f64,
    /// The expected-total bar's width.
    pub width: f64,
}

impl Axis {
    /// The axis for `rows` and, when there is one, a library's row.
    pub fn new(rows: &[ModeRow], library: Option<&LibraryRow>) -> Axis {
        let worst = rows.iter().map(|m| m.worst_ms).fold(0.0, f64::max);
        let worst = library.map_or(worst, |l| worst.max(l.worst_ms));
        Axis {
            top: nice_ceiling(worst),
        }
    }

    /// The x of `ms`. Room is left on the right for the last axis label,
    /// centred on its tick.
    pub fn x(&self, ms: f64) -> f64 {
        NAME_W + (WIDTH - NAME_W - 28.0) * crate::core::clamp(ms / self.top, 0.0, 1.0)
    }

    /// The value of tick `i` (0 to [`TICKS`] − 1).
    fn tick_ms(&self, i: usize) -> f64 {
        self.top * i as f64 / (TICKS - 1) as f64
    }

    /// The x of tick `i`.
    pub fn tick_x(&self, i: usize) -> f64 {
        self.x(self.tick_ms(i))
    }

    /// The labels of the ticks: 0, each quarter, the top.
    pub fn labels(&self) -> [String; TICKS] {
        std::array::from_fn(|i| axis_label(self.tick_ms(i)))
    }

    /// Where `row`'s marks go.
    pub fn bar(&self, row: &ModeRow) -> Bar {
        self.marks(row.worst_ms, row.expected_ms)
    }

    /// Where a library row's marks go.
    pub fn library_bar(&self, row: &LibraryRow) -> Bar {
        self.marks(row.worst_ms, row.expected_ms)
    }

    fn marks(&self, worst_ms: f64, expected_ms: f64) -> Bar {
        Bar {
            x0: self.x(0.0),
            worst_x: self.x(worst_ms),
            width: self.x(expected_ms) - self.x(0.0),
        }
    }
}

/// The bar chart's height in SVG units for `rows` modes.
pub fn chart_height(rows: usize) -> f64 {
    rows as f64 * ROW_H + AXIS_H
}
