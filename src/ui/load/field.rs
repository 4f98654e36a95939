//! A number field of the load section: a label, a text input and the
//! message beside it. Its own view rather than the first screen's
//! `NumberField`: a second caller of that component would change how the
//! first screen's wasm is built, and the first screen must not grow.

use leptos::prelude::*;

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
    let invalid = move || parsed.with(Result::is_err);
    let message = move || parsed.with(|p| p.as_ref().err().map(ToString::to_string));
    view! {
        <div class="field" class:invalid=invalid>
            <label for=id>{n.spec.label}</label>
            <input
                id=id
                type="text"
                inputmode=if n.spec.whole { "numeric" } else { "decimal" }
                autocomplete="off"
                spellcheck="false"
                prop:value=move || n.text.get()
                on:input:target=move |ev| n.text.set(ev.target().value())
                aria-invalid=move || if invalid() { "true" } else { "false" }
                aria-describedby=error_id.clone()
            />
            <p class="field-error" id=error_id aria-live="polite">{message}</p>
        </div>
    }
}
