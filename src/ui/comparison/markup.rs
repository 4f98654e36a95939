//! The mode comparison's markup and its updates, in one place: the table's
//! rows and the bar chart are written once as markup (written as views, a
//! reactive binding per cell and bar cost the wasm about 4 KB more, gzip);
//! after that [`update`] rewrites the values in place (setting the markup
//! again on each input cost more than a millisecond of parsing, style and
//! layout) and [`mark_in_use`] marks the mode in use, so a chosen button
//! keeps the focus.
//!
//! The updates find every node by the `data-` attributes and classes the
//! writers put on it ([`MODE`], [`WORST`], [`EXPECTED`], [`TICK`]), never
//! by its position; the numbers and texts come from
//! [`crate::core::compare::chart`], as the markup's do.

use std::fmt::Write;

use wasm_bindgen::JsCast;
use web_sys::{Element, Text};

use crate::core::compare::chart::{cell_texts, mode_factors, Axis, Bar, NAME_W, ROW_H};
use crate::core::compare::ModeRow;
use crate::core::html::escape;
use crate::core::policy::{Jitter, Proportional};
use crate::ui::widgets::dom::{set, set_number};

/// A row, its name's button and its group of bars: the mode's link
/// spelling.
pub const MODE: &str = "data-mode";
/// The worst-case cell: its unrounded value, ms.
const WORST: &str = "data-worst-ms";
/// The expected-total cell: its unrounded value, ms.
const EXPECTED: &str = "data-expected-ms";
/// An axis label: its tick's index, from 0.
const TICK: &str = "data-tick";

/// The class of a mode's group in the bar chart: `mode-bar`, with
/// `current` for the mode in use.
fn bar_class(jitter: Jitter, current: Jitter) -> &'static str {
    if jitter == current {
        "mode-bar current"
    } else {
        "mode-bar"
    }
}

/// A mode's name as the table shows it: proportional jitter's factors in a
/// span of their own, kept on one line by the style.
fn name_html(jitter: Jitter, factors: Proportional) -> String {
    match mode_factors(jitter, factors) {
        Some(f) => format!(
            r#"{} <span class="factors">{}</span>"#,
            jitter.label(),
            escape(&f)
        ),
        None => jitter.label().to_string(),
    }
}

/// The table's body rows, one per mode: the name as a button in the row
/// header, then the worst case and the expected total with their
/// unrounded values, then what the study found. Which mode is in use is
/// marked by [`mark_in_use`].
pub fn rows_html(rows: &[ModeRow], factors: Proportional) -> String {
    let mut out = String::new();
    for row in rows {
        let mode = row.jitter.as_str();
        let (worst, expected) = cell_texts(row);
        let _ = write!(
            out,
            r#"<tr {MODE}="{mode}"><th scope="row"><button type="button" class="link-button" {MODE}="{mode}" aria-pressed="false">{}</button></th><td {WORST}="{}">{worst}</td><td {EXPECTED}="{}">{expected}</td><td class="study">{}</td></tr>"#,
            name_html(row.jitter, factors),
            row.worst_ms,
            row.expected_ms,
            escape(row.study),
        );
    }
    out
}

/// The bar chart's content: its `<title>` (id `title_id`), a grid line and
/// a label at each tick of a shared axis, then per mode a group `mode-bar`
/// (with `current` for `current`) holding its name, the worst case as a
/// line (`worst`) and its end (`worst-end`), and the expected total as a
/// bar (`expected-bar`).
pub fn bars_svg(rows: &[ModeRow], current: Jitter, title_id: &str, title: &str) -> String {
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
            r#"<line class="grid" x1="{x}" x2="{x}" y1="0" y2="{height}"/><text class="tick" {TICK}="{i}" x="{x}" y="{}" text-anchor="middle">{}</text>"#,
            height + 18.0,
            escape(label),
            x = axis.tick_x(i),
        );
    }
    for (i, row) in rows.iter().enumerate() {
        let y = i as f64 * ROW_H;
        let mid = y + ROW_H / 2.0;
        let class = bar_class(row.jitter, current);
        let Bar { x0, worst_x, width } = axis.bar(row);
        let _ = write!(
            out,
            r#"<g class="{class}" {MODE}="{}"><text class="tick" x="{}" y="{}" text-anchor="end">{}</text><line class="worst" x1="{x0}" x2="{worst_x}" y1="{mid}" y2="{mid}"/><rect class="expected-bar" x="{x0}" y="{}" width="{width}" height="{}"/><line class="worst-end" x1="{worst_x}" x2="{worst_x}" y1="{}" y2="{}"/></g>"#,
            row.jitter.as_str(),
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

/// The first element under `root` that matches `selector`.
fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).ok().flatten()
}

/// The element of `mode` (a row, or a group of bars) under `root`.
fn of_mode(root: &Element, tag: &str, mode: Jitter) -> Option<Element> {
    find(root, &format!(r#"{tag}[{MODE}="{}"]"#, mode.as_str()))
}

/// Rewrites the text of an element that holds one text node.
fn set_text(element: &Element, text: &str) {
    match element
        .first_child()
        .and_then(|n| n.dyn_into::<Text>().ok())
    {
        Some(node) => node.set_data(text),
        None => element.set_text_content(Some(text)),
    }
}

/// Writes `rows` into the table body and chart that [`rows_html`] and
/// [`bars_svg`] wrote: the values, the proportional mode's name and the
/// axis labels, each in place.
pub fn update(body: &Element, svg: &Element, rows: &[ModeRow], factors: Proportional) {
    for row in rows {
        let Some(tr) = of_mode(body, "tr", row.jitter) else {
            continue;
        };
        if let Some(f) = mode_factors(row.jitter, factors) {
            if let Some(span) = find(&tr, &format!("button[{MODE}] .factors")) {
                set_text(&span, &f);
            }
        }
        let (worst, expected) = cell_texts(row);
        for (name, value, text) in [
            (WORST, row.worst_ms, worst),
            (EXPECTED, row.expected_ms, expected),
        ] {
            if let Some(td) = find(&tr, &format!("td[{name}]")) {
                set_number(&td, name, value);
                set_text(&td, &text);
            }
        }
    }
    let axis = Axis::new(rows);
    for (i, label) in axis.labels().iter().enumerate() {
        if let Some(text) = find(svg, &format!(r#"text[{TICK}="{i}"]"#)) {
            set_text(&text, label);
        }
    }
    for row in rows {
        let Some(g) = of_mode(svg, "g", row.jitter) else {
            continue;
        };
        let Bar { worst_x, width, .. } = axis.bar(row);
        if let Some(line) = find(&g, ".worst") {
            set_number(&line, "x2", worst_x);
        }
        if let Some(bar) = find(&g, ".expected-bar") {
            set_number(&bar, "width", width);
        }
        if let Some(end) = find(&g, ".worst-end") {
            set_number(&end, "x1", worst_x);
            set_number(&end, "x2", worst_x);
        }
    }
}

/// Marks the mode `current` as in use: its row's class and its button's
/// `aria-pressed` (the button then reads "… (in use)"), and its bar.
pub fn mark_in_use(body: &Element, svg: &Element, rows: &[ModeRow], current: Jitter) {
    for row in rows {
        let in_use = row.jitter == current;
        if let Some(tr) = of_mode(body, "tr", row.jitter) {
            let _ = if in_use {
                tr.set_attribute("class", "current")
            } else {
                tr.remove_attribute("class")
            };
            if let Some(button) = find(&tr, &format!("button[{MODE}]")) {
                set(
                    &button,
                    "aria-pressed",
                    if in_use { "true" } else { "false" },
                );
            }
        }
        if let Some(g) = of_mode(svg, "g", row.jitter) {
            set(&g, "class", bar_class(row.jitter, current));
        }
    }
}

/// The mode of a button in the table, read back from the attribute
/// [`rows_html`] wrote.
pub fn button_mode(button: &Element) -> Option<Jitter> {
    Jitter::parse(&button.get_attribute(MODE)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::compare::chart::{chart_height, TICKS};
    use crate::core::compare::compare_modes;
    use crate::core::policy::Policy;
    use crate::core::schedule::decorrelated_means;

    fn rows_for(p: &Policy) -> Vec<ModeRow> {
        compare_modes(p, &decorrelated_means(p.base_ms, p.cap_ms, p.max_retries))
    }

    #[test]
    fn one_row_per_mode_with_exact_values() {
        let html = rows_html(&rows_for(&Policy::default()), Proportional::GRPC);
        for mode in Jitter::ALL {
            let row = format!(r#"<tr data-mode="{}">"#, mode.as_str());
            assert!(html.contains(&row), "{row}");
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
        assert!(html.contains(r#">Proportional <span class="factors">×0.8–1.2</span></button>"#));
        assert_eq!(html.matches(r#"aria-pressed="false""#).count(), 5);
    }

    #[test]
    fn every_part_an_update_looks_for_is_written() {
        for p in [
            Policy::default(),
            Policy::new(700, 1.5, 90_000, 9, Jitter::Full),
            Policy::new(0, 2.0, 0, 0, Jitter::None),
        ] {
            let rows = rows_for(&p);
            let html = rows_html(&rows, Proportional::GRPC);
            let svg = bars_svg(&rows, Jitter::Full, "t", "title");
            let axis = Axis::new(&rows);
            for (i, label) in axis.labels().iter().enumerate() {
                let tick = format!(r#"<text class="tick" {TICK}="{i}" "#);
                assert!(svg.contains(&tick), "{tick} in {svg}");
                assert!(
                    svg.contains(&format!(">{label}</text>")),
                    "{label} in {svg}"
                );
            }
            assert_eq!(axis.labels().len(), TICKS);
            for row in &rows {
                let mode = row.jitter.as_str();
                let (worst, expected) = cell_texts(row);
                let cells = format!(
                    r#"<td {WORST}="{}">{worst}</td><td {EXPECTED}="{}">{expected}</td>"#,
                    row.worst_ms, row.expected_ms
                );
                assert!(html.contains(&cells), "{cells} in {html}");
                assert!(html.contains(&format!(
                    r#"<button type="button" class="link-button" {MODE}="{mode}""#
                )));
                // This mode's group holds the marks an update moves.
                let Bar { x0, worst_x, width } = axis.bar(row);
                let start = svg
                    .find(&format!(r#"{MODE}="{mode}">"#))
                    .expect("the mode's group");
                let group = &svg[start..svg[start..].find("</g>").unwrap() + start];
                assert!(
                    group.contains(&format!(r#"<line class="worst" x1="{x0}" x2="{worst_x}""#)),
                    "{group}"
                );
                assert!(
                    group.contains(&format!(r#"class="expected-bar" x="{x0}""#)),
                    "{group}"
                );
                assert!(group.contains(&format!(r#"width="{width}""#)), "{group}");
                assert!(
                    group.contains(&format!(
                        r#"<line class="worst-end" x1="{worst_x}" x2="{worst_x}""#
                    )),
                    "{group}"
                );
            }
        }
    }

    #[test]
    fn one_bar_per_mode_on_one_axis_and_the_current_one_marked() {
        let rows = rows_for(&Policy::default());
        let svg = bars_svg(&rows, Jitter::Equal, "t", "A <title>");
        assert!(svg.starts_with(r#"<title id="t">A &lt;title&gt;</title>"#));
        assert_eq!(svg.matches(r#"<g class="mode-bar"#).count(), 5);
        assert_eq!(
            svg.matches(r#"<g class="mode-bar current" data-mode="equal">"#)
                .count(),
            1
        );
        assert!(svg.contains(r#"text-anchor="end">Equal</text>"#));
        // A grid line at each tick: 0, a quarter, half, three quarters, the top.
        assert_eq!(svg.matches(r#"<line class="grid""#).count(), TICKS);
        assert_eq!(chart_height(rows.len()), 5.0 * 34.0 + 26.0);
    }
}
