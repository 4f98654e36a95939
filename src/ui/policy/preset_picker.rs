//! The `Preset` select: fills the inputs with the page's own defaults or a
//! library's.

use leptos::prelude::*;

use crate::core::presets::{by_id, note_html, selected, Preset, DEFAULTS, PRESETS};
use crate::ui::state::{use_state, AppState};

/// Writes a preset into every input, as if typed, with the deadline and
/// the Retry-After option its note describes. A library with no maximum of
/// its own keeps the page's Retry-After maximum.
fn apply(state: &AppState, preset: &Preset) {
    let mut next = state.snapshot_untracked();
    next.policy = preset.policy;
    next.deadline_ms = preset.deadline_ms;
    next.honor = preset.honor_retry_after;
    if let Some(max) = preset.retry_after_max_ms {
        next.retry_after_max_ms = max;
    }
    state.apply(&next);
}

/// Chooses the page's defaults or a library's; shows "Custom" once an
/// input differs. Under it, the chosen entry's note in one sentence, and
/// the rest with the sources behind a disclosure.
#[component]
pub fn PresetPicker() -> impl IntoView {
    let state = use_state();
    let deadline = state.policy.deadline.valid;
    let current = Memo::new(move |_| {
        state
            .derived
            .policy
            .with(|p| selected(p, deadline.get()))
            .map(|p| p.id)
    });
    let on_change =
        move |ev: leptos::ev::Targeted<leptos::ev::Event, web_sys::HtmlSelectElement>| {
            if let Some(preset) = by_id(&ev.target().value()) {
                apply(&state, preset);
            }
        };
    view! {
        <div class="field preset">
            <label for="preset">"Preset"</label>
            <select id="preset" on:change:target=on_change>
                <option value="" prop:selected=move || current.get().is_none()>"Custom"</option>
                {[&DEFAULTS]
                    .into_iter()
                    .chain(&PRESETS)
                    .map(|p| view! { <option value=p.id prop:selected=move || current.get() == Some(p.id)>{p.name}</option> })
                    .collect_view()}
            </select>
            <div class="preset-note" inner_html=move || current.get().and_then(by_id).map(note_html)></div>
        </div>
    }
}
