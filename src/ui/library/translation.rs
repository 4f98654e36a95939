//! The page's policy written for a library: the `Library` select, the
//! closest config, and `library-diff`, one item per field the library
//! cannot do as the page does.

use leptos::prelude::*;

use crate::core::library::LibId;
use crate::ui::library::ConfigBlock;
use crate::ui::state::{use_derived, use_library};

/// The `Library` select and what the page's policy becomes in it.
#[component]
pub fn Translation() -> impl IntoView {
    let (library, derived) = (use_library(), use_derived());
    let to = library.to;
    let translated = Memo::new(move |_| {
        let lib = to.get()?;
        let deadline = derived.deadline.get();
        Some(derived.policy.with(|p| lib.model().translate(p, deadline)))
    });
    let on_change =
        move |ev: leptos::ev::Targeted<leptos::ev::Event, web_sys::HtmlSelectElement>| {
            to.set(LibId::parse(&ev.target().value()));
        };
    let result = move || {
        let lib = to.get()?;
        let text = Signal::derive(move || {
            translated
                .with(|t| t.as_ref().map(|t| lib.model().config(&t.values)))
                .unwrap_or_default()
        });
        let diff = move || {
            translated.with(|t| {
                t.as_ref().map(|t| {
                    let items = t
                        .diffs
                        .iter()
                        .map(|d| view! { <li data-field=d.field>{d.text.clone()}</li> })
                        .collect_view();
                    let lead = if t.exact() {
                        "It does exactly what this page's policy does."
                    } else {
                        "Where it cannot do what this page's policy does:"
                    };
                    view! {
                        <div data-testid="library-diff" data-exact=t.exact().to_string()>
                            <p>{lead}</p>
                            <ul>{items}</ul>
                        </div>
                    }
                })
            })
        };
        Some(view! {
            {diff}
            <ConfigBlock text />
        })
    };
    view! {
        <div class="field">
            <label for="to">"Library"</label>
            <select id="to" on:change:target=on_change>
                <option value="" prop:selected=move || to.get().is_none()>"Choose a library"</option>
                {LibId::all()
                    .map(|lib| view! { <option value=lib.id() prop:selected=move || to.get() == Some(lib)>{lib.name()}</option> })
                    .collect_view()}
            </select>
            <p class="hint">"This page's policy, written for that library: the closest settings, and what they cannot match."</p>
        </div>
        {result}
    }
}
