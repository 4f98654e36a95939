//! A labelled select over the values of an enum, each option spelled as
//! the enum spells itself (the link's spelling), so the view never
//! compares strings of its own.

use leptos::prelude::*;

/// A `<select>` whose options are `options`, showing `text` of each and
/// keeping `value` in step both ways.
#[component]
pub fn Select<T>(
    /// Visible label, also the accessible name.
    label: &'static str,
    /// Element id.
    id: &'static str,
    /// The chosen value.
    value: RwSignal<T>,
    /// Every value, in the order shown.
    options: &'static [T],
    /// The option's `value` attribute (the enum's `as_str`).
    spelling: fn(T) -> &'static str,
    /// The option's text.
    text: fn(T) -> &'static str,
) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    let on_change =
        move |ev: leptos::ev::Targeted<leptos::ev::Event, web_sys::HtmlSelectElement>| {
            let chosen = ev.target().value();
            if let Some(v) = options.iter().copied().find(|o| spelling(*o) == chosen) {
                value.set(v);
            }
        };
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <select id=id on:change:target=on_change>
                {options
                    .iter()
                    .copied()
                    .map(|o| {
                        view! {
                            <option value=spelling(o) prop:selected=move || value.get() == o>
                                {text(o)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}
