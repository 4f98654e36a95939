//! The mode comparison: every jitter mode for the current base,
//! multiplier, cap and retries, as a table and as bars on one shared axis.

use leptos::html::Tbody;
use leptos::prelude::*;
use leptos::svg::Svg;
use wasm_bindgen::JsCast;
use web_sys::{Element, Text};

use crate::core::compare::chart::{
    bar_class, cell_texts, chart_height, mode_bars_svg, mode_name, rows_html, Axis, Bar, WIDTH,
};
use crate::core::compare::{compare_modes, ModeRow, STUDY, STUDY_URL};
use crate::core::policy::{Jitter, Proportional};
use crate::ui::state::{use_derived, use_policy};
use crate::ui::widgets::dom::{set, set_number};
use crate::ui::widgets::scroll_table::ScrollTable;

const TITLE_ID: &str = "mode-chart-title";
const TITLE: &str = "Expected total (bar) and worst case (line) of each mode, on one axis";

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

/// The table's rows, in the order of the rows [`rows_html`] wrote.
fn table_rows(body: &Element) -> impl Iterator<Item = Element> {
    std::iter::successors(body.first_element_child(), |tr| tr.next_element_sibling())
}

/// The chart's mode groups, last to first: they end the chart
/// ([`mode_bars_svg`]).
fn bar_groups(svg: &Element) -> impl Iterator<Item = Element> {
    std::iter::successors(svg.last_element_child(), |g| g.previous_element_sibling())
}

/// Writes `rows` into the table and chart that [`rows_html`] and
/// [`mode_bars_svg`] wrote for rows of the same modes: the values, the
/// proportional mode's name and the axis labels, each in place.
fn update_in_place(body: &Element, svg: &Element, rows: &[ModeRow], factors: Proportional) {
    for (line, row) in table_rows(body).zip(rows) {
        let th = line.first_element_child();
        if row.jitter == Jitter::Proportional {
            if let Some(button) = th.as_ref().and_then(|th| th.first_element_child()) {
                set_text(&button, &mode_name(row.jitter, factors));
            }
        }
        let (worst_text, expected_text) = cell_texts(row);
        let worst = th.and_then(|th| th.next_element_sibling());
        if let Some(td) = &worst {
            set_number(td, "data-worst-ms", row.worst_ms);
            set_text(td, &worst_text);
        }
        if let Some(td) = worst.and_then(|td| td.next_element_sibling()) {
            set_number(&td, "data-expected-ms", row.expected_ms);
            set_text(&td, &expected_text);
        }
    }
    let axis = Axis::new(rows);
    // After the title: a grid line and its label per tick.
    let mut node = svg.first_element_child();
    for label in axis.labels() {
        node = node.and_then(|n| n.next_element_sibling());
        node = node.and_then(|n| n.next_element_sibling());
        if let Some(text) = &node {
            set_text(text, &label);
        }
    }
    for (g, row) in bar_groups(svg).zip(rows.iter().rev()) {
        let Bar { worst_x, width, .. } = axis.bar(row);
        // The group holds the name, the worst line, the bar, the line's end.
        let worst_line = g
            .first_element_child()
            .and_then(|n| n.next_element_sibling());
        let bar = worst_line.as_ref().and_then(|n| n.next_element_sibling());
        let end = bar.as_ref().and_then(|n| n.next_element_sibling());
        if let (Some(worst_line), Some(bar), Some(end)) = (worst_line, bar, end) {
            set_number(&worst_line, "x2", worst_x);
            set_number(&bar, "width", width);
            set_number(&end, "x1", worst_x);
            set_number(&end, "x2", worst_x);
        }
    }
}

/// Marks the mode `current` as in use: its row's class and its button's
/// `aria-pressed` (the button then reads "… (in use)"), and its bar.
fn mark_in_use(body: &Element, svg: &Element, rows: &[ModeRow], current: Jitter) {
    for (tr, row) in table_rows(body).zip(rows) {
        let in_use = row.jitter == current;
        let _ = if in_use {
            tr.set_attribute("class", "current")
        } else {
            tr.remove_attribute("class")
        };
        // The row header's button.
        if let Some(button) = tr
            .first_element_child()
            .and_then(|th| th.first_element_child())
        {
            set(
                &button,
                "aria-pressed",
                if in_use { "true" } else { "false" },
            );
        }
    }
    for (g, row) in bar_groups(svg).zip(rows.iter().rev()) {
        set(&g, "class", bar_class(row.jitter, current));
    }
}

/// The mode whose button an event came from, if any.
fn clicked_mode(ev: &leptos::ev::MouseEvent) -> Option<Jitter> {
    let target = ev.target()?.dyn_into::<Element>().ok()?;
    let button = target.closest("button[data-mode]").ok()??;
    Jitter::parse(&button.get_attribute("data-mode")?)
}

/// Worst case and expected total of every mode, with what the AWS study
/// found; choosing a mode's button switches the policy to that mode.
#[component]
pub fn ModeComparison() -> impl IntoView {
    let (derived, jitter) = (use_derived(), use_policy().jitter);
    // A memo: the table and the chart both read it, and it runs five
    // schedules. The decorrelated mean comes from the shared memo.
    let rows = Memo::new(move |_| {
        derived
            .means
            .with(|m| derived.policy.with(|p| compare_modes(p, m)))
    });
    let body = NodeRef::<Tbody>::new();
    let svg = NodeRef::<Svg>::new();
    // The markup is written once; after that the values are rewritten in
    // place, and the mode in use is marked on the rows and bars when it
    // changes. Choosing a mode changes neither rows nor factors, so the
    // chosen button keeps the focus.
    type Shown = (Vec<ModeRow>, Proportional, Jitter);
    Effect::new(move |shown: Option<Option<Shown>>| {
        let (body, svg) = (body.get()?, svg.get()?);
        let (body, svg): (&Element, &Element) = (&body, &svg);
        let factors = derived.policy.with(|p| p.proportional);
        let current = jitter.get();
        rows.with(|rows| {
            let marked = match shown.flatten() {
                Some((old, f, j)) if old == *rows && f == factors => j == current,
                Some((old, _, j)) if old.len() == rows.len() => {
                    update_in_place(body, svg, rows, factors);
                    j == current
                }
                _ => {
                    body.set_inner_html(&rows_html(rows, factors));
                    svg.set_inner_html(&mode_bars_svg(rows, current, TITLE_ID, TITLE));
                    false
                }
            };
            if !marked {
                mark_in_use(body, svg, rows, current);
            }
            Some((rows.clone(), factors, current))
        })
    });
    view! {
        <section class="panel comparison" aria-labelledby="comparison-heading">
            <h2 id="comparison-heading">"Compare the modes"</h2>
            <p class="intro">
                "The same base, multiplier, cap and retries in every jitter mode. The worst case is what to hold against a deadline; the expected total is what a typical call waits. Choose a mode to use it."
            </p>
            <ScrollTable
                caption="Mode comparison"
                caption_id="comparison-caption"
                class="modes"
                headers=&["Mode", "Worst case", "Expected total", "In the AWS study"]
            >
                <tbody
                    node_ref=body
                    on:click=move |ev| {
                        if let Some(mode) = clicked_mode(&ev) {
                            jitter.set(mode);
                        }
                    }
                ></tbody>
            </ScrollTable>
            <figure class="chart mode-chart">
                <svg
                    node_ref=svg
                    viewBox=move || format!("0 0 {WIDTH} {}", rows.with(|r| chart_height(r.len())))
                    role="img"
                    aria-labelledby=TITLE_ID
                    preserveAspectRatio="xMidYMid meet"
                ></svg>
                <figcaption class="legend">
                    <span class="key expected-bar">"expected total"</span>
                    <span class="key worst">"worst case"</span>
                    <span>"Source of the study column: " <a href=STUDY_URL>{STUDY}</a> "."</span>
                </figcaption>
            </figure>
        </section>
    }
}
