//! The retry schedule table.

use leptos::prelude::*;

use crate::core::format;
use crate::core::schedule::Row;
use crate::ui::state::use_state;

/// A delay cell's markup: whole ms, then the seconds in a span that
/// narrow screens hide. Only digits and separators go in, so no escaping.
fn delay_html(ms: f64) -> String {
    match format::delay_parts(ms) {
        (millis, Some(secs)) => format!("{millis}<span class=\"secs\"> {secs}</span>"),
        (millis, None) => millis,
    }
}

/// One table row; every delay cell carries its unrounded value.
fn row_view(row: Row, past_deadline: bool) -> impl IntoView {
    view! {
        <tr class:capped=row.capped class:past-deadline=past_deadline class:server-wait=row.server_wait>
            <th scope="row">
                {row.retry}
                {row.capped.then(|| view! { <span class="badge" title="This backoff has reached the cap">"cap"</span> })}
                {row.server_wait.then(|| view! { <span class="badge server" title="The server's Retry-After wait replaces the computed delay">"server"</span> })}
                {past_deadline.then(|| view! { <span class="badge late" title="In the worst case this retry starts after the deadline">"past deadline"</span> })}
            </th>
            <td data-ms=row.sample_ms.to_string() inner_html=delay_html(row.sample_ms)></td>
            <td data-min-ms=row.min_ms.to_string() data-max-ms=row.max_ms.to_string()>
                {format::range(row.min_ms, row.max_ms)}
            </td>
            <td data-ms=row.expected_ms.to_string() inner_html=delay_html(row.expected_ms)></td>
            <td data-ms=row.cumulative_ms.to_string() inner_html=delay_html(row.cumulative_ms)></td>
        </tr>
    }
}

/// The schedule: one row per retry, read from the shared memo.
#[component]
pub fn ScheduleTable() -> impl IntoView {
    let state = use_state();
    let schedule = state.schedule;
    let rows = move || {
        let deadline = state.deadline.valid.get();
        schedule.with(|s| {
            let check = deadline.map(|d| s.against_deadline(d));
            s.rows
                .iter()
                .map(|r| row_view(*r, check.is_some_and(|c| c.is_past(r.retry))))
                .collect_view()
        })
    };
    let simulated = move || schedule.with(|s| s.expected_is_simulated);
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-labelledby="schedule-caption">
            <table class="schedule">
                <caption id="schedule-caption">"Retry schedule"</caption>
                <thead>
                    <tr>
                        <th scope="col">"Retry"</th>
                        <th scope="col">"Sampled delay"</th>
                        <th scope="col">"Min – max"</th>
                        <th scope="col">"Expected"</th>
                        <th scope="col">"Cumulative wait"</th>
                    </tr>
                </thead>
                <tbody>
                    {rows}
                </tbody>
            </table>
            {move || {
                schedule
                    .with(|s| s.rows.is_empty())
                    .then(|| view! { <p class="empty">"No retries: the first attempt is the only one."</p> })
            }}
        </div>
        <Show when=simulated>
            <p class="note">
                "Decorrelated jitter has no closed-form mean, so “Expected” is the average of 2,000 simulated runs (fixed seed, so it stays put when you re-roll)."
            </p>
        </Show>
    }
}
