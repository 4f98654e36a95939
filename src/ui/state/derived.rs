//! What the page computes from its inputs ([`Derived`]): the last valid
//! policy, the decorrelated means, the library's rows and sample, what
//! becomes of a server's wait, the schedule every view reads, and the
//! deadline and Retry-After maximum in force.

use std::sync::Arc;

use leptos::prelude::*;

#[cfg(target_arch = "wasm32")]
use super::deciding;
use super::means;
use super::{CodeInputs, FactorInputs, LibraryInputs, Means, PolicyInputs, RetryAfterInputs};
use crate::core::inputs::retry_after_max;
use crate::core::library::Schedule as LibRows;
use crate::core::library::{Configured, LibrarySchedule};
use crate::core::policy::{Jitter, Policy, Proportional};
use crate::core::schedule::{schedule_with_means, Schedule};
use crate::core::server_wait::{Reads, ServerWait};

/// What the page computes from its inputs.
#[derive(Clone, Copy)]
pub struct Derived {
    /// The last valid policy: an invalid field keeps its previous value,
    /// and a reversed pair of factors keeps the last valid pair.
    pub policy: Memo<Policy>,
    /// The decorrelated simulation means for the current base, cap and
    /// retries (see [`decorrelated_means`]), and whether they are still a
    /// preview: for a long schedule the runs are made in slices between
    /// the page's tasks, and none are made before the simulation's code is
    /// here ([`means::decorrelated`]).
    pub means: Means,
    /// What becomes of the applied server wait under the current inputs:
    /// read by the schedule and by the note beside the tester.
    pub server_wait: Memo<Option<ServerWait>>,
    /// The chosen library's schedule, budget and trailing sleep, when the
    /// `Model` select names a library.
    pub library: Memo<Option<Arc<LibrarySchedule>>>,
    /// The schedule that the table, tiles, chart and code all read: the
    /// page's policy, or the chosen library's. A memo because many views
    /// read it.
    pub schedule: Memo<Schedule>,
    /// The deadline the schedule is held against: the chosen library's
    /// time budget when it has one, otherwise the `Deadline (ms)` field.
    pub deadline: Memo<Option<u64>>,
    /// The Retry-After maximum in force for the page's own code: the one
    /// set, else the deadline, else the default ([`retry_after_max`]).
    pub retry_after_max: Memo<u64>,
}

impl Derived {
    pub(super) fn new(
        initial: &Policy,
        policy_in: PolicyInputs,
        factors: FactorInputs,
        retry_after: RetryAfterInputs,
        code: CodeInputs,
        library_in: LibraryInputs,
    ) -> Self {
        let first = *initial;
        let policy = Memo::new(move |prev: Option<&Policy>| {
            let last = prev.copied().unwrap_or(first);
            let proportional = Proportional {
                lo: factors.lo.valid.get(),
                hi: factors.hi.valid.get(),
                cap: factors.cap_order.get(),
            };
            Policy {
                base_ms: policy_in.base.valid.get(),
                multiplier: policy_in.multiplier.valid.get(),
                cap_ms: policy_in.cap.valid.get(),
                max_retries: policy_in.retries.valid.get(),
                jitter: policy_in.jitter.get(),
                proportional: if proportional.check().is_ok() {
                    proportional
                } else {
                    last.proportional
                },
            }
        });
        // The 2,000-run decorrelated simulation is the costly part of a
        // schedule: made at once or in slices, once per base, cap and
        // retries (see `means.rs`). The mode comparison reads it too,
        // whatever the jitter.
        let means = means::decorrelated(policy);
        let seed = policy_in.seed;
        let (set_max, deadline_field) = (retry_after.max.valid, policy_in.deadline.valid);
        let retry_after_max =
            Memo::new(move |_| retry_after_max(set_max.get(), deadline_field.get()));
        // The library's rows: known at once in closed form, or shown as a
        // preview while the seeded runs that decide them are made in
        // slices ([`deciding::decide_library_rows`]), which then hand them
        // back for the config they were decided for.
        let decided = RwSignal::new(None::<Arc<(Configured, LibRows)>>);
        // (A library is chosen only with the models that run it.)
        let engine = library_in.engine;
        let rows = Memo::new(move |_| {
            let chosen = library_in.valid()?;
            if let Some(d) = decided.with(|d| d.clone().filter(|d| d.0 == chosen)) {
                return Some((d, false));
            }
            let (rows, deciding) = (engine.get()?.rows)(&chosen).ok()?;
            Some((Arc::new((chosen, rows)), deciding.is_some()))
        });
        // In the browser only: it needs the page's clock and task queue.
        #[cfg(target_arch = "wasm32")]
        deciding::decide_library_rows(library_in, decided);
        // A re-roll only draws a new sample: the rows do not depend on it.
        let library = Memo::new(move |_| {
            let sampled = engine.get()?.sampled;
            rows.with(|r| {
                r.as_ref().map(|(source, deciding)| {
                    Arc::new(sampled(source.clone(), seed.get(), *deciding))
                })
            })
        });
        // The retries a server's wait can fall on: the library's rows when
        // one is chosen.
        let retries = move || match library.with(|l| l.as_ref().map(|l| l.schedule.rows.len())) {
            Some(rows) => rows as u32,
            None => policy.with(|p| p.max_retries),
        };
        // With a library chosen, its own rule decides whether the wait is
        // read and how long it may be, not the code's options.
        let server_wait = Memo::new(move |_| {
            let (retry, wait_ms) = retry_after.server_wait.get()?;
            let reads = match library.with(|l| l.as_ref().map(|l| l.source.0.reads_retry_after())) {
                Some(reads) => reads,
                None => Reads::code(code.honor.get(), retry_after_max.get()),
            };
            Some(ServerWait::decide(retry, wait_ms, retries(), reads))
        });
        let schedule = Memo::new(move |_| {
            let wait = match server_wait.get() {
                Some(ServerWait::Applied { retry, wait_ms, .. }) => Some((retry, wait_ms)),
                _ => None,
            };
            // A library combines the wait as it does, within its budget.
            if let Some(lib) = library.get() {
                return match (wait, engine.get()) {
                    (Some((retry, wait_ms)), Some(e)) => (e.server_wait)(&lib, retry, wait_ms),
                    _ => lib.schedule.clone(),
                };
            }
            // Only decorrelated jitter reads the simulated means: the
            // other modes never wait for them.
            let p = policy.get();
            let mut s = match p.jitter {
                Jitter::Decorrelated => means
                    .values
                    .with(|m| schedule_with_means(&p, seed.get(), m)),
                _ => schedule_with_means(&p, seed.get(), &[]),
            };
            if let Some((retry, wait_ms)) = wait {
                s.apply_server_wait(retry, wait_ms);
            }
            s
        });
        let field = policy_in.deadline.valid;
        let deadline = Memo::new(
            move |_| match library.with(|l| l.as_ref().map(|l| l.budget)) {
                Some(Some(budget)) => Some(budget.budget_ms.round() as u64),
                _ => field.get(),
            },
        );
        Derived {
            policy,
            means,
            server_wait,
            library,
            schedule,
            deadline,
            retry_after_max,
        }
    }
}
