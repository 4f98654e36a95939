//! The edge cases the current policy runs into. The prose that does not
//! depend on the state (how to read the table, what it leaves out) is
//! static HTML in `index.html`.

use leptos::prelude::*;

use crate::core::schedule::edge_notes;
use crate::ui::state::use_derived;

/// Notes for the edge cases of the current policy (base 0, base above the
/// cap, multiplier 1, …), shown just under the table.
#[component]
pub fn EdgeNotes() -> impl IntoView {
    let policy = use_derived().policy;
    view! {
        <ul class="edge-notes" aria-live="polite">
            {move || {
                policy
                    .with(edge_notes)
                    .into_iter()
                    .map(|n| view! { <li>{n}</li> })
                    .collect_view()
            }}
        </ul>
    }
}
