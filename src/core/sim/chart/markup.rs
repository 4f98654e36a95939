//! The simulation's charts, legends and results table as markup, every
//! piece of text escaped ([`escape`]).

use crate::core::decimal_text::{Fixed, Num};
use std::fmt::Write;

use super::{Bars, LineChart, Tick, HEIGHT, LEFT, PLOT_BOTTOM, PLOT_RIGHT, TOP, WIDTH};
use crate::core::format;
use crate::core::format::total;
use crate::core::html::escape;
use crate::core::sim::ModeResult;

/// Opens a chart: a figure with the title as a visible caption (hidden
/// from assistive technology, which reads the same words as the SVG's
/// `<title>`, its accessible name; `id` must be unique on the page).
fn open(out: &mut String, id: &str, title: &str) {
    let _ = write!(
        out,
        r#"<figure class="chart sim-chart"><figcaption aria-hidden="true">{title}</figcaption><svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{id}" preserveAspectRatio="xMidYMid meet"><title id="{id}">{title}</title>"#,
        id = escape(id),
        title = escape(title),
        WIDTH = Num(WIDTH),
        HEIGHT = Num(HEIGHT),
    );
}

/// The grid, the value labels, the labels under the plot and the titles.
fn axes(out: &mut String, x_ticks: &[Tick], y_ticks: &[Tick], x_title: &str, y_title: &str) {
    for t in y_ticks {
        let _ = write!(
            out,
            r#"<line class="grid" x1="{LEFT}" x2="{PLOT_RIGHT}" y1="{y}" y2="{y}"/><text class="tick" x="{}" y="{}" text-anchor="end">{}</text>"#,
            Num(LEFT - 6.0),
            Fixed(t.at + 4.0, 1),
            escape(&t.label),
            y = Fixed(t.at, 1),
            LEFT = Num(LEFT),
            PLOT_RIGHT = Num(PLOT_RIGHT),
        );
    }
    for t in x_ticks {
        let _ = write!(
            out,
            r#"<text class="tick" x="{}" y="{}" text-anchor="middle">{}</text>"#,
            Fixed(t.at, 1),
            Num(PLOT_BOTTOM + 18.0),
            escape(&t.label)
        );
    }
    let _ = write!(
        out,
        r#"<text class="tick axis-title" x="{}" y="{}" text-anchor="middle">{}</text><text class="tick axis-title" x="{LEFT}" y="{}">{}</text>"#,
        Num((LEFT + PLOT_RIGHT) / 2.0),
        Num(HEIGHT - 6.0),
        escape(x_title),
        Num(TOP - 12.0),
        escape(y_title),
        LEFT = Num(LEFT),
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
            let _ = write!(
                out,
                r#"<circle cx="{}" cy="{}" r="3.5"/>"#,
                Fixed(*x, 1),
                Fixed(*y, 1)
            );
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
            Some(g) => format!(r#"<td data-gave-up="{}">{}</td>"#, Num(g), Fixed(g, 1)),
            None => "<td>never</td>".to_string(),
        };
        let _ = write!(
            out,
            r#"<tr data-mode="{}" data-clients="{}"><th scope="row">{}</th><td>{}</td><td data-calls="{}">{}</td><td data-time-ms="{}">{}</td>{gave_up}</tr>"#,
            r.mode.as_str(),
            r.clients,
            escape(r.mode.label()),
            format::thousands(r.clients as u64),
            Num(r.mean_calls),
            Fixed(r.mean_calls, 1),
            Num(r.mean_time_ms),
            total(r.mean_time_ms),
        );
    }
    out
}
