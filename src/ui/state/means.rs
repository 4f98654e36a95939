//! The decorrelated means the schedule and the mode comparison read: made
//! at once for a short schedule, in slices between the page's tasks for a
//! long one, with the middle of each range standing in, marked, until
//! they are made.
//!
//! The simulation that makes them is not the first screen's: in the
//! browser its code comes with the sections below it, which hand it over
//! ([`Means::start`], called by `src/ui/deferred.rs`). Until then every
//! schedule shows the preview, marked.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::policy::Policy;
use crate::core::schedule::{decorrelated_means, decorrelated_preview, SIMULATION_RUNS};

/// What the decorrelated means depend on: base, cap and retries.
pub type MeansKey = (u64, u64, u32);

/// Means made for a key, handed back to the page.
type Decided = Option<(MeansKey, Arc<Vec<f64>>)>;

/// The decorrelated simulation, as plain functions the page holds once
/// their code is here: nothing on the first screen names the code they
/// run, so it stays out of the first screen's wasm.
#[derive(Clone, Copy)]
pub struct MeansRunner {
    /// Every mean at once ([`decorrelated_means`]).
    pub at_once: fn(u64, u64, u32) -> Vec<f64>,
    /// Makes a long schedule's means in slices whenever the key changes
    /// ([`decide_in_slices`]).
    #[cfg(target_arch = "wasm32")]
    pub in_slices: fn(Memo<MeansKey>, RwSignal<Decided>),
}

impl MeansRunner {
    /// The simulation's functions.
    pub fn new() -> MeansRunner {
        MeansRunner {
            at_once: decorrelated_means,
            #[cfg(target_arch = "wasm32")]
            in_slices: decide_in_slices,
        }
    }
}

impl Default for MeansRunner {
    fn default() -> Self {
        MeansRunner::new()
    }
}

/// The decorrelated means of one policy, and whether they are still a
/// preview.
#[derive(Clone, Copy)]
pub struct Means {
    /// The mean of each sleep: made, or the middle of its range.
    pub values: Memo<Arc<Vec<f64>>>,
    /// Whether `values` is still the preview.
    pub deciding: Memo<bool>,
    // What the slices work from and hand back to (in the browser only:
    // natively a long schedule keeps its preview).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    key: Memo<MeansKey>,
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    decided: RwSignal<Decided>,
    runner: RwSignal<Option<MeansRunner>>,
}

impl Means {
    /// Hands the simulation over: the means are made from now on (a
    /// short schedule's at once, a long one's in slices). Call it once per
    /// `Means`: each call starts its own effect for the slices. Natively
    /// it is there from the start, and a long schedule keeps its preview.
    pub fn start(&self, runner: MeansRunner) {
        self.runner.set(Some(runner));
        #[cfg(target_arch = "wasm32")]
        (runner.in_slices)(self.key, self.decided);
    }
}

/// The means for `policy`'s base, cap and retries. They depend on nothing
/// else, so a re-roll or a multiplier change never makes them again.
pub fn decorrelated(policy: Memo<Policy>) -> Means {
    let key = Memo::new(move |_| policy.with(|p| (p.base_ms, p.cap_ms, p.max_retries)));
    // Natively the simulation is here at once (there are no parts to
    // fetch). In the browser, naming `MeansRunner::new` here would bring
    // it back into the first screen's wasm.
    #[cfg(not(target_arch = "wasm32"))]
    let runner = RwSignal::new(Some(MeansRunner::new()));
    #[cfg(target_arch = "wasm32")]
    let runner = RwSignal::new(None::<MeansRunner>);
    // Up to MEANS_AT_ONCE draws the means are made at once; past that,
    // the middle of each range stands in, marked, while the runs are
    // made in slices and handed back for the key they were made for.
    let decided = RwSignal::new(None);
    let made = move |k: MeansKey| {
        decided.with(|d: &Decided| d.as_ref().filter(|d| d.0 == k).map(|d| d.1.clone()))
    };
    let deciding = Memo::new(move |_| {
        let k = key.get();
        let now = at_once(k) && runner.with(Option::is_some);
        !now && made(k).is_none()
    });
    let values = Memo::new(move |_| {
        let k @ (base, cap, retries) = key.get();
        made(k).unwrap_or_else(|| match (at_once(k), runner.get()) {
            (true, Some(run)) => Arc::new((run.at_once)(base, cap, retries)),
            _ => Arc::new(decorrelated_preview(base, cap, retries)),
        })
    });
    Means {
        values,
        deciding,
        key,
        decided,
        runner,
    }
}

/// The most draws the decorrelated means are made with at once (2,000
/// runs of 100 retries: a few ms); a longer schedule's are made in slices.
const MEANS_AT_ONCE: u64 = 200_000;

/// Whether the means for `key` are made at once.
fn at_once((_, _, retries): MeansKey) -> bool {
    SIMULATION_RUNS as u64 * u64::from(retries) <= MEANS_AT_ONCE
}

/// [`MeansRunner::in_slices`]: makes a long schedule's runs in slices
/// between the page's tasks, and hands the means back for the key they
/// were made for; a newer key stops the older runs at their next slice.
#[cfg(target_arch = "wasm32")]
fn decide_in_slices(key: Memo<MeansKey>, decided: RwSignal<Decided>) {
    use crate::core::schedule::MeansRun;
    use crate::ui::widgets::slices::{in_slices, SLICE_MS};
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        let k @ (base, cap, retries) = key.get();
        generation.update_value(|g| *g += 1);
        if at_once(k) || decided.with_untracked(|d| d.as_ref().is_some_and(|d| d.0 == k)) {
            return;
        }
        let id = generation.get_value();
        let mut run = MeansRun::new(base, cap, retries);
        leptos::task::spawn_local(async move {
            let step = |r: &mut MeansRun| r.step(4);
            let current = |_: &MeansRun, _| generation.get_value() == id;
            if in_slices(&mut run, SLICE_MS, step, current).await {
                decided.set(Some((k, Arc::new(run.finish()))));
            }
        });
    });
}
