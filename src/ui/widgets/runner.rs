//! One way to run a study the page cannot make in one task (the
//! contention simulation's sweep, the load model's study): in slices that
//! yield to the browser, its progress on a status line, dropped if a
//! newer run started or an input changed, and its results built in a
//! task of their own and shown in the next, so neither joins a slice.
//!
//! Each run takes a number from `generation`; stopping, a new run or a
//! changed input bumps it, and a run that finds its number stale stops
//! at its next slice without publishing anything. The work is a trait
//! object, so the async machinery is compiled once for both sections.

use leptos::{html, prelude::*, task::spawn_local};

use crate::core::decimal_text::fixed;
use crate::ui::widgets::background::yield_to_page;
use crate::ui::widgets::run_status::{RunState, Status, STALE};
use crate::ui::widgets::slices::in_slices;

/// A study in progress, as the runner drives it.
pub trait Sliced {
    /// Does a little of the work (well under a slice); whether it is all
    /// done.
    fn step(&mut self) -> bool;
    /// `(runs finished, runs in all)`.
    fn progress(&self) -> (u64, u64);
    /// Builds the results, in a task of its own.
    fn finish(&mut self);
    /// Shows the results `finish` built: the next task, if the run is
    /// still the newest.
    fn show(self: Box<Self>);
}

/// The work as the runner holds it.
type Work = dyn Sliced + 'static;

/// A section's run: its status line and the number of its newest run.
#[derive(Clone, Copy)]
pub struct Runner {
    /// Where the run is, for the status line.
    pub status: RwSignal<Status>,
    /// The status line's element, whose `data-state` a new run sets at
    /// once: a script that clicks and then waits for `done` must not see
    /// the last run's.
    pub status_el: NodeRef<html::Div>,
    generation: StoredValue<u32>,
}

impl Runner {
    /// Nothing run yet.
    pub fn new() -> Runner {
        Runner {
            status: RwSignal::new(Status::new(RunState::Idle, (0, 0), String::new())),
            status_el: NodeRef::new(),
            generation: StoredValue::new(0),
        }
    }

    /// Stops the run in progress, if any, saying `why`.
    pub fn stop(self, why: &str) {
        self.generation.update_value(|g| *g += 1);
        let status = self.status;
        if status.with_untracked(|s| s.state == RunState::Running) {
            let progress = status.with_untracked(|s| (s.done, s.total));
            status.set(Status::new(RunState::Cancelled, progress, why.to_string()));
        }
    }

    /// A run refused before it started, saying `why`.
    pub fn refuse(self, why: String) {
        self.status.set(Status::new(RunState::Idle, (0, 0), why));
    }

    /// When anything `inputs` reads changes (not on the first call, which
    /// only subscribes): stops the run in progress, clears `current`, and
    /// marks the figures out of date if `shown` says some are on show.
    pub fn watch(
        self,
        inputs: impl Fn() + 'static,
        current: RwSignal<bool>,
        shown: impl Fn() -> bool + 'static,
    ) {
        Effect::new(move |first: Option<()>| {
            inputs();
            if first.is_some() {
                untrack(|| {
                    self.stop("Stopped: an input changed. Run again for figures that match it.");
                    current.set(false);
                    if shown() {
                        let status = self.status;
                        status.update(|s| (s.state, s.message) = (RunState::Stale, STALE.into()));
                    }
                });
            }
        });
    }

    /// Runs `work` in slices of about `slice_ms` of wall time, the newest
    /// run from now on; once it is done, its results, and the time it
    /// took on the status line.
    pub fn start(self, mut work: Box<dyn Sliced>, slice_ms: f64) {
        let (status, generation) = (self.status, self.generation);
        let id = generation.get_value();
        let running = RunState::Running;
        status.set(Status::new(running, work.progress(), "Running…".into()));
        if let Some(el) = self.status_el.get_untracked() {
            let _ = el.set_attribute("data-state", running.as_str());
        }
        spawn_local(async move {
            let start = js_sys::Date::now();
            // Between slices: stop if the run is stale, else publish the
            // progress.
            let live = |w: &Work, done: bool| {
                if generation.get_value() != id {
                    return false;
                }
                if !done {
                    status.update(|s| (s.done, s.total) = w.progress());
                }
                true
            };
            if !in_slices(&mut *work, slice_ms, |w: &mut Work| w.step(), live).await {
                return;
            }
            // The results in a task of their own, then shown in the next:
            // a long study's last slice, its results and the browser's
            // parse of them would otherwise make one long task.
            yield_to_page().await;
            if generation.get_value() != id {
                return;
            }
            work.finish();
            yield_to_page().await;
            if generation.get_value() != id {
                return;
            }
            let secs = (js_sys::Date::now() - start) / 1000.0;
            let progress = work.progress();
            work.show();
            let why = format!("Done in {} s.", fixed(secs, 2));
            status.set(Status::new(RunState::Done, progress, why));
        });
    }
}
