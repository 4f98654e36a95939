//! The retry schedule table.

use leptos::prelude::*;

use crate::core::format;
use crate::core::schedule::Row;
use crate::ui::state::use_state;

/// A delay cell: its exact value in `data-ms`, whole ms as text, then the
/// seconds in a span that narrow screens hide. Text nodes, not HTML: an
/// update rewrites only the text that changed, with nothing to parse.
fn delay_cell(row: Memo<Row>, value: fn(&Row) -> f64) -> impl IntoView {
    let ms = move || row.with(value);
    view! {
        <td data-ms=move || ms().to_string()>
            {move || format::delay_parts(ms()).0}
            <span class="secs">
                {move || format::delay_parts(ms()).1.map(|s| format!(" {s}")).unwrap_or_default()}
            </span>
        </td>
    }
}

/// Row `i` of the table. Rows are keyed by position and update in place:
/// a re-roll or an input rewrites the cells' text and attributes, it does
/// not rebuild the rows. Every delay cell carries its unrounded value.
/// `fits` is how many retries fit the deadline in the worst case, if any.
fn row_view(i: usize, fits: Memo<Option<u32>>) -> impl IntoView {
    let schedule = use_state().schedule;
    // One memo per row, so a row whose numbers did not change is not touched.
    let row = Memo::new(move |_| schedule.with(|s| s.rows.get(i).copied().unwrap_or_default()));
    let past = move || fits.get().is_some_and(|n| row.with(|r| r.retry) > n);
    let cell = move |f: fn(&Row) -> f64| move || row.with(f).to_string();
    view! {
        <tr
            class:capped=move || row.with(|r| r.capped)
            class:past-deadline=past
            class:server-wait=move || row.with(|r| r.server_wait)
        >
            <th scope="row">
                {move || row.with(|r| r.retry)}
                {move || row.with(|r| r.capped).then(|| view! { <span class="badge" title="This backoff has reached the cap">"cap"</span> })}
                {move || row.with(|r| r.server_wait).then(|| view! { <span class="badge server" title="The server's Retry-After wait replaces the computed delay">"server"</span> })}
                {move || past().then(|| view! { <span class="badge late" title="In the worst case this retry starts after the deadline">"past deadline"</span> })}
            </th>
            {delay_cell(row, |r| r.sample_ms)}
            <td data-min-ms=cell(|r| r.min_ms) data-max-ms=cell(|r| r.max_ms)>
                {move || row.with(|r| format::range(r.min_ms, r.max_ms))}
            </td>
            {delay_cell(row, |r| r.expected_ms)}
            {delay_cell(row, |r| r.cumulative_ms)}
        </tr>
    }
}

/// The schedule: one row per retry, read from the shared memo.
#[component]
pub fn ScheduleTable() -> impl IntoView {
    let state = use_state();
    let schedule = state.schedule;
    let count = Memo::new(move |_| schedule.with(|s| s.rows.len()));
    // Worked out once for the table, not once per row.
    let fits = Memo::new(move |_| {
        let deadline = state.deadline.valid.get()?;
        Some(schedule.with(|s| s.against_deadline(deadline).retries_fit_worst_case))
    });
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
                    <For each=move || 0..count.get() key=|i| *i children=move |i| row_view(i, fits) />
                </tbody>
            </table>
            <Show when=move || count.get() == 0>
                <p class="empty">"No retries: the first attempt is the only one."</p>
            </Show>
        </div>
        <p class="scroll-hint">"On a narrow screen the table scrolls sideways."</p>
        <Show when=simulated>
            <p class="note">
                "Decorrelated jitter has no closed-form mean, so “Expected” is the average of 2,000 simulated runs (fixed seed, so it stays put when you re-roll)."
            </p>
        </Show>
    }
}
