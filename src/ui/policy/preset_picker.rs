//! The `Preset` select: fills the inputs with a library's defaults.

use leptos::prelude::*;

use crate::core::presets::{by_id, matching, Preset, PRESETS};
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

/// Chooses a library's retry defaults; shows "Custom" once an input
/// differs, and the chosen preset's source and note.
#[component]
pub fn PresetPicker() -> impl IntoView {
    let state = use_state();
    let current = Memo::new(move |_| state.derived.policy.with(matching).map(|p| p.id));
    let on_change =
        move |ev: leptos::ev::Targeted<leptos::ev::Event, web_sys::HtmlSelectElement>| {
            if let Some(preset) = by_id(&ev.target().value()) {
                apply(&state, preset);
            }
        };
    let details = move || {
        current.get().and_then(by_id).map(|p| {
            let more = p
                .more_sources
                .iter()
                .map(|&(name, url)| view! { "; " <a href=url>{name}</a> })
                .collect_view();
            view! {
                <p class="preset-note">
                    {p.note} " Source: " <a href=p.url>{p.source}</a> {more} ". "
                    <span class="checked">{format!("Numbers from {}.", p.checked)}</span>
                </p>
            }
        })
    };
    view! {
        <div class="field preset">
            <label for="preset">"Preset"</label>
            <select id="preset" on:change:target=on_change>
                <option value="" prop:selected=move || current.get().is_none()>"Custom"</option>
                {PRESETS
                    .iter()
                    .map(|p| view! { <option value=p.id prop:selected=move || current.get() == Some(p.id)>{p.name}</option> })
                    .collect_view()}
            </select>
            {details}
        </div>
    }
}
