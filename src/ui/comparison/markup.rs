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

use crate::core::decimal_text::{Num, WideNum};
use std::fmt::Write;

use wasm_bindgen::JsCast;
use web_sys::{Element, Text};

use crate::core::compare::chart::{
    cell_texts, library_texts, mode_factors, Axis, Bar, NAME_W, ROW_H,
};
use crate::core::compare::library::{spread_words, LibraryRow};
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
/// The library's row and its group of bars.
pub const LIBRARY: &str = "data-library";

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
/// marked by [`mark_in_use`]. A chosen `library`'s row comes first: its
/// name, its values, and the spread of its totals in the last column.
pub fn rows_html(rows: &[ModeRow], library: Option<&LibraryRow>, factors: Proportional) -> String {
    let mut out = String::new();
    if let Some(lib) = library {
        let (worst, expected) = library_texts(lib);
        let _ = write!(
            out,
            r#"<tr class="lib-row" {LIBRARY}=""><th scope="row">{}</th><td {WORST}="{}">{worst}</td><td {EXPECTED}="{}">{expected}</td><td class="study">{}</td></tr>"#,
            escape(&lib.name),
            // A library's rows can pass 2^64 ms.
            WideNum(lib.worst_ms),
            WideNum(lib.expected_ms),
            escape(&spread_words(lib)),
        );
    }
    for row in rows {
        let mode = row.jitter.as_str();
        let (worst, expected) = cell_texts(row);
        let _ = write!(
            out,
            r#"<tr {MODE}="{mode}"><th scope="row"><button type="button" class="link-button" {MODE}="{mode}" aria-pressed="false">{}</button></th><td {WORST}="{}">{worst}</td><td {EXPECTED}="{}">{expected}</td><td class="study">{}</td></tr>"#,
            name_html(row.jitter, factors),
            Num(row.worst_ms),
            Num(row.expected_ms),
            escape(row.study),
        );
    }
    out
}

/// The bar chart's content: its `<title>` (id `title_id`), a grid line and
/// a label at each tick of a shared axis, then per mode a group `mode-bar`
/// (with `current` for `current`) holding its name, the worst case as a
/// line (`worst`) and its end (`worst-end`), and the expected total as a
/// bar (`expected-bar`). A chosen `library`'s group (`mode-bar library`)
/// comes first, on the same axis.
pub fn bars_svg(
    rows: &[ModeRow],
    library: Option<&LibraryRow>,
    current: Jitter,
    title_id: &str,
    title: &str,
) -> String {
    let axis = Axis::new(rows, library);
    let first = usize::from(library.is_some());
    let height = (rows.len() + first) as f64 * ROW_H;
    let mut out = format!(
        r#"<title id="{}">{}</title>"#,
        escape(title_id),
        escape(title)
    );
    for (i, label) in axis.labels().iter().enumerate() {
        let _ = write!(
            out,
            r#"<line class="grid" x1="{x}" x2="{x}" y1="0" y2="{height}"/><text class="tick" {TICK}="{i}" x="{x}" y="{}" text-anchor="middle">{}</text>"#,
            Num(height + 18.0),
            escape(label),
            x = Num(axis.tick_x(i)),
            height = Num(height),
        );
    }
    if let Some(lib) = library {
        let name = lib.name.split(' ').next().unwrap_or_default();
        bar_group(
            &mut out,
            0,
            r#"mode-bar lib-row" data-library=""#,
            name,
            axis.library_bar(lib),
        );
    }
    for (i, row) in rows.iter().enumerate() {
        let class = format!(
            r#"{}" {MODE}="{}"#,
            bar_class(row.jitter, current),
            row.jitter.as_str()
        );
        bar_group(
            &mut out,
            i + first,
            &class,
            row.jitter.label(),
            axis.bar(row),
        );
    }
    out
}

/// One group of marks at row `i`: its name, the worst case as a line and
/// its end, the expected total as a bar. `class` is the group's class
/// attribute's value followed by any attributes (quotes balanced by the
/// caller: `mode-bar" data-mode="full`).
fn bar_group(out: &mut String, i: usize, class: &str, name: &str, bar: Bar) {
    let Bar { x0, worst_x, width } = bar;
    let y = i as f64 * ROW_H;
    let mid = y + ROW_H / 2.0;
    // Against a library's wide rows a bar can be thinner than 10^-14.
    let (x0, worst_x, width, mid) = (Num(x0), Num(worst_x), WideNum(width), Num(mid));
    let _ = write!(
        out,
        r#"<g class="{class}"><text class="tick" x="{}" y="{}" text-anchor="end">{}</text><line class="worst" x1="{x0}" x2="{worst_x}" y1="{mid}" y2="{mid}"/><rect class="expected-bar" x="{x0}" y="{}" width="{width}" height="{}"/><line class="worst-end" x1="{worst_x}" x2="{worst_x}" y1="{}" y2="{}"/></g>"#,
        Num(NAME_W - 8.0),
        Num(mid.0 + 4.0),
        escape(name),
        Num(y + 8.0),
        Num(ROW_H - 16.0),
        Num(y + 6.0),
        Num(y + ROW_H - 6.0),
    );
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
/// axis labels, each in place (the library's row too, when there is one:
/// [`rows_html`] and [`bars_svg`] were written with one then).
pub fn update(
    body: &Element,
    svg: &Element,
    rows: &[ModeRow],
    library: Option<&LibraryRow>,
    factors: Proportional,
) {
    let axis = Axis::new(rows, library);
    if let Some(lib) = library {
        let selector = format!("[{LIBRARY}]");
        if let Some(tr) = find(body, &selector) {
            set_values(&tr, lib.worst_ms, lib.expected_ms, library_texts(lib));
            if let Some(td) = find(&tr, ".study") {
                set_text(&td, &spread_words(lib));
            }
        }
        if let Some(g) = find(svg, &selector) {
            move_marks(&g, axis.library_bar(lib));
        }
    }
    for row in rows {
        let Some(tr) = of_mode(body, "tr", row.jitter) else {
            continue;
        };
        if let Some(f) = mode_factors(row.jitter, factors) {
            if let Some(span) = find(&tr, &format!("button[{MODE}] .factors")) {
                set_text(&span, &f);
            }
        }
        set_values(&tr, row.worst_ms, row.expected_ms, cell_texts(row));
    }
    for (i, label) in axis.labels().iter().enumerate() {
        if let Some(text) = find(svg, &format!(r#"text[{TICK}="{i}"]"#)) {
            set_text(&text, label);
        }
    }
    for row in rows {
        if let Some(g) = of_mode(svg, "g", row.jitter) {
            move_marks(&g, axis.bar(row));
        }
    }
}

/// Writes a row's two values, unrounded in their attributes and as
/// `texts`.
fn set_values(tr: &Element, worst_ms: f64, expected_ms: f64, texts: (String, String)) {
    let (worst, expected) = texts;
    for (name, value, text) in [(WORST, worst_ms, worst), (EXPECTED, expected_ms, expected)] {
        if let Some(td) = find(tr, &format!("td[{name}]")) {
            set_number(&td, name, value);
            set_text(&td, &text);
        }
    }
}

/// Moves a group's marks to `bar`.
fn move_marks(g: &Element, bar: Bar) {
    let Bar { worst_x, width, .. } = bar;
    if let Some(line) = find(g, ".worst") {
        set_number(&line, "x2", worst_x);
    }
    if let Some(bar) = find(g, ".expected-bar") {
        set_number(&bar, "width", width);
    }
    if let Some(end) = find(g, ".worst-end") {
        set_number(&end, "x1", worst_x);
        set_number(&end, "x2", worst_x);
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
mod tests;
