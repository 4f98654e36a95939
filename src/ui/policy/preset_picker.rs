//! The `Preset` select: fills the inputs with the page's own defaults, a
//! tool's defaults written in the page's terms, or a library at its
//! defaults (the library's model, as the `Model` select chooses it).

use leptos::prelude::*;

use crate::core::library::{option_html, options_html, Configured, LibId};
use crate::core::presets::{by_id, note_html, selected, Preset, DEFAULTS, PRESETS};
use crate::ui::state::{use_state, AppState};

/// Writes a preset into every input, as if typed, with the deadline and
/// the Retry-After option its note describes, and the page's own policy in
/// the `Model` select. A tool with no maximum of its own keeps the page's
/// Retry-After maximum.
pub fn apply(state: &AppState, preset: &Preset) {
    let mut next = state.snapshot_untracked();
    next.policy = preset.policy;
    next.deadline_ms = preset.deadline_ms;
    next.honor = preset.honor_retry_after;
    next.library = None;
    if let Some(max) = preset.retry_after_max_ms {
        next.retry_after_max_ms = Some(max);
    } else if std::ptr::eq(preset, &DEFAULTS) {
        // Exactly what a link without parameters opens with.
        next.retry_after_max_ms = None;
    }
    state.apply(&next);
}

/// The select's options: Custom, the page's entries, then the libraries
/// at their defaults (value: the library's id).
fn preset_options() -> String {
    let mut out = option_html("", "Custom");
    for p in [&DEFAULTS].into_iter().chain(&PRESETS) {
        out += &option_html(p.id, p.name);
    }
    options_html(out + "<optgroup label=\"Libraries at their defaults\">") + "</optgroup>"
}

/// Chooses the page's defaults, a tool's or a library's; shows "Custom"
/// once an input differs. Under it, the chosen page entry's note in one
/// sentence, and the rest with the sources behind a disclosure (a
/// library's notes follow its fields).
#[component]
pub fn PresetPicker() -> impl IntoView {
    let state = use_state();
    let deadline = state.policy.deadline.valid;
    let current = Memo::new(move |_| match state.library.valid() {
        Some(c) => (c == Configured::defaults(c.lib)).then(|| c.lib.id()),
        None => state
            .derived
            .policy
            .with(|p| selected(p, deadline.get()))
            .map(|p| p.id),
    });
    let on_change =
        move |ev: leptos::ev::Targeted<leptos::ev::Event, web_sys::HtmlSelectElement>| {
            let value = ev.target().value();
            if let Some(preset) = by_id(&value) {
                apply(&state, preset);
            } else if let Some(lib) = LibId::parse(&value) {
                state.library.choose(Some(lib));
            }
        };
    view! {
        <div class="field preset">
            <label for="preset">"Preset"</label>
            <select
                id="preset"
                inner_html=preset_options()
                prop:value=move || current.get().unwrap_or("")
                on:change:target=on_change
            ></select>
            <div class="preset-note" inner_html=move || current.get().and_then(by_id).map(note_html)></div>
        </div>
    }
}
