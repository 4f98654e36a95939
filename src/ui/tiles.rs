//! The four summary tiles and the sentence under them.

use leptos::prelude::*;

use crate::core::format;
use crate::core::schedule::summary_sentence;
use crate::ui::state::use_state;

/// Total wait, range, expected total and attempts, each with its exact
/// value in a `data-` attribute.
#[component]
pub fn SummaryTiles() -> impl IntoView {
    let schedule = use_state().schedule;
    let total = move || schedule.with(|s| s.total_ms);
    let min = move || schedule.with(|s| s.range_min_ms);
    let max = move || schedule.with(|s| s.range_max_ms);
    let expected = move || schedule.with(|s| s.expected_total_ms);
    let attempts = move || schedule.with(|s| s.attempts);
    let simulated = move || schedule.with(|s| s.expected_is_simulated);
    view! {
        <section class="tiles" aria-label="Summary">
            <div class="tile" data-testid="total-wait" data-ms=move || total().to_string()>
                <span class="tile-label">"Total wait"</span>
                <span class="tile-value"><span>{move || format::total(total())}</span></span>
                <span class="tile-note">"this sample"</span>
            </div>
            <div
                class="tile"
                data-testid="range"
                data-min-ms=move || min().to_string()
                data-max-ms=move || max().to_string()
            >
                <span class="tile-label">"Range"</span>
                <span class="tile-value">
                    <span>{move || format!("{} –", format::total(min()))}</span>
                    " "
                    <span>{move || format::total(max())}</span>
                </span>
                <span class="tile-note">"best to worst case"</span>
            </div>
            <div class="tile" data-testid="expected-total" data-ms=move || expected().to_string()>
                <span class="tile-label">"Expected total"</span>
                <span class="tile-value"><span>{move || format::total(expected())}</span></span>
                <span class="tile-note">
                    {move || if simulated() { "mean of 2,000 simulated runs" } else { "on average" }}
                </span>
            </div>
            <div class="tile" data-testid="attempts" data-count=move || attempts().to_string()>
                <span class="tile-label">"Attempts"</span>
                <span class="tile-value"><span>{move || format::thousands(attempts())}</span></span>
                <span class="tile-note">"first try + retries"</span>
            </div>
        </section>
        <p class="summary" data-testid="summary" aria-live="polite">
            {move || schedule.with(summary_sentence)}
        </p>
    }
}
