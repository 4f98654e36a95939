//! The mode comparison: every jitter mode for the current base,
//! multiplier, cap and retries, as a table and as bars on one shared axis,
//! and the table to copy as Markdown or download as CSV.

mod markup;

use leptos::html::Tbody;
use leptos::prelude::*;

use crate::ui::library::OwnPolicyNote;
use leptos::svg::Svg;
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::core::compare::chart::{chart_height, WIDTH};
use crate::core::compare::{compare_modes, ModeRow, STUDY, STUDY_URL};
use crate::core::policy::{Jitter, Proportional};
use crate::ui::state::{use_derived, use_policy};
use crate::ui::widgets::export_row::{export_row, Exported};
use crate::ui::widgets::scroll_table::ScrollTable;

const TITLE_ID: &str = "mode-chart-title";
const TITLE: &str = "Expected total (bar) and worst case (line) of each mode, on one axis";

/// The chart's key and the study's source: static, so markup rather than
/// views (each element as a view costs wasm).
fn legend() -> String {
    format!(
        r#"<span class="key expected-bar">expected total</span><span class="key worst">worst case</span><span>Source of the study column: <a href="{STUDY_URL}">{STUDY}</a>.</span>"#
    )
}

/// The mode whose button an event came from, if any.
fn clicked_mode(ev: &leptos::ev::MouseEvent) -> Option<Jitter> {
    let target = ev.target()?.dyn_into::<Element>().ok()?;
    let button = target
        .closest(&format!("button[{}]", markup::MODE))
        .ok()??;
    markup::button_mode(&button)
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
                    markup::update(body, svg, rows, factors);
                    j == current
                }
                _ => {
                    body.set_inner_html(&markup::rows_html(rows, factors));
                    svg.set_inner_html(&markup::bars_svg(rows, current, TITLE_ID, TITLE));
                    false
                }
            };
            if !marked {
                markup::mark_in_use(body, svg, rows, current);
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
            <OwnPolicyNote what="These modes compare" />
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
                <figcaption class="legend" inner_html=legend()></figcaption>
            </figure>
            {export_row(Exported::Comparison, None)}
        </section>
    }
}
