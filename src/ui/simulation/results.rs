//! A finished sweep as the study shows it: a sentence, the two line charts
//! and the `Contention results` table (with buttons that copy it as
//! Markdown or download it as CSV), then one run's writes over time.
//!
//! Everything is drawn from plain data inside one reactive closure, which
//! re-renders the block when a run finishes: results change rarely, and
//! static views cost far less code than a closure per cell or point. The
//! charts come from the core as finished SVG markup, set as one element's
//! content: that keeps their rendering code out of the wasm.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::format::thousands;
use crate::core::sim::chart::{legend_html, line_chart, line_svg, results_rows_html, Metric};
use crate::core::sim::{summary_sentence, ModeResult, SimConfig};
use crate::ui::simulation::timeline::SimTimeline;
use crate::ui::widgets::export_row::{export_row, Exported};
use crate::ui::widgets::scroll_table::ScrollTable;

/// A sweep that ran to the end, with what it was run for.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The clients, runs, seed and policy simulated.
    pub config: SimConfig,
    /// The means of every mode at every client count.
    pub results: Vec<ModeResult>,
}

/// The last sweep that ran to the end, if any, and whether it was run for
/// the inputs on the page now: written by the simulation, read by its
/// results and the exports. Passed as a prop, not a context: a context of
/// a new type costs the first screen's wasm.
#[derive(Clone, Copy)]
pub struct LastRun {
    /// The sweep.
    pub finished: RwSignal<Option<Arc<Finished>>>,
    /// True from the end of a run until an input it depends on (policy,
    /// seed, `Clients`, `Runs`) changes.
    pub current: RwSignal<bool>,
    /// The last load study that ran to the end (`src/ui/load/`).
    pub load: RwSignal<Option<Arc<crate::core::load::StudyResult>>>,
    /// True from the end of a load run until an input it depends on
    /// changes.
    pub load_current: RwSignal<bool>,
}

impl LastRun {
    /// No run yet.
    pub fn new() -> Self {
        LastRun {
            finished: RwSignal::new(None),
            current: RwSignal::new(false),
            load: RwSignal::new(None),
            load_current: RwSignal::new(false),
        }
    }
}

/// The block for one finished sweep.
fn render(f: &Finished, last: LastRun) -> impl IntoView {
    let c = &f.config;
    let about = format!(
        "Means over {} runs per figure, seed {}, for up to {} clients.",
        thousands(c.runs as u64),
        c.seed,
        thousands(c.clients as u64)
    );
    let charts = [
        line_svg(
            &line_chart(&f.results, Metric::Calls),
            "sim-calls-title",
            "Calls per run (the work) against clients, one line per mode",
            "calls per run",
        ),
        line_svg(
            &line_chart(&f.results, Metric::Time),
            "sim-time-title",
            "Time to finish against clients, one line per mode",
            "time to finish",
        ),
    ]
    .concat();
    let keys: Vec<(&str, &str)> = c.modes().iter().map(|m| (m.as_str(), m.label())).collect();
    // Whose clients "your library" are.
    let library = c.library.as_ref().map(|l| {
        format!(
            "Your library: {} as configured, each client waiting what one seeded run of it waits, and giving up where that run stops.",
            l.name
        )
    });
    let rows_html = results_rows_html(&f.results);
    view! {
        <p class="sim-summary" data-testid="sim-summary">{summary_sentence(&f.results)}</p>
        <p class="note">{about}</p>
        <p class="note" data-testid="sim-library" hidden=library.is_none()>{library.clone()}</p>
        <div class="sim-charts" inner_html=charts></div>
        <p class="legend sim-legend" inner_html=legend_html(&keys)></p>
        <ScrollTable
            caption="Contention results"
            caption_id="sim-caption"
            class="sim-table"
            headers=&["Mode", "Clients", "Calls per run", "Time to finish", "Gave up per run"]
        >
            <tbody inner_html=rows_html></tbody>
        </ScrollTable>
        {export_row(Exported::Simulation(last))}
        <SimTimeline config=c.clone() />
    }
}

/// The results of the last finished sweep; nothing before the first.
#[component]
pub fn SimResults(
    /// The last sweep that ran to the end, if any.
    last: LastRun,
) -> impl IntoView {
    move || {
        last.finished
            .with(|f| f.as_deref().map(|f| render(f, last)))
    }
}
