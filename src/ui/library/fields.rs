//! The `Model` select and, with a library chosen, its own fields: each
//! named as the library spells the parameter, with its unit, starting at
//! the library's default.
//!
//! The fields are written as markup when the library changes (by the
//! library models' `fields_html`, with each parameter's description) and
//! kept in step in place after that ([`update`]):
//! written as views, fifteen tables of fields cost the wasm several KB.
//! Every node is found by the id [`field_id`] gives it, never by position.

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

use crate::core::inputs::PAGE_MODEL;
use crate::core::library::{field_id, option_html, options_html, LibId, Param, RELEASE_PARAM};
use crate::ui::state::{use_library, Waiting};

/// `Model`: the page's own policy or a library in its own terms. A
/// library chosen before its models are here shows as chosen, with a note
/// until they arrive (or a way to try again).
#[component]
pub fn ModelSelect() -> impl IntoView {
    let library = use_library();
    let (model, waiting) = (library.model, library.waiting);
    let shown = move || {
        waiting
            .with(|w| w.as_ref().map(|w| w.chosen().lib))
            .or_else(|| model.get())
    };
    let failed = move || waiting.with(|w| matches!(w, Some(Waiting::Failed(_))));
    let note = move || match waiting.get() {
        Some(Waiting::Fetching(c)) => format!("Loading the model of {}…", c.lib.name()),
        Some(Waiting::Failed(c)) => format!(
            "The model of {} could not be loaded; the results still show the page's policy.",
            c.lib.name()
        ),
        None => String::new(),
    };
    let retry = move |_| library.retry();
    view! {
        <div class="field model">
            <label for="model">"Model"</label>
            <select
                id="model"
                aria-describedby="model-status"
                inner_html=options_html(option_html(PAGE_MODEL, "This page's policy"))
                prop:value=move || shown().map_or(PAGE_MODEL, LibId::id)
                on:change:target=move |ev| library.choose(LibId::parse(&ev.target().value()))
            ></select>
            <p id="model-status" class="hint" role="status" data-testid="model-status">
                {note}
            </p>
            <Show when=failed>
                <button type="button" on:click=retry>
                    "Try again"
                </button>
            </Show>
        </div>
    }
}

/// The name of the field at `i`: a parameter of `table`, or after them
/// the `Release` select.
fn name_at(table: &[Param], i: usize) -> &'static str {
    table.get(i).map_or(RELEASE_PARAM, |p| p.name)
}

/// The value of a library field's control, and its index in the texts.
fn edited(target: Option<web_sys::EventTarget>, table: &[Param]) -> Option<(usize, String)> {
    let el: Element = target?.dyn_into().ok()?;
    let name = el.id();
    let i = (0..=table.len()).find(|i| field_id(name_at(table, *i)) == name)?;
    let value = match el.dyn_ref::<HtmlInputElement>() {
        Some(input) => input.value(),
        None => el.dyn_ref::<HtmlSelectElement>()?.value(),
    };
    Some((i, value))
}

/// Shows `texts` and `errors` in the fields written for `table`: the
/// values the person did not type (a preset, a link), each message and
/// the invalid marks.
fn update(table: &[Param], texts: &[String], errors: &[Option<String>]) {
    let document = document();
    for i in 0..texts.len() {
        let id = field_id(name_at(table, i));
        let error = errors.get(i).cloned().flatten();
        if let Some(el) = document.get_element_by_id(&id) {
            let text = texts.get(i).map(String::as_str).unwrap_or("");
            if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
                if input.value() != text {
                    input.set_value(text);
                }
            } else if let Some(select) = el.dyn_ref::<HtmlSelectElement>() {
                select.set_value(text);
            }
            let _ = el.set_attribute(
                "aria-invalid",
                if error.is_some() { "true" } else { "false" },
            );
            if let Some(field) = el.parent_element() {
                let class = if error.is_some() {
                    "field invalid"
                } else {
                    "field"
                };
                let _ = field.set_attribute("class", class);
            }
        }
        if let Some(message) = document.get_element_by_id(&format!("{id}-error")) {
            message.set_text_content(error.as_deref());
        }
    }
}

/// The chosen library's fields, rewritten when the library changes.
#[component]
pub fn LibraryFields() -> impl IntoView {
    let library = use_library();
    let container = NodeRef::<Div>::new();
    Effect::new(move |shown: Option<Option<LibId>>| {
        let el = container.get()?;
        let lib = library.model.get()?;
        let fields_html = library.engine.get()?.fields_html;
        let table = lib.info().params;
        library.texts.with(|texts| {
            if shown.flatten() != Some(lib) {
                el.set_inner_html(&fields_html(lib, texts));
            }
            library.parsed.with(|p| update(table, texts, &p.errors));
        });
        Some(lib)
    });
    let on_edit = move |ev: web_sys::Event| {
        let Some(lib) = library.model.get_untracked() else {
            return;
        };
        if let Some((i, value)) = edited(ev.target(), lib.info().params) {
            library.texts.update(|t| {
                if let Some(slot) = t.get_mut(i) {
                    *slot = value;
                }
            });
        }
    };
    view! {
        <div
            class="fields library-fields"
            node_ref=container
            on:input=on_edit
            on:change=on_edit
            hidden=move || library.model.get().is_none()
        ></div>
    }
}
