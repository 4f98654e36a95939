//! A labelled checkbox bound to a boolean of the state.

use leptos::prelude::*;

/// A checkbox whose label is its accessible name, kept equal to `value`.
#[component]
pub fn Checkbox(
    /// Visible label, also the accessible name.
    label: &'static str,
    /// The boolean it shows and sets.
    value: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <label class="check">
            <input
                type="checkbox"
                prop:checked=move || value.get()
                on:change:target=move |ev| value.set(ev.target().checked())
            />
            {label}
        </label>
    }
}
