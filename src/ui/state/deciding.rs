//! The seeded runs that decide a chosen library's rows, made a slice at a
//! time between the page's own tasks (in the browser only: natively the
//! state shows the preview).
//!
//! The first screen holds only the effect that starts them; the slices
//! themselves are the library models' code, handed over as the models
//! arrive ([`decide_with`], called by `src/ui/deferred.rs`), so that they
//! load with them.

use std::cell::Cell;
use std::sync::Arc;

use leptos::prelude::*;

use crate::core::library::{Configured, Deciding, Engine, Schedule as LibRows};
use crate::ui::state::library::LibraryInputs;
use crate::ui::widgets::background::yield_to_page;
use crate::ui::widgets::slices::{in_slices, SLICE_MS};

/// Rows decided for a config, handed back to the page.
pub type Decided = RwSignal<Option<Arc<(Configured, LibRows)>>>;

/// Plans the config's runs with `engine` and makes them, while the
/// generation is the one it was started in, then sets the rows decided.
pub type Decide = fn(Engine, Configured, StoredValue<u32>, Decided);

thread_local! {
    /// The slices, once the library models have brought them.
    static DECIDE: Cell<Option<Decide>> = const { Cell::new(None) };
}

/// Hands over the slices that decide a library's rows
/// ([`decide_in_slices`]): called by the library models' part as it
/// arrives, before any library can be chosen.
pub fn decide_with(decide: Decide) {
    DECIDE.set(Some(decide));
}

/// Starts the seeded runs that decide the chosen library's rows whenever
/// the choice or a value changes; `decided` is set when they are made. A
/// newer choice or value stops the older runs at their next slice.
pub fn decide_library_rows(library_in: LibraryInputs, decided: Decided) {
    let generation = StoredValue::new(0u32);
    Effect::new(move |last: Option<Option<Configured>>| {
        let chosen = library_in.valid();
        // A refused entry changes the fields, not the values in use: the
        // runs under way go on.
        if last.as_ref() == Some(&chosen) {
            return chosen;
        }
        generation.update_value(|g| *g += 1);
        let Some(config) = chosen.clone() else {
            return chosen;
        };
        if decided.with_untracked(|d| d.as_ref().is_some_and(|d| d.0 == config)) {
            return chosen;
        }
        // A library is chosen only with the models, which bring both.
        let (Some(engine), Some(decide)) = (library_in.engine.get_untracked(), DECIDE.get()) else {
            return chosen;
        };
        // Planned in the slices' own task, not the input's: the rows memo
        // has just made the same plan for the preview.
        decide(engine, config, generation, decided);
        chosen
    });
}

/// Runs between clock readings.
const STEP_RUNS: u32 = 50;

/// [`Decide`]: the runs in slices of [`SLICE_MS`].
pub fn decide_in_slices(
    engine: Engine,
    chosen: Configured,
    generation: StoredValue<u32>,
    decided: Decided,
) {
    let id = generation.get_value();
    leptos::task::spawn_local(async move {
        // The plan (every retry's range, the preview) is made in a task
        // of its own, after the input's update; a newer value may have
        // come meanwhile.
        yield_to_page().await;
        if generation.get_value() != id {
            return;
        }
        // Rows known in closed form need no runs.
        let Ok((_, Some(mut deciding))) = (engine.rows)(&chosen) else {
            return;
        };
        let step = |d: &mut Deciding<'static>| (engine.step)(d, STEP_RUNS);
        let current = |_: &Deciding, _| generation.get_value() == id;
        if in_slices(&mut deciding, SLICE_MS, step, current).await {
            decided.set(Some(Arc::new((chosen, (engine.finish)(deciding)))));
        }
    });
}
