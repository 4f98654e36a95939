//! The contention simulation: the `Clients` and `Runs` fields, the run in
//! slices that yield to the browser, its progress, and the results.
//!
//! A run works through [`Sweep::step`] for about [`SLICE_MS`] of wall time,
//! publishes its progress and yields until the page has nothing more
//! urgent to do (`crate::ui::widgets::background`), so no task holds the
//! page for long; Cancel, a new run or a changed input drops it (the
//! page's [`Runner`], shared with the load model's section).

pub mod results;
pub mod scope;
pub mod timeline;

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::sim::{ClientSleeps, SimConfig, Sweep};
use crate::ui::simulation::results::{Finished, LastRun, SimResults};
use crate::ui::simulation::scope::SimScope;
use crate::ui::state::{use_derived, use_library, use_policy, use_sim, LibraryInputs};
use crate::ui::widgets::number_field::InputField;
use crate::ui::widgets::run_status::{idle, RunStatus};
use crate::ui::widgets::runner::{Runner, Sliced};
use crate::ui::widgets::slices::SLICE_MS;

/// Events per call to [`Sweep::step`] between clock readings.
const STEP_EVENTS: u64 = 2_000;

/// The section's opening words: static, so written as markup rather than
/// as views (a view per text run and emphasis costs wasm).
const INTRO: &str = "Many clients each update one shared row once; a write fails when someone else wrote since the client read. We run every backoff mode of the AWS study, plus your policy, for five client counts up to <em>Clients</em>, and average each figure over <em>Runs</em>. The page's seed drives it, so the same link gives the same figures. The study's modes: base 5 ms, cap 2,000 ms, first retry 2 × base.";

/// The chosen library's clients for a sweep of `clients` clients over
/// `runs` runs from `seed`: each one seeded run of the library, made
/// through the library models' part of the page (the simulation itself
/// runs no model). `None` without a library, or before its models are
/// here.
fn library_sleeps(
    library: &LibraryInputs,
    clients: u32,
    runs: u32,
    seed: u64,
) -> Option<Arc<ClientSleeps>> {
    let (engine, chosen) = untrack(|| (library.engine.get(), library.valid()));
    let (engine, chosen) = (engine?, chosen?);
    let sample = |s| (engine.sample)(&chosen, s).ok();
    let name = chosen.lib.name();
    Some(Arc::new(ClientSleeps::draw(
        name, clients, runs, seed, sample,
    )))
}

/// A sweep in progress, and where its results go.
struct SweepRun {
    sweep: Sweep,
    last: LastRun,
    /// The results, once built.
    done: Option<Arc<Finished>>,
}

impl Sliced for SweepRun {
    fn step(&mut self) -> bool {
        self.sweep.step(STEP_EVENTS)
    }

    fn progress(&self) -> (u64, u64) {
        self.sweep.progress()
    }

    fn finish(&mut self) {
        let results = self.sweep.results();
        let config = self.sweep.config().clone();
        self.done = Some(Arc::new(Finished { config, results }));
    }

    fn show(self: Box<Self>) {
        self.last.finished.set(self.done);
        self.last.current.set(true);
    }
}

/// Many clients updating one row: the work and time of each backoff mode,
/// as in the AWS study, plus the page's own policy.
#[component]
pub fn Simulation(
    /// The last sweep that ran to the end: shown here, read by the exports.
    last: LastRun,
) -> impl IntoView {
    let finished = last.finished;
    let (inputs, policy, seed) = (use_sim(), use_derived().policy, use_policy().seed);
    let library = use_library();
    let runner = Runner::new();
    // A changed input makes a run in progress stale; figures on show for
    // other inputs are marked out of date.
    runner.watch(
        move || {
            inputs.clients.text.track();
            inputs.runs.text.track();
            policy.track();
            seed.value.track();
            // A library chosen, dropped or changed: its row would differ.
            library.parsed.track();
        },
        last.current,
        move || finished.with(Option::is_some),
    );

    let run = move |_| {
        runner.stop("");
        let config = match (
            inputs.clients.parsed.get_untracked(),
            inputs.runs.parsed.get_untracked(),
        ) {
            (Ok(clients), Ok(runs)) => {
                let seed = seed.value.get_untracked();
                SimConfig {
                    clients,
                    runs,
                    seed,
                    policy: policy.get_untracked(),
                    library: library_sleeps(&library, clients, runs, seed),
                }
            }
            _ => return runner.refuse("Not run: correct Clients and Runs first.".into()),
        };
        let Ok(sweep) = Sweep::new(config) else {
            return runner.refuse("Not run.".into());
        };
        finished.set(None);
        last.current.set(false);
        let done = None;
        runner.start(Box::new(SweepRun { sweep, last, done }), SLICE_MS);
    };

    view! {
        <section class="panel simulation" id="simulation" aria-labelledby="sim-heading">
            <h2 id="sim-heading">"Contention simulation"</h2>
            <p class="intro" inner_html=INTRO></p>
            <div class="sim-controls">
                <InputField field=inputs.clients />
                <InputField field=inputs.runs />
                <div class="sim-buttons">
                    <button type="button" on:click=run>"Run simulation"</button>
                    <button
                        type="button"
                        class="secondary"
                        disabled=idle(runner.status)
                        on:click=move |_| runner.stop("Cancelled.")
                    >
                        "Cancel"
                    </button>
                </div>
            </div>
            <RunStatus
                status=runner.status
                status_el=runner.status_el
                testid="sim-status"
                bar_id="sim-progress"
                label="Simulation progress"
            />
            <SimResults last=last />
            <SimScope />
        </section>
    }
}
