//! "Paste your config": a library's settings pasted as they stand in
//! someone's code or config file, read by the core's reader
//! ([`crate::core::library::paste`]) without running any of it. A reading
//! sets `Model` and the library's fields through the page's one state (so
//! the link follows); what was left aside, or why nothing changed, is said
//! beside the field, and the last reading stays in place.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::core::html::escape_text;
use crate::core::library::paste::{read_with, Ignored, PasteError};
use crate::core::library::{Configured, LibError};
use crate::core::share::State;
use crate::ui::state::{use_library, Bound};

/// What the field says after a paste: a sentence, then what was left aside.
#[derive(Clone, Default, PartialEq)]
struct Said {
    /// The library and parameters read (empty after a refusal).
    read: String,
    /// Why nothing changed (empty after a reading).
    error: String,
    /// What was left aside, as list items.
    ignored_html: String,
}

fn ignored_html(ignored: &[Ignored]) -> String {
    let mut out = String::new();
    for i in ignored {
        out.push_str("<li>");
        out.push_str(&escape_text(&i.line()));
        out.push_str("</li>");
    }
    out
}

/// Reads `text`, the combination checked by `check`; a reading is shown
/// at once in `Model` and its fields.
fn said(
    text: &str,
    check: fn(&Configured) -> Result<(), LibError>,
    show: impl Fn(Configured),
) -> Said {
    match read_with(text, check) {
        Ok(r) => {
            let said = Said {
                read: r.summary(),
                error: String::new(),
                ignored_html: ignored_html(&r.ignored),
            };
            show(r.config);
            said
        }
        Err(PasteError::Empty) => Said::default(),
        Err(e) => Said {
            read: String::new(),
            error: format!("{e} Nothing was changed."),
            ignored_html: ignored_html(e.ignored()),
        },
    }
}

/// The text in the field an input event came from. Read through the
/// input element's `value`, which a textarea has too: the first screen's
/// fields already import it, so the paste field adds no import and no
/// shared helper to the first screen's code.
fn typed(ev: &web_sys::Event) -> String {
    ev.target()
        .map(|t| t.unchecked_into::<web_sys::HtmlInputElement>().value())
        .unwrap_or_default()
}

/// One part of what the field says, as its views read it: one closure
/// type for every part, so that the two text views share one copy of the
/// rendering code.
fn part(said: RwSignal<Said>, pick: fn(&Said) -> &String) -> impl Fn() -> String + Copy {
    move || said.with(|s| pick(s).clone())
}

/// No combination check: the models are not here yet.
fn unchecked(_: &Configured) -> Result<(), LibError> {
    Ok(())
}

/// The paste field, its hint, what it read and what it left aside.
#[component]
pub fn PasteConfig() -> impl IntoView {
    let library = use_library();
    let said_now = RwSignal::new(Said::default());
    // The models (fetched with this section, `deferred.rs`) check a
    // combination; a paste before they arrive is checked by the fields
    // once they come.
    let on_input = move |text: String| {
        let check = library
            .engine
            .get_untracked()
            .map_or(unchecked as fn(&Configured) -> Result<(), LibError>, |e| {
                e.check
            });
        // Through the library's own binding, as a link or a preset sets
        // it: the fields, the state and the link follow.
        let show = |c: Configured| {
            let mut next = State::with_seed(0);
            next.to = library.to.get_untracked();
            next.library = Some(c);
            library.apply(&next);
        };
        said_now.set(said(&text, check, show));
    };
    let read_text = part(said_now, |s| &s.read);
    let error = part(said_now, |s| &s.error);
    let ignored = part(said_now, |s| &s.ignored_html);
    view! {
        <div class="field paste-config">
            <label for="paste-config">"Paste your config"</label>
            <textarea
                id="paste-config"
                rows="5"
                spellcheck="false"
                autocomplete="off"
                aria-describedby="paste-config-hint paste-config-error"
                aria-invalid=move || (!said_now.with(|s| s.error.is_empty())).to_string()
                on:input=move |ev| on_input(typed(&ev))
            ></textarea>
            <p class="hint" id="paste-config-hint">
                "A retry library's settings as they stand in your code or config file (urllib3's Retry(…), a wait.Backoff{…}, Envoy's retry_policy, …): the page recognises the library, sets Model and every parameter it reads, and runs none of it."
            </p>
            <p class="field-error" id="paste-config-error" data-testid="paste-config-error">{error}</p>
            <div role="status" aria-live="polite" data-testid="paste-config-status">
                <p>{read_text}</p>
                <ul class="paste-ignored" inner_html=ignored></ul>
            </div>
        </div>
    }
}
