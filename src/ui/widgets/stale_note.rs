//! The stale marker: while an entry is refused, the results and the code
//! say which last valid value they use.

use leptos::prelude::*;

use crate::ui::state::use_state;

/// "These results use the last valid entries while a field is refused:
/// Base delay (ms) 1000." Nothing while every entry is valid. `what` names
/// the section with its verb.
#[component]
pub fn StaleNote(
    /// What the note speaks for, with its verb: "These results use" or
    /// "This code uses".
    what: &'static str,
    /// Speaks for the page's own policy even while a library is chosen
    /// (the retry code follows it).
    #[prop(optional)]
    own_policy: bool,
) -> impl IntoView {
    let state = use_state();
    let stale = Memo::new(move |_| {
        if own_policy {
            state.stale_of(false)
        } else {
            state.stale()
        }
    });
    let text = move || {
        stale.with(|fields| {
            let used: Vec<String> = fields
                .iter()
                .map(|f| format!("{} {}", f.label, f.used))
                .collect();
            format!(
                "{what} the last valid entries while a field is refused: {}.",
                used.join("; ")
            )
        })
    };
    view! {
        <Show when=move || stale.with(|s| !s.is_empty())>
            <p class="stale" role="status" data-testid="stale-note">
                <strong>"Out of date. "</strong>
                {text}
            </p>
        </Show>
    }
}
