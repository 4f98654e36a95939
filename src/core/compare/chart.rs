//! The mode comparison as markup: the table's rows and the bar chart that
//! puts every mode on one axis, from [`compare_modes`]'s rows.
//!
//! The page sets both as element content once, as it does the simulation's
//! charts: written as views, a reactive binding per cell and bar cost the
//! wasm about 4 KB more (gzip). After that it rewrites only the values in
//! place, from [`cell_texts`], [`Axis`] and [`Axis::bar`], which the
//! markup is written from too: setting the content again on each input
//! cost more than a millisecond of parsing, style and layout.
//!
//! [`compare_modes`]: super::compare_modes

use std::fmt::Write;

use super::ModeRow;
use crate::core::chart::{axis_label, nice_ceiling};
use crate::core::format;
use crate::core::html::escape;
use crate::core::policy::{Jitter, Proportional};

/// Width of the bar chart's drawing, in SVG units.
pub const WIDTH: f64 = 640.0;
/// Left margin for the mode names: room for "Decorrelated" at the larger
/// label size a phone uses (style/main.css), which draws it about 150
/// units wide.
const NAME_W: f64 = 165.0;
/// Height of one mode's row.
const ROW_H: f64 = 34.0;
/// Room under the bars for the axis labels.
const AXIS_H: f64 = 26.0;

/// The mode's name, with proportional jitter's current factors:
/// `Full`, `Proportional ×0.8–1.2`.
pub fn mode_name(jitter: Jitter, factors: Proportional) -> String {
    match jitter {
        Jitter::Proportional => format!("Proportional ×{}–{}", factors.lo, factors.hi),
        j => j.label().to_string(),
    }
}

/// The texts of a row's two value cells: the worst case, and the expected
/// total with ` (simulated)` when it comes from simulation.
pub fn cell_texts(row: &ModeRow) -> (String, String) {
    let simulated = if row.expected_is_simulated {
        " (simulated)"
    } else {
        ""
    };
    (
        format::total(row.worst_ms),
        format!("{}{simulated}", format::total(row.expected_ms)),
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
    /// The axis for `rows`.
    pub fn new(rows: &[ModeRow]) -> Axis {
        Axis {
            top: nice_ceiling(rows.iter().map(|m| m.worst_ms).fold(0.0, f64::max)),
        }
    }

    /// The x of `ms`. Room is left on the right for the last axis label,
    /// centred on its tick.
    pub fn x(&self, ms: f64) -> f64 {
        NAME_W + (WIDTH - NAME_W - 28.0) * (ms / self.top).clamp(0.0, 1.0)
    }

    /// The labels of the five ticks: 0, each quarter, the top. Their x
    /// does not depend on the axis.
    pub fn labels(&self) -> [String; 5] {
        [0.0, 1.0, 2.0, 3.0, 4.0].map(|i| axis_label(self.top * i / 4.0))
    }

    /// Where `row`'s marks go.
    pub fn bar(&self, row: &ModeRow) -> Bar {
        Bar {
            x0: self.x(0.0),
            worst_x: self.x(row.worst_ms),
            width: self.x(row.expected_ms) - self.x(0.0),
        }
    }
}

/// The class of a mode's group in the bar chart: `mode-bar`, with
/// `current` for the mode in use.
pub fn bar_class(jitter: Jitter, current: Jitter) -> &'static str {
    if jitter == current {
        "mode-bar current"
    } else {
        "mode-bar"
    }
}

/// The table's body rows, one per mode: the name as a button (`data-mode`)
/// in the row header, then the worst case and the expected total with
/// their unrounded values in `data-worst-ms` and `data-expected-ms`, then
/// what the study found. Which mode is in use is not written here: the
/// page marks it on these elements, so choosing a mode keeps the focus on
/// its button.
pub fn rows_html(rows: &[ModeRow], factors: Proportional) -> String {
    let mut out = String::new();
    for row in rows {
        let mode = row.jitter.as_str();
        let (worst, expected) = cell_texts(row);
        let _ = write!(
            out,
            r#"<tr data-mode="{mode}"><th scope="row"><button type="button" class="link-button" data-mode="{mode}" aria-pressed="false">{}</button></th><td data-worst-ms="{}">{worst}</td><td data-expected-ms="{}">{expected}</td><td class="study">{}</td></tr>"#,
            escape(&mode_name(row.jitter, factors)),
            row.worst_ms,
            row.expected_ms,
            escape(row.study),
        );
    }
    out
}

/// The bar chart's height in SVG units for `rows` modes.
pub fn chart_height(rows: usize) -> f64 {
    rows as f64 * ROW_H + AXIS_H
}

/// The bar chart's content: its `<title>` (id `title_id`), a grid line and
/// label at each quarter of a shared axis, then per mode a group
/// `mode-bar` (with `current` for `current`) holding its name, the worst
/// case as a line (`worst`) and its end (`worst-end`), and the expected
/// total as a bar (`expected-bar`).
pub fn mode_bars_svg(rows: &[ModeRow], current: Jitter, title_id: &str, title: &str) -> String {
    let axis = Axis::new(rows);
    let height = rows.len() as f64 * ROW_H;
    let mut out = format!(
        r#"<title id="{}">{}</title>"#,
        escape(title_id),
        escape(title)
    );
    for (i, label) in axis.labels().iter().enumerate() {
        let _ = write!(
            out,
            r#"<line class="grid" x1="{x}" x2="{x}" y1="0" y2="{height}"/><text class="tick" x="{x}" y="{}" text-anchor="middle">{}</text>"#,
            height + 18.0,
            escape(label),
            x = axis.x(axis.top * i as f64 / 4.0),
        );
    }
    for (i, row) in rows.iter().enumerate() {
        let y = i as f64 * ROW_H;
        let mid = y + ROW_H / 2.0;
        let class = bar_class(row.jitter, current);
        let Bar { x0, worst_x, width } = axis.bar(row);
        let _ = write!(
            out,
            r#"<g class="{class}"><text class="tick" x="{}" y="{}" text-anchor="end">{}</text><line class="worst" x1="{x0}" x2="{worst_x}" y1="{mid}" y2="{mid}"/><rect class="expected-bar" x="{x0}" y="{}" width="{width}" height="{}"/><line class="worst-end" x1="{worst_x}" x2="{worst_x}" y1="{}" y2="{}"/></g>"#,
            NAME_W - 8.0,
            mid + 4.0,
            escape(row.jitter.label()),
            y + 8.0,
            ROW_H - 16.0,
            y + 6.0,
            y + ROW_H - 6.0,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::compare::compare_modes;
    use crate::core::policy::Policy;
    use crate::core::schedule::decorrelated_means;

    fn rows() -> Vec<ModeRow> {
        let p = Policy::default();
        compare_modes(&p, &decorrelated_means(p.base_ms, p.cap_ms, p.max_retries))
    }

    #[test]
    fn one_row_per_mode_with_exact_values() {
        let html = rows_html(&rows(), Proportional::GRPC);
        for mode in ["none", "full", "equal", "decorrelated", "proportional"] {
            assert!(
                html.contains(&format!(r#"<tr data-mode="{mode}">"#)),
                "{mode}"
            );
        }
        // 1 + 2 + 4 + 8 + 16 s without jitter; full jitter expects half.
        assert!(
            html.contains(r#"<td data-worst-ms="31000">31.0 s</td>"#),
            "{html}"
        );
        assert!(
            html.contains(r#"<td data-expected-ms="15500">15.5 s</td>"#),
            "{html}"
        );
        assert!(html.contains(" (simulated)</td>"));
        assert!(html.contains(">Proportional ×0.8–1.2</button>"));
        assert_eq!(html.matches(r#"aria-pressed="false""#).count(), 5);
    }

    #[test]
    fn the_values_written_in_place_are_those_of_the_markup() {
        for p in [
            Policy::default(),
            Policy::new(700, 1.5, 90_000, 9, Jitter::Full),
            Policy::new(0, 2.0, 0, 0, Jitter::None),
        ] {
            let rows = compare_modes(&p, &decorrelated_means(p.base_ms, p.cap_ms, p.max_retries));
            let html = rows_html(&rows, Proportional::GRPC);
            let svg = mode_bars_svg(&rows, Jitter::Full, "t", "title");
            let axis = Axis::new(&rows);
            for label in axis.labels() {
                assert!(
                    svg.contains(&format!(">{label}</text>")),
                    "{label} in {svg}"
                );
            }
            for (i, row) in rows.iter().enumerate() {
                let (worst, expected) = cell_texts(row);
                let cells = format!(
                    r#"<td data-worst-ms="{}">{worst}</td><td data-expected-ms="{}">{expected}</td>"#,
                    row.worst_ms, row.expected_ms
                );
                assert!(html.contains(&cells), "{cells} in {html}");
                // This row's marks, found by their height on the chart.
                let Bar { x0, worst_x, width } = axis.bar(row);
                let top = i as f64 * 34.0;
                let marks = format!(
                    r#"<line class="worst" x1="{x0}" x2="{worst_x}" y1="{mid}" y2="{mid}"/><rect class="expected-bar" x="{x0}" y="{}" width="{width}" height="18"/><line class="worst-end" x1="{worst_x}" x2="{worst_x}" "#,
                    top + 8.0,
                    mid = top + 17.0,
                );
                assert!(svg.contains(&marks), "{marks} in {svg}");
            }
        }
    }

    #[test]
    fn one_bar_per_mode_on_one_axis_and_the_current_one_marked() {
        let rows = rows();
        let svg = mode_bars_svg(&rows, Jitter::Equal, "t", "A <title>");
        assert!(svg.starts_with(r#"<title id="t">A &lt;title&gt;</title>"#));
        assert_eq!(svg.matches(r#"<g class="mode-bar"#).count(), 5);
        assert_eq!(svg.matches(r#"<g class="mode-bar current">"#).count(), 1);
        assert!(svg.contains(r#"text-anchor="end">Equal</text>"#));
        // Five gridlines: 0, a quarter, half, three quarters, the top.
        assert_eq!(svg.matches(r#"<line class="grid""#).count(), 5);
        assert_eq!(chart_height(rows.len()), 5.0 * 34.0 + 26.0);
    }
}
