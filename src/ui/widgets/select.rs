//! A labelled select over the values of an enum, each option spelled as
//! the enum spells itself (the link's spelling), so the view never
//! compares strings of its own.

use leptos::prelude::*;

use crate::core::html::escape;

/// A `<select>` whose options are `options`, showing `text` of each and
/// keeping `value` in step both ways. The options are written as markup
/// and the choice set through the select's `value`: an option view per
/// value, each with its own binding, cost the wasm more for every enum.
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
    /// A line under the select about the chosen value.
    hint: fn(T) -> &'static str,
    /// Markup after the hint (a link), the same for every value.
    #[prop(default = "")]
    after_hint: &'static str,
) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    let markup: String = options
        .iter()
        .map(|o| {
            format!(
                "<option value=\"{}\">{}</option>",
                escape(spelling(*o)),
                escape(text(*o))
            )
        })
        .collect();
    let on_change =
        move |ev: leptos::ev::Targeted<leptos::ev::Event, web_sys::HtmlSelectElement>| {
            let chosen = ev.target().value();
            if let Some(v) = options.iter().copied().find(|o| spelling(*o) == chosen) {
                value.set(v);
            }
        };
    let hint_id = format!("{id}-hint");
    // Markup, as the options are: a view per part cost the wasm more.
    let hint_html = move || format!("{} {after_hint}", escape(hint(value.get())));
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <select
                id=id
                inner_html=markup
                prop:value=move || spelling(value.get())
                on:change:target=on_change
                aria-describedby=hint_id.clone()
            ></select>
            <p class="hint" id=hint_id inner_html=hint_html></p>
        </div>
    }
}
