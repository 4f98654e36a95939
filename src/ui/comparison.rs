//! The mode comparison: every jitter mode for the current base,
//! multiplier, cap and retries, as a table and as bars on one shared axis.

use leptos::html::Tbody;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::core::fit::{compare_modes, STUDY, STUDY_URL};
use crate::core::mode_chart::{bars_svg, chart_height, rows_html, WIDTH};
use crate::core::policy::Jitter;
use crate::ui::scroll_table::ScrollTable;
use crate::ui::state::use_state;

/// Marks the row of `current` as in use: its class and its button's
/// `aria-pressed` (the button then reads "… (in use)").
fn mark_in_use(body: &Element, current: Jitter) {
    let mut row = body.first_element_child();
    while let Some(tr) = row {
        let in_use = tr.get_attribute("data-mode").as_deref() == Some(current.as_str());
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
            let _ = button.set_attribute("aria-pressed", if in_use { "true" } else { "false" });
        }
        row = tr.next_element_sibling();
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
    let state = use_state();
    // A memo: the table and the chart both read it, and it runs five
    // schedules. The decorrelated mean comes from the shared memo. Choosing
    // a mode changes the policy but not these rows, so the table is not
    // rewritten then and the chosen button keeps the focus.
    let rows = Memo::new(move |_| {
        state
            .means
            .with(|m| state.policy.with(|p| compare_modes(p, m)))
    });
    let html = Memo::new(move |_| {
        let factors = state.policy.with(|p| p.proportional);
        rows.with(|r| rows_html(r, factors))
    });
    let body = NodeRef::<Tbody>::new();
    // The rows are written when they change; which one is in use is marked
    // on the rows in place.
    Effect::new(move |written: Option<String>| {
        let Some(body) = body.get() else {
            return written.unwrap_or_default();
        };
        let next = html.get();
        if written.as_ref() != Some(&next) {
            body.set_inner_html(&next);
        }
        mark_in_use(&body, state.jitter.get());
        next
    });
    let title = "Expected total (bar) and worst case (line) of each mode, on one axis";
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
                            state.jitter.set(mode);
                        }
                    }
                ></tbody>
            </ScrollTable>
            <figure class="chart mode-chart">
                <svg
                    viewBox=move || format!("0 0 {WIDTH} {}", rows.with(|r| chart_height(r.len())))
                    role="img"
                    aria-labelledby="mode-chart-title"
                    preserveAspectRatio="xMidYMid meet"
                    inner_html=move || {
                        rows.with(|r| bars_svg(r, state.jitter.get(), "mode-chart-title", title))
                    }
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
