//! What the tester shows for a reading: a prompt for an empty field, the
//! facts of a value that was read, or the reason it was refused.
//!
//! The result element (`data-testid="retry-after-result"`) exists only once
//! the field holds something: empty text (or only spaces and tabs, which the
//! core also calls empty) shows a neutral prompt instead. A refused value
//! carries `data-form="invalid"` and no `data-wait-ms`, because no wait comes
//! from the header; `data-instant-ms` is there for dates only.

use leptos::prelude::*;

use crate::core::retry_after::RetryAfterError;
use crate::ui::retry_after::reading::{
    clamped_text, data_form, data_instant_ms, data_wait_ms, form_label, instant_text, note,
    nothing, reason_text, result_class, wait_live, wait_role, wait_text, Part, Reading,
};
use crate::ui::widgets::bind::bind;

/// A closure showing one part. Every line uses this one closure type, so the
/// code that renders a reactive text is generated once, not once per line:
/// that keeps the wasm smaller.
fn show(reading: Memo<Reading>, part: Part) -> impl Fn() -> String + Copy + Send + Sync {
    bind(reading, part)
}

/// Like [`show`], for an attribute that is left out when the part is empty.
fn attr(reading: Memo<Reading>, part: Part) -> impl Fn() -> Option<String> + Copy + Send + Sync {
    move || Some(reading.with(part)).filter(|v| !v.is_empty())
}

/// Whether to hide the element showing a part: when it is empty.
fn hide(reading: Memo<Reading>, part: Part) -> impl Fn() -> bool + Copy + Send + Sync {
    move || reading.with(|r| part(r).is_empty())
}

/// One line of the facts: a label and the parts that fill it.
struct Fact {
    label: &'static str,
    /// The line's classes.
    class: &'static str,
    text: Part,
    /// The text's `role`, if any.
    role: Part,
    /// The text's `aria-live`, if any.
    live: Part,
}

const FACTS: [Fact; 4] = [
    Fact {
        label: "Form",
        class: "ra-fact",
        text: form_label,
        role: nothing,
        live: nothing,
    },
    Fact {
        label: "Instant",
        class: "ra-fact",
        text: instant_text,
        role: nothing,
        live: nothing,
    },
    Fact {
        label: "Wait",
        class: "ra-fact ra-wait",
        text: wait_text,
        role: wait_role,
        live: wait_live,
    },
    Fact {
        label: "Clamped",
        class: "ra-fact",
        text: clamped_text,
        role: nothing,
        live: nothing,
    },
];

/// The result area, inside a polite live region: a prompt while the field
/// is empty, otherwise one block whose lines hide when they have nothing to
/// say. One fixed structure, rather than a view per kind of reading, keeps
/// the wasm small, and a countdown tick only rewrites text.
#[component]
pub fn RetryAfterResult(
    /// The reading of the field's text, against the current clock.
    reading: Memo<Reading>,
) -> impl IntoView {
    let empty = Memo::new(move |_| reading.with(|r| matches!(r, Err(RetryAfterError::Empty))));
    let result = move || {
        let facts = FACTS
            .iter()
            .map(|fact| {
                view! {
                    <div class=fact.class hidden=hide(reading, fact.text)>
                        <dt>{fact.label}</dt>
                        // The role sits on a span: a `dd` may not take `timer`.
                        <dd>
                            <span role=attr(reading, fact.role) aria-live=attr(reading, fact.live)>
                                {show(reading, fact.text)}
                            </span>
                        </dd>
                    </div>
                }
            })
            .collect_view();
        view! {
            <div
                class=show(reading, result_class)
                data-testid="retry-after-result"
                data-form=attr(reading, data_form)
                data-wait-ms=attr(reading, data_wait_ms)
                data-instant-ms=attr(reading, data_instant_ms)
            >
                <dl class="ra-facts">{facts}</dl>
                <p class="ra-reason" hidden=hide(reading, reason_text)>
                    <strong>"Refused. "</strong>
                    <span data-testid="retry-after-reason">{show(reading, reason_text)}</span>
                </p>
                <p class="ra-note">{show(reading, note)}</p>
            </div>
        }
    };
    view! {
        <div class="ra-live" aria-live="polite">
            <p class="ra-prompt" hidden=move || !empty.get()>
                "Paste a header value, or pick an example."
            </p>
            {move || (!empty.get()).then(result)}
        </div>
    }
}
