//! The decorrelated means the schedule and the mode comparison read: made
//! at once for a short schedule, in slices between the page's tasks for a
//! long one, with the middle of each range standing in, marked, until
//! they are made.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::policy::Policy;
use crate::core::schedule::{decorrelated_means, decorrelated_preview, SIMULATION_RUNS};

/// The means for `policy`'s base, cap and retries, and whether they are
/// still a preview. They depend on nothing else, so a re-roll or a
/// multiplier change never makes them again.
pub fn decorrelated(policy: Memo<Policy>) -> (Memo<Arc<Vec<f64>>>, Memo<bool>) {
    let sim_key = Memo::new(move |_| policy.with(|p| (p.base_ms, p.cap_ms, p.max_retries)));
    // Up to MEANS_AT_ONCE draws the means are made at once; past that,
    // the middle of each range stands in, marked, while the runs are
    // made in slices and handed back for the key they were made for.
    let decided_means = RwSignal::new(None::<(MeansKey, Arc<Vec<f64>>)>);
    let made_means = move |key: MeansKey| {
        decided_means.with(|d| d.as_ref().filter(|d| d.0 == key).map(|d| d.1.clone()))
    };
    let means_deciding = Memo::new(move |_| {
        let key = sim_key.get();
        !at_once(key) && made_means(key).is_none()
    });
    let means = Memo::new(move |_| {
        let key @ (base, cap, retries) = sim_key.get();
        made_means(key).unwrap_or_else(|| match at_once(key) {
            true => Arc::new(decorrelated_means(base, cap, retries)),
            false => Arc::new(decorrelated_preview(base, cap, retries)),
        })
    });
    #[cfg(target_arch = "wasm32")]
    decide_means(sim_key, decided_means);
    (means, means_deciding)
}

/// What the decorrelated means depend on: base, cap and retries.
type MeansKey = (u64, u64, u32);

/// The most draws the decorrelated means are made with at once (2,000
/// runs of 100 retries: a few ms); a longer schedule's are made in slices.
const MEANS_AT_ONCE: u64 = 200_000;

/// Whether the means for `key` are made at once.
fn at_once((_, _, retries): MeansKey) -> bool {
    SIMULATION_RUNS as u64 * u64::from(retries) <= MEANS_AT_ONCE
}

/// Makes the decorrelated runs of a long schedule in slices between the
/// page's tasks, and hands the means back for the key they were made for;
/// a newer key stops the older runs at their next slice. (In the browser
/// only: natively, the state shows the preview.)
#[cfg(target_arch = "wasm32")]
fn decide_means(sim_key: Memo<MeansKey>, decided: RwSignal<Option<(MeansKey, Arc<Vec<f64>>)>>) {
    use crate::core::schedule::MeansRun;
    use crate::ui::widgets::slices::{in_slices, SLICE_MS};
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        let key @ (base, cap, retries) = sim_key.get();
        generation.update_value(|g| *g += 1);
        if at_once(key) || decided.with_untracked(|d| d.as_ref().is_some_and(|d| d.0 == key)) {
            return;
        }
        let id = generation.get_value();
        let mut run = MeansRun::new(base, cap, retries);
        leptos::task::spawn_local(async move {
            let step = |r: &mut MeansRun| r.step(4);
            let current = |_: &MeansRun, _| generation.get_value() == id;
            if in_slices(&mut run, SLICE_MS, step, current).await {
                decided.set(Some((key, Arc::new(run.finish()))));
            }
        });
    });
}
