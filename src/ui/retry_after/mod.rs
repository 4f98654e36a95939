//! The Retry-After tester: a field for a header value, read by
//! [`crate::core::retry_after::parse`] against the browser's clock, with a
//! date's wait counting down live. What it shows is in
//! [`result`] (words in
//! [`reading`]); the sample buttons in
//! [`examples`].

pub mod examples;
pub mod reading;
pub mod result;
pub mod server_wait;

use gloo_timers::callback::Interval;
use leptos::prelude::*;

use crate::core::retry_after::{parse, RetryAfter};
use crate::ui::retry_after::examples::{RetryAfterExamples, Sample};
use crate::ui::retry_after::reading::Reading;
use crate::ui::retry_after::result::RetryAfterResult;
use crate::ui::retry_after::server_wait::ApplyServerWait;
use crate::ui::state::{use_derived, use_retry_after};
use crate::ui::widgets::number_field::InputField;

/// How often a date's wait is worked out again while it counts down.
const TICK_MS: u32 = 250;

/// The current instant, Unix epoch ms.
fn clock() -> i64 {
    js_sys::Date::now() as i64
}

/// Whether the reading is a date still ahead of `now_ms`: the ticker runs
/// exactly then, so a changed maximum is always read against a fresh clock.
fn date_ahead(reading: &Reading, now_ms: i64) -> bool {
    matches!(reading, Ok(RetryAfter { instant_ms: Some(at), .. }) if *at > now_ms)
}

/// The Retry-After tester: a value field, its maximum, sample values and
/// the reading, in its own section of the page.
#[component]
pub fn RetryAfterTester() -> impl IntoView {
    let field = use_retry_after().max;
    // The maximum in force: the one set, else the deadline's.
    let max = use_derived().retry_after_max;
    let text = RwSignal::new(String::new());
    let now_ms = RwSignal::new(clock());
    // A memo: the data attributes, every line of the result and the ticker
    // read it, and a countdown tick must not re-parse for each of them.
    let reading = Memo::new(move |_| text.with(|t| parse(t, now_ms.get(), max.get())));
    let ahead = Memo::new(move |_| reading.with(|r| date_ahead(r, now_ms.get())));
    // The clock lives outside the reactive graph. While a date is ahead, an
    // interval moves `now_ms`; it is the effect's value, so it is dropped
    // (and cleared) when the date passes, the text changes or the page goes.
    Effect::new(move |_| {
        ahead
            .get()
            .then(|| Interval::new(TICK_MS, move || now_ms.set(clock())))
    });
    let on_pick = Callback::new(move |sample: Sample| {
        let now = clock();
        now_ms.set(now);
        text.set(sample.text(now));
    });
    view! {
        <section class="panel retry-after" aria-labelledby="ra-heading">
            <h2 id="ra-heading">"Retry-After tester"</h2>
            <p class="ra-intro" inner_html=INTRO></p>
            <div class="ra-grid">
                <div class="ra-fields">
                    <div class="field">
                        <label for="retry-after-value">"Retry-After value"</label>
                        <input
                            id="retry-after-value"
                            type="text"
                            autocomplete="off"
                            autocapitalize="off"
                            spellcheck="false"
                            aria-describedby="retry-after-value-hint"
                            prop:value=move || text.get()
                            on:input:target=move |ev| {
                                now_ms.set(clock());
                                text.set(ev.target().value());
                            }
                        />
                        <p class="hint" id="retry-after-value-hint">
                            "Only the value, such as 120 or Sun, 06 Nov 1994 08:49:37 GMT."
                        </p>
                    </div>
                    <InputField field=field />
                </div>
                <div class="ra-output">
                    <p class="ra-output-title">"How it is read"</p>
                    <RetryAfterResult reading />
                    <ApplyServerWait reading />
                </div>
                <RetryAfterExamples on_pick />
            </div>
        </section>
    }
}

/// What the header does and where the rules come from: static prose, so
/// written as markup rather than as views (each text run and link as a
/// view costs wasm).
const INTRO: &str = "A server that answers <a href=\"https://www.rfc-editor.org/rfc/rfc6585#section-4\">429 Too Many Requests (RFC 6585 §4)</a> or 503 may send a Retry-After header saying when to come back. <a href=\"https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3\">RFC 9110 §10.2.3</a> allows a whole number of seconds or an HTTP date in one of the three shapes of <a href=\"https://www.rfc-editor.org/rfc/rfc9110#section-5.6.7\">§5.6.7</a>. This tester reads a value as a strict client would: anything else is refused and the computed backoff applies, and the wait is clamped to a maximum.";
