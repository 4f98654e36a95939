//! A finished load study: the verdict in words for the chosen budget and
//! for no budget, their time axes side by side, the table of every budget,
//! and the chosen budget's seconds. All of it comes from the core as one
//! piece of markup (`load::chart::results_html`), set as one element's
//! content when a run finishes: views per part cost the wasm far more.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::load::chart::results_html;
use crate::core::load::StudyResult;

/// The last finished study's figures; empty before the first.
#[component]
pub fn LoadResults(
    /// The last study that ran to the end.
    finished: RwSignal<Option<Arc<StudyResult>>>,
) -> impl IntoView {
    let html = move || finished.with(|f| f.as_deref().map(results_html).unwrap_or_default());
    view! { <div class="load-results" inner_html=html></div> }
}
