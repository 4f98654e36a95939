//! A retry library in its own terms: the `Model` select with the library's
//! fields ([`fields`]), what the library does ([`LibraryNotes`]), and its
//! config in its own syntax with a `Copy config` button; with the page's
//! own policy, the `Library` select, the closest config and what differs
//! ([`LibrarySection`]).

pub mod fields;
pub mod paste;

use leptos::prelude::*;

use crate::core::html::escape_text;
use crate::core::library::{diff_html, option_html, options_html, LibId};
use crate::ui::state::{use_derived, use_library};
use crate::ui::widgets::clipboard::copy_text;
use crate::ui::widgets::later::later;

/// With a library chosen: how it counts, what decided the rows, its
/// `Retry-After` rule and its source, one sentence each.
#[component]
pub fn LibraryNotes() -> impl IntoView {
    let derived = use_derived();
    // Through the engine: the notes load with the models, not the first
    // screen (a library's rows wait for the models anyway).
    let engine = use_library().engine;
    let notes = move || {
        let notes = engine.get()?.notes;
        derived.library.with(|l| l.as_deref().map(notes))
    };
    view! { <ul class="library-notes" data-testid="library-notes" inner_html=notes></ul> }
}

/// For a section that follows the page's own policy (the mode comparison,
/// the retry code) while a library is chosen: says so. Empty otherwise.
#[component]
pub fn OwnPolicyNote(
    /// What the section is, as the start of the sentence.
    what: &'static str,
) -> impl IntoView {
    let library = use_library();
    let text = move || {
        library
            .model
            .get()
            .map(|lib| format!("{what} this page's own policy, not {}.", lib.name()))
    };
    view! { <p class="note own-policy" data-testid="own-policy-note">{text}</p> }
}

/// The config's text: the chosen library's settings, or the page's
/// policy written for the library picked in `Library` (with what differs,
/// when `diff` is given); empty when neither applies.
fn config(diff: Option<&mut String>) -> String {
    let (library, derived) = (use_library(), use_derived());
    if let Some(c) = library.valid() {
        return c.lib.writer().config(&c.values);
    }
    let Some(lib) = library.to.get() else {
        return String::new();
    };
    let deadline = derived.deadline.get();
    let t = derived.policy.with(|p| lib.writer().translate(p, deadline));
    if let Some(diff) = diff {
        *diff = diff_html(lib, &t);
    }
    lib.writer().config(&t.values)
}

/// The config for the design doc, as a heading and its text: the chosen
/// library's config, or the page's policy written for the library picked
/// in `Library`; `None` when neither applies.
pub fn doc_config() -> Option<(String, String)> {
    let library = use_library();
    let heading = match (library.valid(), library.to.get()) {
        (Some(c), _) => format!("{} config", c.lib.name()),
        (None, Some(lib)) => format!("This policy written for {}", lib.name()),
        (None, None) => return None,
    };
    let text = config(None);
    (!text.is_empty()).then_some((heading, text))
}

/// The section's markup: what the config is (or `library-diff`), then
/// the config in `data-testid="library-config"`, in a box that scrolls
/// sideways on a narrow screen and so takes focus (Tab, then the arrow
/// keys), named for assistive technology.
fn section_html() -> String {
    let mut diff = String::new();
    let text = config(Some(&mut diff));
    if text.is_empty() {
        return diff;
    }
    format!(
        "{diff}<pre class=\"library-config\" tabindex=\"0\" role=\"region\" aria-label=\"Config\"><code data-testid=\"library-config\">{}</code></pre>",
        escape_text(&text)
    )
}

/// The section under the results: the chosen library's config, or the
/// page's policy written for the library picked in `Library`, with a
/// `Copy config` button.
#[component]
pub fn LibrarySection() -> impl IntoView {
    let library = use_library();
    let to = library.to;
    // Written as markup: a reactive node per part cost the wasm more.
    // Drawn one task after an input (see `later`): below the first
    // screen, it waits for the schedule's own update. It follows what
    // the config is made from, not the config, so the text (a
    // translation, a diff) is written in that later task. A library's
    // values change its rows.
    let derived = use_derived();
    let html = Memo::new(move |_| section_html());
    let drawn = later(move || {
        // `get`, not `track`: the first screen's wasm already has its code.
        let _ = derived.library.get();
        to.track();
        derived.policy.track();
        let _ = derived.deadline.get();
    });
    let status = RwSignal::new("");
    let empty = move || library.model.get().is_none() && to.get().is_none();
    view! {
        <section class="panel library" aria-labelledby="library-heading">
            <h2 id="library-heading">"In your library's terms"</h2>
            <paste::PasteConfig />
            <div class="field" hidden=move || library.model.get().is_some()>
                <label for="to">"Library"</label>
                <select
                    id="to"
                    aria-describedby="to-hint"
                    inner_html=options_html(option_html("", "Choose a library"))
                    prop:value=move || to.get().map_or("", LibId::id)
                    on:change:target=move |ev| to.set(LibId::parse(&ev.target().value()))
                ></select>
                <p class="hint" id="to-hint">
                    "This page's policy written for that library: the closest settings, and what they cannot match."
                </p>
            </div>
            <div inner_html=move || {
                drawn.track();
                html.get_untracked()
            }></div>
            <p class="copy-row" hidden=empty>
                <button type="button" on:click=move |_| copy_text(untrack(|| config(None)), status)>
                    "Copy config"
                </button>
                <span class="copy-status" role="status">{move || status.get()}</span>
            </p>
        </section>
    }
}
