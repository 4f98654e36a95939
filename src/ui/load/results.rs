//! A finished load study: the verdict in words for the chosen budget and
//! for no budget, their time axes side by side, the table of every budget,
//! and the chosen budget's seconds. All of it comes from the core as one
//! piece of markup (`load::chart::results_html`), built by the run when it
//! finishes and set here as one element's content: views per part cost
//! the wasm far more.

use leptos::prelude::*;

/// The last finished study's figures; empty before the first.
#[component]
pub fn LoadResults(
    /// The last finished study's markup.
    markup: RwSignal<String>,
) -> impl IntoView {
    view! { <div class="load-results" inner_html=move || markup.get()></div> }
}
