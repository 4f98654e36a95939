//! The contention simulation: the `Clients` and `Runs` fields, the run in
//! slices that yield to the browser, its progress, and the results.
//!
//! A run works through [`Sweep::step`] for about [`SLICE_MS`] of wall time,
//! publishes its progress and yields with a zero timeout, so no task holds
//! the page for long. Each run takes a number from `generation`; Cancel, a
//! new run or a changed input bumps it, and a run that finds its number
//! stale stops at its next slice without publishing anything.

pub mod results;
pub mod scope;
pub mod status;
pub mod timeline;

use std::sync::Arc;

use leptos::{html, prelude::*, task::spawn_local};

use crate::core::sim::{ClientSleeps, SimConfig, Sweep};
use crate::ui::simulation::results::{Finished, LastRun, SimResults};
use crate::ui::simulation::scope::SimScope;
use crate::ui::simulation::status::{idle, RunState, SimStatus, Status, STALE};
use crate::ui::state::{use_derived, use_library, use_policy, use_sim, LibraryInputs};
use crate::ui::widgets::number_field::InputField;
use crate::ui::widgets::slices::{in_slices, SLICE_MS};

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
    let status = RwSignal::new(Status::new(RunState::Idle, (0, 0), String::new()));
    let generation = StoredValue::new(0u32);
    let status_el = NodeRef::<html::Div>::new();

    // Stops the run in progress, if any, with `why`.
    let stop = move |why: &str| {
        generation.update_value(|g| *g += 1);
        if status.with_untracked(|s| s.state == RunState::Running) {
            let progress = status.with_untracked(|s| (s.done, s.total));
            status.set(Status::new(RunState::Cancelled, progress, why.to_string()));
        }
    };
    // A changed input makes a run in progress stale (not the first run,
    // which only subscribes).
    Effect::new(move |first: Option<()>| {
        inputs.clients.text.track();
        inputs.runs.text.track();
        policy.track();
        seed.value.track();
        // A library chosen, dropped or changed: its row would differ.
        library.parsed.track();
        if first.is_some() {
            untrack(|| {
                stop("Stopped: an input changed. Run again for figures that match it.");
                last.current.set(false);
                // Figures on show for other inputs: marked out of date.
                if finished.with(Option::is_some) {
                    status.update(|s| (s.state, s.message) = (RunState::Stale, STALE.into()));
                }
            });
        }
    });

    let run = move |_| {
        stop("");
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
            _ => {
                let why = "Not run: correct Clients and Runs first.".to_string();
                return status.set(Status::new(RunState::Idle, (0, 0), why));
            }
        };
        let Ok(mut sweep) = Sweep::new(config) else {
            return status.set(Status::new(RunState::Idle, (0, 0), "Not run.".into()));
        };
        let id = generation.get_value();
        finished.set(None);
        last.current.set(false);
        status.set(Status::new(
            RunState::Running,
            sweep.progress(),
            "Running…".into(),
        ));
        // The attribute now, not after the next render: a script that
        // clicks and then waits for `done` must not see the last run's.
        if let Some(el) = status_el.get_untracked() {
            let _ = el.set_attribute("data-state", RunState::Running.as_str());
        }
        spawn_local(async move {
            let start = js_sys::Date::now();
            // Between slices: stop if the run is stale, else publish the
            // progress.
            let current = |sweep: &Sweep, done: bool| {
                if generation.get_value() != id {
                    return false;
                }
                if !done {
                    status.update(|s| (s.done, s.total) = sweep.progress());
                }
                true
            };
            if !in_slices(&mut sweep, SLICE_MS, |s| s.step(STEP_EVENTS), current).await {
                return;
            }
            let secs = (js_sys::Date::now() - start) / 1000.0;
            let results = sweep.results();
            let config = sweep.config().clone();
            finished.set(Some(Arc::new(Finished { config, results })));
            last.current.set(true);
            let why = format!("Done in {secs:.2} s.");
            status.set(Status::new(RunState::Done, sweep.progress(), why));
        });
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
                        disabled=idle(status)
                        on:click=move |_| stop("Cancelled.")
                    >
                        "Cancel"
                    </button>
                </div>
            </div>
            <SimStatus status=status status_el=status_el />
            <SimResults last=last />
            <SimScope />
        </section>
    }
}
