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
            // With a library chosen, its own rule decides (its notes say how).
            let lib = model.get().map(|l| l.id());
            let said = note(status.get(), lib, n, ms);
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

/// What the note under "Apply" says of the server's `wait_ms` at retry
/// `n`, once decided (`status`), for the page's own policy or the library
/// `lib`.
fn note(status: Option<ServerWait>, lib: Option<&str>, n: u32, wait_ms: u64) -> String {
    let wait = format::delay(wait_ms as f64);
    match (status, lib) {
        (Some(ServerWait::NotHonored), Some(lib)) => format!(
            "The server's {wait} for retry {n} is not in the schedule: {lib} does not read Retry-After with these settings. "
        ),
        (Some(ServerWait::FallsBack { .. }), Some(lib)) => format!(
            "Retry {n} keeps its computed delay: the server asks for no wait, and {lib} then backs off as usual. "
        ),
        (Some(ServerWait::Applied { .. }), Some(lib)) => format!(
            "Retry {n} takes the server's {wait} as {lib} does (its notes say how). "
        ),
        (Some(ServerWait::Applied { wait_ms, clamped: true, .. }), None) => format!(
            "Retry {n} waits {} in the schedule: the server's {wait}, cut to Max Retry-After (ms). ",
            format::delay(wait_ms as f64)
        ),
        (Some(ServerWait::FallsBack { .. }), None) => format!(
            "Retry {n} keeps its computed delay: the server asks for no wait, and the code then backs off as usual, so a server cannot take the backoff away. "
        ),
        (Some(ServerWait::BeyondRetries { .. }), _) => format!(
            "The server's {wait} for retry {n} is not in the schedule: the policy has fewer retries. "
        ),
        (Some(ServerWait::NotHonored), None) => format!(
            "The server's {wait} for retry {n} is not in the schedule: Honor Retry-After is off, so the code would not wait for it either. "
        ),
        _ => format!("Retry {n} waits the server's {wait} in the schedule. "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_wait_says_the_retry_keeps_its_backoff() {
        let falls = Some(ServerWait::FallsBack { retry: 1 });
        assert!(note(falls, None, 1, 0).starts_with("Retry 1 keeps its computed delay"));
        assert!(note(falls, Some("urllib3"), 1, 0).contains("urllib3 then backs off"));
        let applied = Some(ServerWait::Applied {
            retry: 2,
            wait_ms: 3_000,
            clamped: false,
        });
        assert_eq!(
            note(applied, None, 2, 3_000),
            "Retry 2 waits the server's 3,000 ms (3.00 s) in the schedule. "
        );
    }
}
