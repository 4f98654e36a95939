//! "Apply to retry N": puts the tester's clamped wait into the schedule in
//! place of one retry's computed delay.

use leptos::prelude::*;

use crate::core::format;
use crate::core::policy::parse_whole;
use crate::ui::field::NumberField;
use crate::ui::retry_after_text::Reading;
use crate::ui::state::use_state;

/// Chooses a retry and puts the header's wait in its place; shows what is
/// applied now and clears it.
#[component]
pub fn ApplyServerWait(
    /// The tester's current reading.
    reading: Memo<Reading>,
) -> impl IntoView {
    let state = use_state();
    let text = RwSignal::new("1".to_string());
    let retry = Memo::new(move |_| {
        let max = state.retries.valid.get().max(1) as u64;
        text.with(|t| parse_whole(t, 1, max)).map(|n| n as u32)
    });
    let wait = move || reading.with(|r| r.as_ref().ok().map(|r| r.wait_ms));
    let label = move || match retry.get() {
        Ok(n) => format!("Apply to retry {n}"),
        Err(_) => "Apply to retry".to_string(),
    };
    let apply = move |_| {
        if let (Ok(n), Some(ms)) = (retry.get_untracked(), untrack(wait)) {
            state.server_wait.set(Some((n, ms)));
        }
    };
    let applied = move || {
        state.server_wait.get().map(|(n, ms)| {
            view! {
                <p class="applied">
                    {format!("Retry {n} waits the server's {} in the schedule. ", format::delay(ms as f64))}
                    <button type="button" class="secondary" on:click=move |_| state.server_wait.set(None)>
                        "Clear server wait"
                    </button>
                </p>
            }
        })
    };
    view! {
        <div class="apply-wait">
            <NumberField
                label="Retry number"
                id="apply-retry"
                text
                error=Signal::derive(move || retry.get().err().map(|e| e.to_string()))
            />
            <button
                type="button"
                on:click=apply
                disabled=move || retry.with(Result::is_err) || wait().is_none()
            >
                {label}
            </button>
            {applied}
        </div>
    }
}
