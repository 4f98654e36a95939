//! Notices about share-link parameters that were ignored.

use leptos::prelude::*;

use crate::ui::state::use_state;

/// Lists each ignored link parameter and why; nothing when all were fine.
#[component]
pub fn LinkNotices() -> impl IntoView {
    let notices = use_state().notices.get_value();
    (!notices.is_empty()).then(|| {
        view! {
            <div class="notice" role="status" data-testid="link-notices">
                <p>"Part of this link could not be used, so defaults stand in:"</p>
                <ul>{notices.into_iter().map(|n| view! { <li>{n.to_string()}</li> }).collect_view()}</ul>
            </div>
        }
    })
}
