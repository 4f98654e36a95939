//! The caller's deadline: whether the schedule fits it, and the largest
//! cap and the most retries that would.

use leptos::prelude::*;

use crate::core::fit::{deadline_fit_counting, CapFit};
use crate::core::format;
use crate::ui::state::{use_code, use_derived, use_library, use_policy};

/// Says whether the worst case and the expected total fit the deadline,
/// then (for the page's own policy, whose code bounds each attempt) the
/// worst case with every attempt running to its timeout, then the largest
/// cap that fits at the current retries (with a button that applies it)
/// and the most retries that fit at the current cap. Nothing without a
/// deadline.
#[component]
pub fn DeadlineSummary() -> impl IntoView {
    let (derived, inputs) = (use_derived(), use_policy());
    let check = move || {
        let deadline = derived.deadline.get()?;
        Some(derived.schedule.with(|s| s.against_deadline(deadline)))
    };
    // Exact for every mode: a binary search over whole milliseconds in the
    // core, run only when the policy, the deadline or the server's wait
    // changes. An applied wait is counted, as the schedule counts it.
    // The fit changes the page's own cap and retries: not for a library,
    // whose own fields say how it counts and caps.
    let model = use_library().model;
    // The retry code's attempts, each running to its timeout (the code
    // follows the page's own policy, not a library's): counted by the fit
    // as by the sentence, so the cap offered leaves them their time.
    let timeout = use_code().timeout.valid;
    let fit = Memo::new(move |_| {
        if model.get().is_some() {
            return None;
        }
        let deadline = inputs.deadline.valid.get()?;
        // A stored wait beyond the current retries counts too: the retries
        // the fit suggests may reach it.
        let wait = derived.server_wait.get().and_then(|w| w.counted());
        Some(
            derived
                .policy
                .with(|p| deadline_fit_counting(p, deadline, wait, timeout.get())),
        )
    });
    // The same attempts are said in the summary's paragraph: one more
    // element would cost the first screen's wasm.
    let apply = move |cap: u64| inputs.cap.text.set(cap.to_string());
    let fit_view = move || {
        fit.get().map(|f| {
            let current = derived.policy.with_untracked(|p| p.cap_ms);
            let button = match f.cap {
                CapFit::Largest(cap) if cap != current => Some(view! {
                    <button type="button" class="secondary" on:click=move |_| apply(cap)>
                        {format!("Use cap {}", format::delay(cap as f64))}
                    </button>
                }),
                _ => None,
            };
            view! {
                <div
                    class="deadline-fit"
                    data-testid="deadline-fit"
                    data-max-cap-ms=f.cap.cap_ms().map(|c| c.to_string())
                    data-max-retries=f.retries.count().to_string()
                >
                    <p>{f.sentence()}</p>
                    {button}
                </div>
            }
        })
    };
    // The wrapper stays in the page so changes to the sentence are announced.
    let sentence = move || {
        check().map(|c| {
            let timeouts = match model.get() {
                Some(_) => None,
                None => Some(
                    derived
                        .schedule
                        .with(|s| s.with_attempt_timeouts(c.deadline_ms, timeout.get())),
                ),
            };
            let text = match timeouts {
                Some(t) => format!("{} {}", c.sentence(), t.sentence()),
                None => c.sentence(),
            };
            view! {
                <p
                    class="deadline-summary"
                    class:misses=!c.worst_case_fits
                    data-testid="deadline-summary"
                    data-fit-worst=c.retries_fit_worst_case
                    data-timeouts-fit=timeouts.map(|t| t.fits().to_string())
                    data-attempts-fit=timeouts.map(|t| t.attempts_fit.to_string())
                >
                    {text}
                </p>
            }
        })
    };
    view! {
        <div aria-live="polite">
            {sentence}
            {fit_view}
        </div>
    }
}
