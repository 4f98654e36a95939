//! The `Model` select and, with a library chosen, its own fields: each
//! named as the library spells the parameter, with its unit, starting at
//! the library's default.

use leptos::prelude::*;

use crate::core::library::{LibId, Param, Unit};
use crate::ui::state::{use_library, LibraryInputs};

/// The link's and the option's spelling of "the page's own policy".
use crate::core::inputs::PAGE_MODEL;

/// `Model`: the page's own policy or a library in its own terms.
#[component]
pub fn ModelSelect() -> impl IntoView {
    let library = use_library();
    let model = library.model;
    let on_change =
        move |ev: leptos::ev::Targeted<leptos::ev::Event, web_sys::HtmlSelectElement>| {
            library.choose(LibId::parse(&ev.target().value()));
        };
    view! {
        <div class="field model">
            <label for="model">"Model"</label>
            <select id="model" on:change:target=on_change>
                <option value=PAGE_MODEL prop:selected=move || model.get().is_none()>
                    "This page's policy"
                </option>
                {LibId::all()
                    .map(|lib| {
                        view! {
                            <option value=lib.id() prop:selected=move || model.get() == Some(lib)>
                                {lib.name()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}

/// The chosen library's fields, rebuilt when the library changes.
#[component]
pub fn LibraryFields() -> impl IntoView {
    let library = use_library();
    move || {
        library.model.get().map(|lib| {
            lib.model()
                .info()
                .params
                .iter()
                .enumerate()
                .map(|(i, p)| lib_field(library, i, p))
                .collect_view()
        })
    }
}

/// One parameter's field: a select for `true`/`false` and for a choice,
/// a text box for a number (which also takes `none` where the library
/// has "no limit").
fn lib_field(library: LibraryInputs, i: usize, p: &'static Param) -> impl IntoView {
    let id = format!("lib-{}", p.name);
    let error = library.error(i);
    let texts = library.texts;
    let text = move || texts.with(|t| t.get(i).cloned().unwrap_or_default());
    let set = move |value: String| {
        texts.update(|t| {
            if let Some(slot) = t.get_mut(i) {
                *slot = value;
            }
        })
    };
    let choices: Option<&'static [&'static str]> = match p.unit {
        Unit::Bool => Some(&["true", "false"]),
        Unit::Choice(names) => Some(names),
        _ => None,
    };
    let hint_id = format!("{id}-hint");
    let error_id = format!("{id}-error");
    let described = format!("{hint_id} {error_id}");
    let control = match choices {
        Some(names) => view! {
            <select id=id.clone() aria-describedby=described on:change:target=move |ev| set(ev.target().value())>
                {names
                    .iter()
                    .map(|n| view! { <option value=*n prop:selected=move || text() == *n>{*n}</option> })
                    .collect_view()}
            </select>
        }
        .into_any(),
        None => view! {
            <input
                id=id.clone()
                type="text"
                inputmode="decimal"
                autocomplete="off"
                spellcheck="false"
                aria-describedby=described
                aria-invalid=move || if error.with(Option::is_some) { "true" } else { "false" }
                prop:value=text
                on:input:target=move |ev| set(ev.target().value())
            />
        }
        .into_any(),
    };
    view! {
        <div class="field" class:invalid=move || error.with(Option::is_some)>
            <label for=id>{p.label()}</label>
            {control}
            <p class="hint" id=hint_id>{p.doc}</p>
            <p class="field-error" id=error_id aria-live="polite">{move || error.get()}</p>
        </div>
    }
}
