//! A labelled text field for a number, with its message beside it.

use leptos::prelude::*;

use crate::core::inputs::Text;
use crate::ui::state::Field;

/// A number input that keeps the text as typed and shows why it is refused.
///
/// It is a text input (not `type="number"`), so the browser never swaps a
/// bad entry for an empty value: the person sees their text and our reason.
#[component]
pub fn NumberField(
    /// Visible label, also the accessible name.
    label: &'static str,
    /// Element id; the message gets `{id}-error`, the hint `{id}-hint`.
    id: &'static str,
    /// The field's text.
    text: RwSignal<String>,
    /// The message for invalid text.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// A short hint under the field.
    #[prop(default = None)]
    hint: Option<&'static str>,
    /// `numeric` for whole numbers, `decimal` for fractions.
    #[prop(default = "numeric")]
    inputmode: &'static str,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    let hint_id = format!("{id}-hint");
    let described_by = {
        let error_id = error_id.clone();
        let hint_id = hint_id.clone();
        move || {
            let mut ids = Vec::new();
            if hint.is_some() {
                ids.push(hint_id.clone());
            }
            if error.with(Option::is_some) {
                ids.push(error_id.clone());
            }
            ids.join(" ")
        }
    };
    view! {
        <div class="field" class:invalid=move || error.with(Option::is_some)>
            <label for=id>{label}</label>
            <input
                id=id
                type="text"
                inputmode=inputmode
                autocomplete="off"
                spellcheck="false"
                prop:value=move || text.get()
                on:input:target=move |ev| text.set(ev.target().value())
                aria-invalid=move || if error.with(Option::is_some) { "true" } else { "false" }
                aria-describedby=described_by
            />
            {hint.map(|h| view! { <p class="hint" id=hint_id.clone()>{h}</p> })}
            <p class="field-error" id=error_id aria-live="polite">
                {move || error.get()}
            </p>
        </div>
    }
}

/// The [`NumberField`] of a declared input: its label, id and hint come
/// from the declaration in [`crate::core::inputs`].
#[component]
pub fn InputField<T>(
    /// The field.
    field: Field<T>,
    /// A message about more than this field (a reversed pair), shown when
    /// the field's own text is fine.
    #[prop(optional, into)]
    also: Option<Signal<Option<String>>>,
) -> impl IntoView
where
    T: Text + Clone + PartialEq + Send + Sync + 'static,
{
    let own = field.error();
    let error = Signal::derive(move || own.get().or_else(|| also.and_then(|a| a.get())));
    let spec = field.spec;
    view! {
        <NumberField
            label=spec.label
            id=spec.id
            text=field.text
            error
            hint=spec.hint
            inputmode=if spec.decimal { "decimal" } else { "numeric" }
        />
    }
}
