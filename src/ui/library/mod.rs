//! A retry library in its own terms: the `Model` select with the library's
//! fields ([`fields`]), what the library does ([`LibraryNotes`]), and its
//! config in its own syntax with a `Copy config` button; with the page's
//! own policy, the `Library` select, the closest config and what differs.

pub mod fields;
// pub mod translation; (waits for the core's translate)

use leptos::prelude::*;

use crate::core::library::library_notes;
use crate::ui::state::{use_derived, use_library};
use crate::ui::widgets::clipboard::copy_text;

/// With a library chosen: how it counts, what decided the rows, its
/// `Retry-After` rule and its source, one sentence each.
#[component]
pub fn LibraryNotes() -> impl IntoView {
    let (library, derived) = (use_library(), use_derived());
    let notes = move || {
        let chosen = library.valid.get()?;
        let shown = derived.library.get()?;
        let items: String = library_notes(&chosen, &shown)
            .into_iter()
            .map(|n| format!("<li>{n}</li>"))
            .collect();
        Some(view! { <ul class="library-notes" data-testid="library-notes" inner_html=items></ul> })
    };
    view! { <div aria-live="polite">{notes}</div> }
}

/// The config block shared by both directions: the text in
/// `data-testid="library-config"` and its `Copy config` button.
#[component]
pub fn ConfigBlock(
    /// The config's text.
    #[prop(into)]
    text: Signal<String>,
) -> impl IntoView {
    let status = RwSignal::new("");
    view! {
        <pre class="library-config"><code data-testid="library-config">{move || text.get()}</code></pre>
        <p class="copy-row">
            <button type="button" on:click=move |_| copy_text(text.get_untracked(), status)>
                "Copy config"
            </button>
            <span class="copy-status" role="status">{move || status.get()}</span>
        </p>
    }
}

/// The section under the results: the chosen library's config, or the
/// page's policy written for the library picked in `Library`.
#[component]
pub fn LibrarySection() -> impl IntoView {
    let library = use_library();
    let own = move || {
        library.valid.get().map(|chosen| {
            let text = Signal::derive(move || {
                library
                    .valid
                    .with(|c| c.as_ref().map(|c| c.lib.model().config(&c.values)))
                    .unwrap_or_default()
            });
            view! {
                <p>{format!("{} with these settings, as you would write them:", chosen.lib.name())}</p>
                <ConfigBlock text />
            }
        })
    };
    view! {
        <section class="library" aria-labelledby="library-heading">
            <h2 id="library-heading">"In your library's terms"</h2>
            {move || match library.model.get() {
                Some(_) => own().into_any(),
                None => ().into_any(),
            }}
        </section>
    }
}
