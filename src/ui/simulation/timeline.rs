//! One run's writes over time: exponential backoff without jitter beside a
//! chosen mode (full jitter first), so lockstep spikes meet a spread.

use leptos::prelude::*;

use crate::core::format::{self, thousands};
use crate::core::sim::chart::{bars, legend_html, timeline_bars, timeline_svg};
use crate::core::sim::{Mode, SimConfig};

/// The chart of `mode`'s first run at the sweep's largest client count,
/// as SVG markup (empty if the run is refused).
fn chart(config: &SimConfig, mode: Mode) -> String {
    let Ok(t) = timeline_bars(config, mode, config.clients) else {
        return String::new();
    };
    let b = bars(&t);
    let title = format!(
        "Writes over time, {}, {} clients: {} writes, the last at {}",
        mode.label(),
        thousands(config.clients as u64),
        thousands(t.outcome.calls),
        format::total(t.outcome.time_ms)
    );
    timeline_svg(&b, &format!("sim-timeline-{}", mode.as_str()), &title)
}

/// The select `Mode for the timeline` and the two charts it drives.
#[component]
pub fn SimTimeline(
    /// The sweep whose first run is drawn.
    config: SimConfig,
) -> impl IntoView {
    let chosen = RwSignal::new(Mode::Full);
    let options = Mode::ALL
        .iter()
        .map(|&m| view! { <option value=m.as_str() selected=m == Mode::Full>{m.label()}</option> })
        .collect_view();
    // Without jitter first, for comparison, unless it is the mode chosen.
    let charts = move || match chosen.get() {
        Mode::Exponential => chart(&config, Mode::Exponential),
        mode => chart(&config, Mode::Exponential) + &chart(&config, mode),
    };
    let keys = legend_html(&[
        ("failed", "failed writes"),
        ("succeeded", "successful writes"),
    ]);
    view! {
        <h3>"Writes over time in one run"</h3>
        <p class="note">
            "The first run at the largest client count, each bar one slice of the run's own time span. Without jitter the clients that failed together retry together: spikes. Jitter spreads them out."
        </p>
        <div class="field sim-mode">
            <label for="sim-mode">"Mode for the timeline"</label>
            <select
                id="sim-mode"
                on:change:target=move |ev| {
                    chosen.set(Mode::parse(&ev.target().value()).unwrap_or(Mode::Full))
                }
            >
                {options}
            </select>
        </div>
        <div class="sim-charts" inner_html=charts></div>
        <p class="legend sim-legend" inner_html=keys></p>
    }
}
