//! The caller's deadline: the sentence that says what fits.

use leptos::prelude::*;

use crate::ui::state::use_state;

/// Says whether the worst case and the expected total fit the deadline,
/// and how many retries fit in the worst case. Nothing without a deadline.
#[component]
pub fn DeadlineSummary() -> impl IntoView {
    let state = use_state();
    let check = move || {
        let deadline = state.deadline.valid.get()?;
        Some(state.schedule.with(|s| s.against_deadline(deadline)))
    };
    // The wrapper stays in the page so changes to the sentence are announced.
    let sentence = move || {
        check().map(|c| {
            view! {
                <p
                    class="deadline-summary"
                    class:misses=!c.worst_case_fits
                    data-testid="deadline-summary"
                    data-fit-worst=c.retries_fit_worst_case
                >
                    {c.sentence()}
                </p>
            }
        })
    };
    view! { <div aria-live="polite">{sentence}</div> }
}
