//! The page's reactive state: one text signal per field, its parsed value,
//! the last valid policy and the one `Memo` of the schedule that every view
//! reads. Shared through context because nearly every component needs it.

use leptos::prelude::*;

use crate::core::policy::{
    parse_delay, parse_factor, parse_multiplier, parse_retries, parse_whole, CapOrder, InputError,
    Jitter, Policy, Proportional, MAX_DELAY_MS,
};
use std::sync::Arc;

use crate::core::schedule::{decorrelated_means, schedule_with_means, Schedule};
use crate::core::share::{Notice, State};
use crate::core::sim::{parse_clients, parse_runs};

/// A text field and what its text parses to.
#[derive(Clone, Copy)]
pub struct Field<T: Send + Sync + 'static> {
    /// What the person typed, kept as typed.
    pub text: RwSignal<String>,
    /// The value, or why the text is refused.
    pub parsed: Memo<Result<T, InputError>>,
    /// The last value that parsed: what the page computes with, so an
    /// invalid entry leaves the last valid schedule on screen.
    pub valid: Memo<T>,
}

/// How a field's value is written into its text box.
pub trait FieldText {
    /// The text that reads back as this value.
    fn to_text(&self) -> String;
}

impl FieldText for u64 {
    fn to_text(&self) -> String {
        self.to_string()
    }
}

impl FieldText for u32 {
    fn to_text(&self) -> String {
        self.to_string()
    }
}

impl FieldText for f64 {
    fn to_text(&self) -> String {
        self.to_string()
    }
}

/// An optional value (the deadline) is an empty box when unset.
impl FieldText for Option<u64> {
    fn to_text(&self) -> String {
        self.map(|v| v.to_string()).unwrap_or_default()
    }
}

impl<T: FieldText + Clone + PartialEq + Send + Sync + 'static> Field<T> {
    fn new(initial: T, parse: fn(&str) -> Result<T, InputError>) -> Self {
        let text = RwSignal::new(initial.to_text());
        let parsed = Memo::new(move |_| text.with(|t| parse(t)));
        let valid = Memo::new(move |prev: Option<&T>| match parsed.get() {
            Ok(value) => value,
            Err(_) => prev.cloned().unwrap_or_else(|| initial.clone()),
        });
        Field {
            text,
            parsed,
            valid,
        }
    }

    /// The message to show beside the field, if any.
    pub fn error(&self) -> Signal<Option<String>> {
        let parsed = self.parsed;
        Signal::derive(move || parsed.with(|p| p.as_ref().err().map(ToString::to_string)))
    }
}

/// An empty deadline means "no deadline".
fn parse_deadline(text: &str) -> Result<Option<u64>, InputError> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        parse_whole(text, 0, MAX_DELAY_MS).map(Some)
    }
}

/// Everything the page holds; `Copy`, so components take it from context.
#[derive(Clone, Copy)]
pub struct AppState {
    /// `Base delay (ms)`.
    pub base: Field<u64>,
    /// `Multiplier`.
    pub multiplier: Field<f64>,
    /// `Max delay (ms)`.
    pub cap: Field<u64>,
    /// `Max retries`.
    pub retries: Field<u32>,
    /// `Jitter`.
    pub jitter: RwSignal<Jitter>,
    /// Lowest proportional factor.
    pub lo: Field<f64>,
    /// Highest proportional factor.
    pub hi: Field<f64>,
    /// Where the cap applies in proportional jitter.
    pub cap_order: RwSignal<CapOrder>,
    /// Seed of the current sample.
    pub seed: RwSignal<u64>,
    /// Whether generated code honours Retry-After.
    pub honor: RwSignal<bool>,
    /// Chosen code tab.
    pub lang: RwSignal<&'static str>,
    /// Longest Retry-After wait, ms.
    pub retry_after_max: Field<u64>,
    /// The caller's deadline, ms.
    pub deadline: Field<Option<u64>>,
    /// A server's Retry-After wait in place of one retry: `(retry, wait_ms)`,
    /// as the person applied it (and as the link carries it).
    pub server_wait: RwSignal<Option<(u32, u64)>>,
    /// What the schedule does with [`Self::server_wait`] under the current
    /// inputs: the one place that decides it, read by the schedule and the
    /// note beside the tester.
    pub server_wait_status: Memo<Option<ServerWait>>,
    /// Whether generated code sends an `Idempotency-Key` header.
    pub idem: RwSignal<bool>,
    /// `Clients` of the contention simulation.
    pub sim_clients: Field<u32>,
    /// `Runs` of the contention simulation.
    pub sim_runs: Field<u32>,
    /// The last valid policy: an invalid field keeps its previous value.
    pub policy: Memo<Policy>,
    /// The decorrelated simulation means for the current base, cap and
    /// retries (see [`decorrelated_means`]).
    pub means: Memo<Arc<Vec<f64>>>,
    /// The schedule that the table, tiles, chart and code all read. A memo
    /// because many views read it.
    pub schedule: Memo<Schedule>,
    /// Share-link parameters that were ignored on load.
    pub notices: StoredValue<Vec<Notice>>,
    /// Message when the proportional factors are reversed.
    pub factor_error: Signal<Option<String>>,
}

/// What becomes of an applied server wait under the current inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServerWait {
    /// In the schedule at `retry`, as `wait_ms` (clamped when the
    /// Retry-After maximum is below the header's wait).
    Applied {
        /// The retry it replaces.
        retry: u32,
        /// The wait the schedule uses.
        wait_ms: u64,
        /// True when the maximum cut the header's wait down.
        clamped: bool,
    },
    /// Not in the schedule: the policy has fewer retries.
    BeyondRetries,
    /// Not in the schedule: Honor Retry-After is off, so the code would not
    /// read the header either.
    NotHonored,
}

/// Decides [`ServerWait`] for a wait of `wait_ms` at `retry`.
fn server_wait_status(
    retry: u32,
    wait_ms: u64,
    max_retries: u32,
    honor: bool,
    retry_after_max_ms: u64,
) -> ServerWait {
    if !honor {
        ServerWait::NotHonored
    } else if retry > max_retries {
        ServerWait::BeyondRetries
    } else {
        ServerWait::Applied {
            retry,
            wait_ms: wait_ms.min(retry_after_max_ms),
            clamped: wait_ms > retry_after_max_ms,
        }
    }
}

/// A field whose text is refused, and the value the page uses instead.
#[derive(Clone, Debug, PartialEq)]
pub struct StaleField {
    /// The field's label.
    pub label: &'static str,
    /// The last valid value, as the field would show it.
    pub used: String,
}

impl<T: FieldText + Clone + PartialEq + Send + Sync + 'static> Field<T> {
    /// `Some` while the text is refused: the label and the value in use.
    fn stale(&self, label: &'static str) -> Option<StaleField> {
        self.parsed.with(Result::is_err).then(|| StaleField {
            label,
            used: self.valid.with(|v| {
                let text = v.to_text();
                if text.is_empty() {
                    "none".to_string()
                } else {
                    text
                }
            }),
        })
    }
}

impl AppState {
    /// Builds the state from a decoded share link.
    pub fn new(initial: State, notices: Vec<Notice>) -> Self {
        let p = initial.policy;
        let base = Field::new(p.base_ms, parse_delay);
        let multiplier = Field::new(p.multiplier, parse_multiplier);
        let cap = Field::new(p.cap_ms, parse_delay);
        let retries = Field::new(p.max_retries, parse_retries);
        let jitter = RwSignal::new(p.jitter);
        let lo = Field::new(p.proportional.lo, parse_factor);
        let hi = Field::new(p.proportional.hi, parse_factor);
        let cap_order = RwSignal::new(p.proportional.cap);
        let deadline = Field::new(initial.deadline_ms, parse_deadline);
        let retry_after_max = Field::new(initial.retry_after_max_ms, parse_delay);

        let factor_error = Signal::derive(move || {
            let (Ok(lo), Ok(hi)) = (lo.parsed.get(), hi.parsed.get()) else {
                return None;
            };
            let order = Proportional {
                lo,
                hi,
                cap: CapOrder::Before,
            };
            order.check().err().map(|e| e.to_string())
        });

        let policy = Memo::new(move |prev: Option<&Policy>| {
            let last = prev.copied().unwrap_or(p);
            // The two factors are checked together: a reversed pair keeps
            // the last valid pair.
            let proportional = Proportional {
                lo: lo.valid.get(),
                hi: hi.valid.get(),
                cap: cap_order.get(),
            };
            Policy {
                base_ms: base.valid.get(),
                multiplier: multiplier.valid.get(),
                cap_ms: cap.valid.get(),
                max_retries: retries.valid.get(),
                jitter: jitter.get(),
                proportional: if proportional.check().is_ok() {
                    proportional
                } else {
                    last.proportional
                },
            }
        });
        let seed = RwSignal::new(initial.seed);
        let server_wait = RwSignal::new(initial.server_wait);
        // The 2,000-run decorrelated simulation is the costly part of a
        // schedule, and it depends only on base, cap and retries: its own
        // memo keeps a re-roll or a multiplier change from running it again.
        // The mode comparison reads it too, whatever the jitter.
        let sim_key = Memo::new(move |_| policy.with(|p| (p.base_ms, p.cap_ms, p.max_retries)));
        let means = Memo::new(move |_| {
            let (base, cap, retries) = sim_key.get();
            Arc::new(decorrelated_means(base, cap, retries))
        });
        let honor = RwSignal::new(initial.honor);
        let retry_after_max_valid = retry_after_max.valid;
        let server_wait_status = Memo::new(move |_| {
            server_wait.get().map(|(retry, wait_ms)| {
                server_wait_status(
                    retry,
                    wait_ms,
                    policy.with(|p| p.max_retries),
                    honor.get(),
                    retry_after_max_valid.get(),
                )
            })
        });
        let schedule = Memo::new(move |_| {
            let mut s = means.with(|m| schedule_with_means(&policy.get(), seed.get(), m));
            if let Some(ServerWait::Applied { retry, wait_ms, .. }) = server_wait_status.get() {
                s.apply_server_wait(retry, wait_ms);
            }
            s
        });

        AppState {
            base,
            multiplier,
            cap,
            retries,
            jitter,
            lo,
            hi,
            cap_order,
            seed,
            honor,
            lang: RwSignal::new(initial.lang),
            retry_after_max,
            deadline,
            server_wait,
            server_wait_status,
            idem: RwSignal::new(initial.idem),
            sim_clients: Field::new(initial.sim_clients, parse_clients),
            sim_runs: Field::new(initial.sim_runs, parse_runs),
            policy,
            means,
            schedule,
            notices: StoredValue::new(notices),
            factor_error,
        }
    }

    /// Every policy field whose entry is refused, with the last valid value
    /// the results and the code use instead; empty when all are valid.
    pub fn stale(&self) -> Vec<StaleField> {
        let mut out: Vec<StaleField> = [
            self.base.stale("Base delay (ms)"),
            self.multiplier.stale("Multiplier"),
            self.cap.stale("Max delay (ms)"),
            self.retries.stale("Max retries"),
            self.deadline.stale("Deadline (ms)"),
            self.retry_after_max.stale("Max Retry-After (ms)"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if self.jitter.get() == Jitter::Proportional {
            let factors = self.policy.with(|p| p.proportional);
            let refused = self.lo.parsed.with(Result::is_err)
                || self.hi.parsed.with(Result::is_err)
                || self.factor_error.with(Option::is_some);
            if refused {
                out.push(StaleField {
                    label: "Low and High factor",
                    used: format!("{} – {}", factors.lo, factors.hi),
                });
            }
        }
        out
    }

    /// [`Self::snapshot`] without subscribing the caller to changes.
    pub fn snapshot_untracked(&self) -> State {
        untrack(|| self.snapshot())
    }

    /// Sets every input to `state`, as if typed (a preset uses it): each
    /// field then shows exactly the value in use, so a refused entry and
    /// its message go.
    pub fn apply(&self, state: &State) {
        // A refused entry is replaced too, even when the last valid value
        // already equals the new one: the field must show what is used.
        fn set<T: FieldText + Clone + PartialEq + Send + Sync>(field: &Field<T>, value: &T) {
            let text = value.to_text();
            if field.text.with_untracked(|t| *t != text) {
                field.text.set(text);
            }
        }
        fn put<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
            if signal.with_untracked(|v| *v != value) {
                signal.set(value);
            }
        }
        let p = &state.policy;
        set(&self.base, &p.base_ms);
        set(&self.multiplier, &p.multiplier);
        set(&self.cap, &p.cap_ms);
        set(&self.retries, &p.max_retries);
        put(self.jitter, p.jitter);
        set(&self.lo, &p.proportional.lo);
        set(&self.hi, &p.proportional.hi);
        put(self.cap_order, p.proportional.cap);
        put(self.seed, state.seed);
        put(self.honor, state.honor);
        put(self.lang, state.lang);
        set(&self.retry_after_max, &state.retry_after_max_ms);
        set(&self.deadline, &state.deadline_ms);
        put(self.server_wait, state.server_wait);
        put(self.idem, state.idem);
        set(&self.sim_clients, &state.sim_clients);
        set(&self.sim_runs, &state.sim_runs);
    }

    /// The state as a share link holds it (last valid values).
    pub fn snapshot(&self) -> State {
        State {
            policy: self.policy.get(),
            seed: self.seed.get(),
            honor: self.honor.get(),
            lang: self.lang.get(),
            retry_after_max_ms: self.retry_after_max.valid.get(),
            deadline_ms: self.deadline.valid.get(),
            server_wait: self.server_wait.get(),
            idem: self.idem.get(),
            sim_clients: self.sim_clients.valid.get(),
            sim_runs: self.sim_runs.valid.get(),
        }
    }
}

/// The state provided by [`crate::ui::app::App`].
pub fn use_state() -> AppState {
    expect_context::<AppState>()
}
