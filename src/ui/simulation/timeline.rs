//! One run's writes over time: exponential backoff without jitter beside a
//! chosen mode (full jitter first), so lockstep spikes meet a spread.

use leptos::prelude::*;

use crate::core::format::{self, thousands};
use crate::core::sim::chart::{bars_alike, legend_html, timeline_svg};
use crate::core::sim::{Mode, SimConfig};

/// The charts of `modes`' first runs at the sweep's largest client count,
/// on one time scale and one height scale, as SVG markup (empty if a run
/// is refused).
fn charts(config: &SimConfig, modes: &[Mode]) -> String {
    let Ok(charts) = bars_alike(config, modes, config.clients) else {
        return String::new();
    };
    modes
        .iter()
        .zip(charts)
        .map(|(mode, (t, b))| {
            let title = format!(
                "Writes over time, {}, {} clients: {} writes, the last at {}",
                mode.label(),
                thousands(config.clients as u64),
                thousands(t.outcome.calls),
                format::total(t.outcome.time_ms)
            );
            timeline_svg(&b, &format!("sim-timeline-{}", mode.as_str()), &title)
        })
        .collect()
}

/// The select `Mode for the timeline` and the two charts it drives.
#[component]
pub fn SimTimeline(
    /// The sweep whose first run is drawn.
    config: SimConfig,
) -> impl IntoView {
    let chosen = RwSignal::new(Mode::Full);
    let options = config
        .modes()
        .iter()
        .map(|&m| view! { <option value=m.as_str() selected=m == Mode::Full>{m.label()}</option> })
        .collect_view();
    // Without jitter first, for comparison, unless it is the mode chosen.
    let charts = move || match chosen.get() {
        Mode::Exponential => charts(&config, &[Mode::Exponential]),
        mode => charts(&config, &[Mode::Exponential, mode]),
    };
    let keys = legend_html(&[
        ("failed", "failed writes"),
        ("succeeded", "successful writes"),
    ]);
    view! {
        <h3>"Writes over time in one run"</h3>
        <p class="note">
            "The first run at the largest client count, both charts on the same scales. Without jitter the clients that failed together retry together: spikes. Jitter spreads them out."
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
