//! Retries under load: the load model's section. Its inputs, the run of
//! every budget in slices that yield to the browser, its status, and the
//! results (`results.rs`). It sits beside the contention simulation, in
//! the deferred part of the page.
//!
//! The run is the page's [`Runner`], shared with the contention
//! simulation: `Stop load run`, a new run or a changed input drops it,
//! and a changed input marks finished figures out of date.

pub mod field;
pub mod inputs;
pub mod results;

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::load::chart::results_html;
use crate::core::load::{
    retries_line, BudgetKind, LoadConfig, Retries, Study, StudyResult, TriggerKind,
};
use crate::ui::load::field::{LoadChoice, LoadField};
use crate::ui::load::inputs::LoadInputs;
use crate::ui::load::results::LoadResults;
use crate::ui::simulation::results::LastRun;
use crate::ui::state::{use_derived, use_library, use_policy, LibraryInputs};
use crate::ui::widgets::run_status::{idle, RunStatus};
use crate::ui::widgets::runner::{Runner, Sliced};

/// Wall time of one slice of a load run, ms. Chosen when each slice was
/// followed by a zero timeout, which browsers hold for at least 4 ms once
/// timeouts nest: with the page's 8 ms slices a run of 1,000 clients spent
/// a third of its time waiting (1.11 s in all). Slices now wait for a
/// background task where the browser has one, with no such floor; 20 ms
/// still keeps every task well under the 50 ms of a long one.
const LOAD_SLICE_MS: f64 = 20.0;

/// Events per call to [`Study::step`] between clock readings. With 1,000
/// clients an event costs about a microsecond in the browser, several on
/// a busy machine; 2,000 let a slice overrun its 8 ms by as much again.
const STEP_EVENTS: u64 = 250;

/// Whose waits the clients follow: the chosen library's seeded runs
/// (made through the `Engine` the state holds, so no model is named
/// here), or the page's policy. `Err` is the page's sentence when the
/// library's values are not valid. (The engine refuses only values that
/// `valid` has already refused, so its error is not spelled out: its
/// messages would be new code in this part.)
fn retries_for(library: LibraryInputs, config: &LoadConfig) -> Result<Retries, &'static str> {
    const REFUSED: &str = "Not run: correct the library's values under Model first.";
    let Some(lib) = library.model.get_untracked() else {
        return Ok(Retries::Policy);
    };
    // Read in a click, outside any effect: `valid` and `get` track
    // nothing here, and are what the library's section already calls
    // (untracked readers of these types would be new code in the first
    // screen's wasm).
    let (Some(chosen), Some(engine)) = (library.valid(), library.engine.get()) else {
        return Err(REFUSED);
    };
    Retries::sampled(lib.name(), config, |seed| (engine.sample)(&chosen, seed)).map_err(|_| REFUSED)
}

/// A load study in progress, and where its results go.
struct LoadRun {
    study: Study,
    /// The section's results markup.
    markup: RwSignal<String>,
    last: LastRun,
    /// The results and their markup, once built.
    done: Option<(String, Arc<StudyResult>)>,
}

impl Sliced for LoadRun {
    fn step(&mut self) -> bool {
        self.study.step(STEP_EVENTS)
    }

    fn progress(&self) -> (u64, u64) {
        self.study.progress()
    }

    fn finish(&mut self) {
        let result = Arc::new(self.study.result());
        self.done = Some((results_html(&result), result));
    }

    fn show(self: Box<Self>) {
        if let Some((html, result)) = self.done {
            self.markup.set(html);
            self.last.load.set(Some(result));
            self.last.load_current.set(true);
        }
    }
}

/// The section's opening words: static markup.
const INTRO: &str = "A server that serves at most <em>Capacity</em> calls a second queues the rest, so calls wait longer as the queue grows; an attempt not answered within the <em>Timeout per attempt</em> fails and is retried by your policy above, or as the library chosen in <em>Model</em> does. A trigger (an outage, or a spike of extra calls) starts the trouble. Do the retries let the server come back once the trigger is over, or keep it down? This is a <em>metastable failure</em> (Bronson et al., HotOS 2021; Huang et al., OSDI 2022). A retry budget caps the retries: every budget below is run on the same setting, 60 simulated seconds each, from the page's seed.";

/// What the model leaves out.
const SCOPE: &str = "One server, one queue served in order, no network delay, calls that all cost the same, and a server that serves calls whose client already gave up (it cannot know). Each client keeps its own budget, as the libraries do per client or channel. All failures here are timeouts. The budgets' numbers are the libraries' defaults, read from their sources (see docs/load.md): AWS SDK standard mode (botocore 1.44.8, @smithy/core 3.41.1), gRPC retryThrottling (gRFC A6, grpc-go), Envoy retry_budget and max_retries, Finagle RetryBudget; the token bucket and the retry-only circuit breaker follow Marc Brooker, <a href=\"https://brooker.co.za/blog/2022/02/28/retries.html\">“Fixing retries with token buckets and circuit breakers”</a> (2022).";

/// The load model's section.
#[component]
pub fn LoadSection(
    /// The page's last runs: this section writes the load study there,
    /// and the design doc reads it.
    last: LastRun,
) -> impl IntoView {
    let inputs = LoadInputs::new();
    let (policy, seed, library) = (use_derived().policy, use_policy().seed, use_library());
    // The finished study's markup, built a task after its last run and set
    // a task later, so neither joins a run's slice.
    let markup = RwSignal::new(String::new());
    let runner = Runner::new();
    let (finished, current) = (last.load, last.load_current);
    runner.watch(
        move || {
            inputs.track();
            policy.track();
            seed.value.track();
            // The library and its values (`valid` tracks both).
            let _ = library.valid();
        },
        current,
        move || finished.with(Option::is_some),
    );

    let run = move |_| {
        runner.stop("");
        let config = match inputs.config(policy.get_untracked(), seed.value.get_untracked()) {
            Ok(c) => c,
            Err(label) => return runner.refuse(format!("Not run: correct {label} first.")),
        };
        let retries = match retries_for(library, &config) {
            Ok(r) => r,
            Err(why) => return runner.refuse(why.into()),
        };
        let study = match Study::with_retries(config, retries) {
            Ok(s) => s,
            Err(e) => return runner.refuse(e.to_string()),
        };
        current.set(false);
        let done = None;
        runner.start(
            Box::new(LoadRun {
                study,
                markup,
                last,
                done,
            }),
            LOAD_SLICE_MS,
        );
    };

    let follows = move || retries_line(library.model.get().map(|l| l.name()));
    let fields = inputs.fields.get_value();
    let number = |n: inputs::NumText| {
        view! { <LoadField n=n /> }
    };
    let params = inputs.params.get_value();
    let budget = inputs.budget;
    let groups = BudgetKind::ALL
        .iter()
        .enumerate()
        .filter(|(_, k)| !k.params().is_empty())
        .map(|(i, &k)| {
            let own: Vec<_> = params
                .iter()
                .filter(|(pk, _)| *pk == k)
                .map(|(_, n)| number(*n))
                .collect();
            view! {
                <div class="load-params" data-budget=k.as_str() hidden=move || budget.get() != i>
                    {own}
                </div>
            }
        })
        .collect_view();

    view! {
        <section class="panel load" id="load" aria-labelledby="load-heading">
            <h2 id="load-heading">"Retries under load"</h2>
            <p class="intro" inner_html=INTRO></p>
            <div class="sim-controls">
                {fields.iter().take(4).map(|n| number(*n)).collect_view()}
            </div>
            <div class="sim-controls">
                <LoadChoice
                    label="Trigger"
                    id="load-trigger"
                    options=TriggerKind::ALL.iter().map(|k| (k.as_str(), k.label())).collect()
                    value=inputs.trigger
                    hints=vec![]
                />
                {fields.iter().skip(4).map(|n| number(*n)).collect_view()}
            </div>
            <div class="sim-controls">
                <LoadChoice
                    label="Budget to compare"
                    id="load-budget"
                    options=BudgetKind::ALL.iter().map(|k| (k.as_str(), k.label())).collect()
                    value=budget
                    hints=BudgetKind::ALL.iter().map(|k| k.source()).collect()
                />
                {groups}
            </div>
            <div class="sim-buttons">
                <button type="button" on:click=run>"Run load simulation"</button>
                <button
                    type="button"
                    class="secondary"
                    disabled=idle(runner.status)
                    on:click=move |_| runner.stop("Stopped.")
                >
                    // Not "Cancel": the contention simulation's button is
                    // named so, and a name must say which run it stops.
                    "Stop load run"
                </button>
            </div>
            <p class="load-follows" data-testid="load-follows">{follows}</p>
            <RunStatus
                status=runner.status
                status_el=runner.status_el
                testid="load-status"
                bar_id="load-progress"
                label="Load run progress"
            />
            <LoadResults markup=markup />
            <h3>"What this model leaves out"</h3>
            <p class="sim-scope" inner_html=SCOPE></p>
        </section>
    }
}
