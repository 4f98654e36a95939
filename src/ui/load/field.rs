//! A number field of the load section: a label, a text input and the
//! message beside it. Its own view rather than the first screen's
//! `NumberField`: a second caller of that component would change how the
//! first screen's wasm is built, and the first screen must not grow.

use leptos::prelude::*;

use crate::core::html::escape;
use crate::ui::load::inputs::NumText;

/// The field `n`: its label, its text kept as typed, and why it is
/// refused.
#[component]
pub fn LoadField(
    /// The field.
    n: NumText,
) -> impl IntoView {
    let id = n.spec.id;
    let error_id = format!("{id}-error");
    let parsed = n.parsed;
    let message = move || parsed.with(|p| p.as_ref().err().map(ToString::to_string));
    // The text starts at the default and only the person changes it, so
    // the value is set once; the red border follows `aria-invalid`.
    let initial = n.text.get_untracked();
    view! {
        <div class="field load-field">
            <label for=id>{n.spec.label}</label>
            <input
                id=id
                type="text"
                inputmode=if n.spec.whole { "numeric" } else { "decimal" }
                autocomplete="off"
                spellcheck="false"
                value=initial
                on:input:target=move |ev| n.text.set(ev.target().value())
                aria-invalid=move || if parsed.with(Result::is_err) { "true" } else { "false" }
                aria-describedby=error_id.clone()
            />
            <p class="field-error" id=error_id aria-live="polite">{message}</p>
        </div>
    }
}

/// A select of the load section over `options` (`(value, text)` pairs),
/// keeping the chosen index in `value`, with a hint about the chosen
/// option. One view for both of the section's selects, not the first
/// screen's generic `Select`: each of its copies adds to the first
/// screen's function table.
#[component]
pub fn LoadChoice(
    /// Visible label, also the accessible name.
    label: &'static str,
    /// Element id; the hint gets `{id}-hint`.
    id: &'static str,
    /// `(option value, option text)`, in order.
    options: Vec<(&'static str, &'static str)>,
    /// The chosen option's index.
    value: RwSignal<usize>,
    /// A line under the select about each option, by index.
    hints: Vec<&'static str>,
) -> impl IntoView {
    let markup: String = options
        .iter()
        .map(|(v, t)| format!("<option value=\"{}\">{}</option>", escape(v), escape(t)))
        .collect();
    let values: Vec<&'static str> = options.iter().map(|(v, _)| *v).collect();
    let first = values.first().copied().unwrap_or_default();
    let on_change =
        move |ev: leptos::ev::Targeted<leptos::ev::Event, web_sys::HtmlSelectElement>| {
            let chosen = ev.target().value();
            if let Some(i) = values.iter().position(|v| *v == chosen) {
                value.set(i);
            }
        };
    let hint_id = format!("{id}-hint");
    let hint = move || hints.get(value.get()).copied().unwrap_or_default();
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <select id=id inner_html=markup prop:value=first on:change:target=on_change aria-describedby=hint_id.clone()></select>
            <p class="hint" id=hint_id>{hint}</p>
        </div>
    }
}
