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
    /// While set, the field plays no part: this text takes the hint's
    /// place and the field is read-only (its value is kept for later).
    #[prop(optional_no_strip)]
    unused: Option<Signal<Option<&'static str>>>,
) -> impl IntoView {
    let unused = move || unused.and_then(|u| u.get());
    let shown_hint = move || unused().or(hint);
    let error_id = format!("{id}-error");
    let hint_id = format!("{id}-hint");
    let described_by = {
        let error_id = error_id.clone();
        let hint_id = hint_id.clone();
        move || {
            let mut ids = Vec::new();
            if shown_hint().is_some() {
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
                readonly=move || unused().is_some()
                aria-invalid=move || if error.with(Option::is_some) { "true" } else { "false" }
                aria-describedby=described_by
            />
            // Empty when there is no hint, and then hidden by the style.
            <p class="hint" id=hint_id>{shown_hint}</p>
            <p class="field-error" id=error_id aria-live="polite">
                {move || error.get()}
            </p>
        </div>
    }
}

/// A declared input as the page shows it: its label, id and hint from
/// [`crate::core::inputs`], its text and its message. Not generic, so one
/// [`InputField`] serves every field whatever its value's type.
#[derive(Clone, Copy)]
pub struct TextBox {
    label: &'static str,
    id: &'static str,
    hint: Option<&'static str>,
    decimal: bool,
    text: RwSignal<String>,
    error: Signal<Option<String>>,
}

impl<T: Text + Clone + PartialEq + Send + Sync + 'static> From<Field<T>> for TextBox {
    fn from(field: Field<T>) -> TextBox {
        let spec = field.spec;
        TextBox {
            label: spec.label,
            id: spec.id,
            hint: spec.hint,
            decimal: spec.decimal,
            text: field.text,
            error: field.error(),
        }
    }
}

/// The [`NumberField`] of a declared input.
#[component]
pub fn InputField(
    /// The field.
    #[prop(into)]
    field: TextBox,
    /// A message about more than this field (a reversed pair), shown when
    /// the field's own text is fine.
    #[prop(optional, into)]
    also: Option<Signal<Option<String>>>,
    /// While set, the field plays no part (see [`NumberField`]).
    #[prop(optional, into)]
    unused: Option<Signal<Option<&'static str>>>,
) -> impl IntoView {
    let own = field.error;
    let error = Signal::derive(move || own.get().or_else(|| also.and_then(|a| a.get())));
    view! {
        <NumberField
            label=field.label
            id=field.id
            text=field.text
            error
            hint=field.hint
            inputmode=if field.decimal { "decimal" } else { "numeric" }
            unused=unused
        />
    }
}
