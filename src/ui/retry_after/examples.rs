//! Sample `Retry-After` values a person can click into the tester: each
//! form the reader accepts, and a few it refuses.

use leptos::prelude::*;

use crate::core::retry_after::{format_date, Form};

/// A sample value: fixed text, or a date some seconds after now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    /// The text as it is.
    Fixed(&'static str),
    /// A date this many whole seconds from now, in the given shape.
    Ahead(Form, i64),
}

impl Sample {
    /// The text to put in the field. A date is rounded up to the next whole
    /// second first, so "in 90 s" never shows less than 90 s.
    pub fn text(self, now_ms: i64) -> String {
        match self {
            Sample::Fixed(text) => text.to_string(),
            Sample::Ahead(form, secs) => {
                let now_secs = now_ms.div_euclid(1_000) + i64::from(now_ms.rem_euclid(1_000) > 0);
                format_date(now_secs.saturating_add(secs), form)
            }
        }
    }
}

/// Values the reader accepts, with their button labels.
const ACCEPTED: [(&str, Sample); 6] = [
    ("Seconds: 120", Sample::Fixed("120")),
    ("Too long: 99999", Sample::Fixed("99999")),
    (
        "IMF-fixdate, 90 s ahead",
        Sample::Ahead(Form::ImfFixdate, 90),
    ),
    ("RFC 850, 90 s ahead", Sample::Ahead(Form::Rfc850, 90)),
    ("asctime, 90 s ahead", Sample::Ahead(Form::Asctime, 90)),
    (
        "A date in 1994",
        Sample::Fixed("Sun, 06 Nov 1994 08:49:37 GMT"),
    ),
];

/// Values the reader refuses, with their button labels.
const REFUSED: [(&str, Sample); 5] = [
    ("Fraction: 1.5", Sample::Fixed("1.5")),
    ("Negative: -1", Sample::Fixed("-1")),
    ("Exponent: 1e3", Sample::Fixed("1e3")),
    ("ISO 8601", Sample::Fixed("2026-11-29T22:00:00Z")),
    (
        "31 February",
        Sample::Fixed("Sun, 31 Feb 2026 08:00:00 GMT"),
    ),
];

/// Two rows of buttons, accepted and refused; a click hands its sample up.
#[component]
pub fn RetryAfterExamples(
    /// Called with the sample whose button was pressed.
    on_pick: Callback<Sample>,
) -> impl IntoView {
    let buttons = move |samples: &'static [(&'static str, Sample)]| {
        samples
            .iter()
            .map(|&(label, sample)| {
                view! {
                    <li>
                        <button type="button" class="secondary" on:click=move |_| on_pick.run(sample)>
                            {label}
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <div class="ra-examples">
            <p class="ra-examples-title" id="ra-accepted">"Try a value that is read"</p>
            <ul aria-labelledby="ra-accepted">{buttons(&ACCEPTED)}</ul>
            <p class="ra-examples-title" id="ra-refused">"Try a value that is refused"</p>
            <ul aria-labelledby="ra-refused">{buttons(&REFUSED)}</ul>
        </div>
    }
}
