//! "Apply to retry N": puts the tester's clamped wait into the schedule in
//! place of one retry's computed delay.

use leptos::prelude::*;

use crate::core::format;
use crate::core::policy::parse_whole;
use crate::core::server_wait::ServerWait;
use crate::ui::retry_after::reading::Reading;
use crate::ui::state::{use_derived, use_library, use_retry_after};
use crate::ui::widgets::number_field::NumberField;

/// Chooses a retry and puts the header's wait in its place; shows what is
/// applied now and clears it.
#[component]
pub fn ApplyServerWait(
    /// The tester's current reading.
    reading: Memo<Reading>,
) -> impl IntoView {
    let server_wait = use_retry_after().server_wait;
    let (derived, model) = (use_derived(), use_library().model);
    let status = derived.server_wait;
    let text = RwSignal::new("1".to_string());
    let retry = Memo::new(move |_| {
        // The schedule's retries: the page's policy or the chosen library.
        let max = derived.schedule.with(|s| s.rows.len()).max(1) as u64;
        text.with(|t| parse_whole(t, 1, max)).map(|n| n as u32)
    });
    let wait = move || reading.with(|r| r.as_ref().ok().map(|r| r.wait_ms));
    let label = move || match retry.get() {
        Ok(n) => format!("Apply to retry {n}"),
        Err(_) => "Apply to retry".to_string(),
    };
    let apply = move |_| {
        if let (Ok(n), Some(ms)) = (retry.get_untracked(), untrack(wait)) {
            server_wait.set(Some((n, ms)));
        }
    };
    let applied = move || {
        server_wait.get().map(|(n, ms)| {
            let wait = format::delay(ms as f64);
            // With a library chosen, its own rule decides (its notes say how).
            let lib = model.get().map(|l| l.id());
            let said = match (status.get(), lib) {
                (Some(ServerWait::NotHonored), Some(lib)) => format!(
                    "The server's {wait} for retry {n} is not in the schedule: {lib} does not read Retry-After with these settings. "
                ),
                (Some(ServerWait::Applied { .. }), Some(lib)) => format!(
                    "Retry {n} takes the server's {wait} as {lib} does (its notes say how). "
                ),
                (s, _) => match s {
                Some(ServerWait::Applied { wait_ms, clamped: true, .. }) => format!(
                    "Retry {n} waits {} in the schedule: the server's {wait}, cut to Max Retry-After (ms). ",
                    format::delay(wait_ms as f64)
                ),
                Some(ServerWait::BeyondRetries { .. }) => format!(
                    "The server's {wait} for retry {n} is not in the schedule: the policy has fewer retries. "
                ),
                Some(ServerWait::NotHonored) => format!(
                    "The server's {wait} for retry {n} is not in the schedule: Honor Retry-After is off, so the code would not wait for it either. "
                ),
                _ => format!("Retry {n} waits the server's {wait} in the schedule. "),
                },
            };
            view! {
                <p class="applied" data-testid="server-wait-note">
                    {said}
                    <button type="button" class="secondary" on:click=move |_| server_wait.set(None)>
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
