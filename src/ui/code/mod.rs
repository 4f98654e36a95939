//! Generated retry code: one ARIA tab per language, the code of the chosen
//! one, the Retry-After switch and a copy button.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

use crate::ui::library::OwnPolicyNote;
use wasm_bindgen::JsCast;

use crate::core::highlight::to_html;
use crate::core::snippets::{write, Lang, Options};
use crate::ui::state::{use_code, use_derived, use_policy};
use crate::ui::widgets::checkbox::Checkbox;
use crate::ui::widgets::clipboard::copy_text;
use crate::ui::widgets::number_field::InputField;
use crate::ui::widgets::stale_note::StaleNote;

/// How long the code waits for the policy to stop changing.
const SETTLE_MS: u32 = 150;

/// `source`, once it has stayed the same for [`SETTLE_MS`]: a timer is
/// the outside world here, so an effect starts it and a newer change drops
/// (cancels) the older timer. Setting the returned signal catches up at
/// once.
fn settled<T: Clone + PartialEq + Send + Sync + 'static>(source: Memo<T>) -> RwSignal<T> {
    let value = RwSignal::new(source.get_untracked());
    Effect::new(move |previous: Option<Option<Timeout>>| {
        let next = source.get();
        previous.map(|_| Timeout::new(SETTLE_MS, move || value.set(next)))
    });
    value
}

/// The tab to select after a navigation key, following the WAI-ARIA tabs
/// pattern: arrows wrap around, Home and End jump to the ends.
fn next_tab(current: Lang, key: &str) -> Option<Lang> {
    let all = Lang::ALL;
    let i = all.iter().position(|l| *l == current)?;
    let n = all.len();
    match key {
        "ArrowRight" => Some(all[(i + 1) % n]),
        "ArrowLeft" => Some(all[(i + n - 1) % n]),
        "Home" => Some(all[0]),
        "End" => Some(all[n - 1]),
        _ => None,
    }
}

fn focus_tab(lang: Lang) {
    if let Some(tab) = document()
        .get_element_by_id(&format!("tab-{}", lang.as_str()))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = tab.focus();
    }
}

/// Retry code for the current policy in six languages, each following the
/// same contract, with a copy button that copies the code of the current
/// inputs (the panel catches up then if typing had not paused).
#[component]
pub fn CodeTabs() -> impl IntoView {
    let (choices, deadline, ra_max) = (
        use_code(),
        use_policy().deadline,
        use_derived().retry_after_max,
    );
    let lang = choices.lang.value;
    // A memo: the panel and the copy button both read the text.
    // The code follows the policy once typing pauses: writing and
    // colouring a snippet costs more than the table's own update, and no
    // one reads code mid-keystroke.
    let current = use_derived().policy;
    let policy = settled(current);
    let status = RwSignal::new("");
    let code = Memo::new(move |_| {
        let options = Options {
            honor_retry_after: choices.honor.get(),
            retry_after_max_ms: ra_max.get(),
            deadline_ms: deadline.valid.get(),
            idempotency_key: choices.idem.get(),
            attempt_timeout_ms: choices.timeout.valid.get(),
            retry_budget: choices.budget.get(),
        };
        policy.with(|p| write(lang.get(), p, &options))
    });
    // Copy code copies the code of the inputs as they are now: the panel
    // catches up first, so it shows what was copied.
    let copy = move |_| {
        policy.set(current.get_untracked());
        copy_text(code.get_untracked(), status);
    };
    let select = move |l: Lang| lang.set(l);
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        if let Some(next) = next_tab(lang.get_untracked(), &ev.key()) {
            ev.prevent_default();
            select(next);
            focus_tab(next);
        }
    };
    let tabs = Lang::ALL
        .into_iter()
        .map(|l| {
            let selected = move || lang.get() == l;
            view! {
                <button
                    type="button"
                    role="tab"
                    id=format!("tab-{}", l.as_str())
                    aria-controls="code-panel"
                    aria-selected=move || if selected() { "true" } else { "false" }
                    tabindex=move || if selected() { "0" } else { "-1" }
                    class="tab"
                    on:click=move |_| select(l)
                >
                    {l.label()}
                </button>
            }
        })
        .collect_view();
    view! {
        <section class="panel code" aria-labelledby="code-heading">
            <h2 id="code-heading">"Retry code"</h2>
            <OwnPolicyNote what="This code follows" />
            <p class="code-intro">
                "Each snippet uses the policy above and follows one contract: it retries 408, 429, 5xx but 501, 505, 511, and network errors, hands any other response back at once, keeps the computed wait for a Retry-After of 0 or a past date, bounds each attempt by the attempt timeout (and the deadline), retries only idempotent methods unless the Idempotency-Key header is on, and says plainly when the retries run out. With the retry budget on, every call in the process shares one token bucket (10 tokens; each answer not retried puts back 0.1): a retry is made only while it holds a token."
            </p>
            <div class="code-bar">
                <div role="tablist" aria-label="Language" class="tabs" on:keydown=on_keydown>
                    {tabs}
                </div>
                <div class="checks">
                    <Checkbox label="Honor Retry-After" value=choices.honor.value />
                    <Checkbox label="Idempotency-Key header" value=choices.idem.value />
                    <Checkbox label="Retry budget" value=choices.budget.value />
                </div>
                <div class="fields code-fields">
                    <InputField field=choices.timeout />
                </div>
            </div>
            <StaleNote what="This code uses" own_policy=true />
            <div
                id="code-panel"
                role="tabpanel"
                tabindex="0"
                aria-labelledby=move || format!("tab-{}", lang.get().as_str())
                class="code-panel"
            >
                <pre><code inner_html=move || code.with(|c| to_html(lang.get(), c))></code></pre>
            </div>
            <div class="code-actions">
                <button type="button" on:click=copy>
                    "Copy code"
                </button>
                <span class="status" role="status">{move || status.get()}</span>
                <p class="run-hint">{move || lang.get().run_hint()}</p>
            </div>
        </section>
    }
}
