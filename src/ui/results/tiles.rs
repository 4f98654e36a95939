//! The four summary tiles and the sentence under them.

use leptos::prelude::*;

use crate::core::decimal_text::shortest;
use crate::core::format;
use crate::core::schedule::summary_sentence;
use crate::ui::widgets::bind::sched;

/// Total wait, range, expected total and attempts, each with its exact
/// value in a `data-` attribute.
#[component]
pub fn SummaryTiles() -> impl IntoView {
    view! {
        <section class="tiles" aria-label="Summary">
            <div class="tile" data-testid="total-wait" data-ms=sched(|s| shortest(s.total_ms))>
                <span class="tile-label">"Total wait"</span>
                <span class="tile-value"><span>{sched(|s| format::total(s.total_ms))}</span></span>
                <span class="tile-note">"this sample"</span>
            </div>
            <div
                class="tile"
                data-testid="range"
                data-min-ms=sched(|s| shortest(s.range_min_ms))
                data-max-ms=sched(|s| shortest(s.range_max_ms))
            >
                <span class="tile-label">"Range"</span>
                <span class="tile-value">
                    <span>{sched(|s| format!("{} –", format::total(s.range_min_ms)))}</span>
                    " "
                    <span>{sched(|s| format::total(s.range_max_ms))}</span>
                </span>
                <span class="tile-note">"best to worst case"</span>
            </div>
            <div class="tile" data-testid="expected-total" data-ms=sched(|s| shortest(s.expected_total_ms))>
                <span class="tile-label">"Expected total"</span>
                <span class="tile-value"><span>{sched(|s| format::total(s.expected_total_ms))}</span></span>
                <span class="tile-note">
                    {sched(|s| {
                        if s.expected_is_simulated { "mean of simulated runs" } else { "on average" }
                            .to_string()
                    })}
                </span>
            </div>
            <div class="tile" data-testid="attempts" data-count=sched(|s| s.attempts.to_string())>
                <span class="tile-label">"Attempts"</span>
                <span class="tile-value"><span>{sched(|s| format::thousands(s.attempts))}</span></span>
                <span class="tile-note">"first try + retries"</span>
            </div>
        </section>
        <p class="summary" data-testid="summary" aria-live="polite">
            {sched(summary_sentence)}
        </p>
    }
}
