//! What the numbers mean, the edge cases the current policy hits, and what
//! the schedule leaves out. All prose is ours.

use leptos::prelude::*;

use crate::core::schedule::edge_notes;
use crate::ui::state::use_state;

/// Notes for the edge cases of the current policy (base 0, base above the
/// cap, multiplier 1, …), shown just under the table.
#[component]
pub fn EdgeNotes() -> impl IntoView {
    let policy = use_state().policy;
    view! {
        <ul class="edge-notes" aria-live="polite">
            {move || {
                policy
                    .with(edge_notes)
                    .into_iter()
                    .map(|n| view! { <li>{n}</li> })
                    .collect_view()
            }}
        </ul>
    }
}

/// How to read the table, and the limits of the model.
#[component]
pub fn Explainer() -> impl IntoView {
    view! {
        <section class="explainer" aria-labelledby="explainer-heading">
            <h2 id="explainer-heading">"Reading the schedule"</h2>
            <dl>
                <dt>"Retry"</dt>
                <dd>
                    "Retry k follows k failed attempts. Its backoff is "
                    <code>"min(cap, base × multiplier^(k−1))"</code>
                    ", so retry 1 waits about the base delay. A “cap” badge marks retries whose backoff has reached the max delay."
                </dd>
                <dt>"Sampled delay"</dt>
                <dd>"One draw of the jitter from a seeded generator. The seed is in the link, so a shared link shows the same draw; “Re-roll jitter” moves to the next seed."</dd>
                <dt>"Min – max"</dt>
                <dd>"Every value the jitter can produce for that retry. The sum of the maximums is the worst case to hold against a deadline."</dd>
                <dt>"Expected"</dt>
                <dd>"The average wait for that retry: exact for none, full, equal and proportional jitter; for decorrelated jitter, the mean of 2,000 simulated runs."</dd>
                <dt>"Cumulative wait"</dt>
                <dd>"The running total of the sampled delays."</dd>
            </dl>
            <p>
                "Counting differs between sources. The simulator in the AWS Architecture Blog post "
                <a href="https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/">"“Exponential Backoff And Jitter”"</a>
                " (Marc Brooker, 2015) counts the failed attempt first, so its first retry waits 2 × base. It is the same curve shifted by one step: to match it here, double the base delay."
            </p>
            <h3>"What this does not model"</h3>
            <p>
                "Only the client's waits are counted: not the time each request takes, server time or timeouts. A production client also needs a total deadline, a circuit breaker, retry metrics, retries at one layer only, and idempotent requests (or an idempotency key) for anything it repeats."
            </p>
        </section>
    }
}
