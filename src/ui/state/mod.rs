//! The page's one state, in typed parts that each section takes on its
//! own: the inputs in groups ([`parts`]) and what is derived
//! from them ([`Derived`]: the last valid policy, the decorrelated means,
//! the schedule every view reads, and what becomes of a server's wait).
//!
//! Data flows one way: inputs → these memos → the views. The inputs are
//! declared once in [`crate::core::inputs`]; [`AppState::apply`] and
//! [`AppState::snapshot`] go through every one of them alike.

#[cfg(target_arch = "wasm32")]
pub mod deciding;
mod derived;
mod field;
#[cfg(test)]
mod invariant;
mod library;
pub mod means;
mod parts;
#[cfg(test)]
mod tests;

use leptos::prelude::*;

pub use derived::Derived;
pub use field::{read_units, Bound, Field, StaleField};
pub use library::{LibraryInputs, Waiting};
pub use means::{Means, MeansRunner};
pub use parts::{CodeInputs, FactorInputs, PolicyInputs, RetryAfterInputs, SimInputs};

use crate::core::decimal_text::shortest;
use crate::core::library::Engine;
use crate::core::policy::{CapOrder, Jitter, Proportional};
use crate::core::share::{Notice, State};

/// Everything the page holds. Each part is also provided as its own
/// context, so a section asks only for what it reads.
#[derive(Clone, Copy)]
pub struct AppState {
    /// The policy form's inputs.
    pub policy: PolicyInputs,
    /// The proportional factors.
    pub factors: FactorInputs,
    /// The Retry-After maximum and the applied server wait.
    pub retry_after: RetryAfterInputs,
    /// The code options.
    pub code: CodeInputs,
    /// The simulation's inputs.
    pub sim: SimInputs,
    /// The `Model` and `Library` selects and the library's fields.
    pub library: LibraryInputs,
    /// What is computed from the inputs.
    pub derived: Derived,
    /// Share-link parameters that were ignored on load.
    pub notices: StoredValue<Vec<Notice>>,
}

impl AppState {
    /// Builds the state from a decoded share link, with the library
    /// models when they are here (a link's library needs them).
    pub fn new(initial: State, notices: Vec<Notice>, engine: Option<Engine>) -> Self {
        let policy = PolicyInputs::new(&initial);
        let factors = FactorInputs::new(&initial);
        let retry_after = RetryAfterInputs::new(&initial);
        let code = CodeInputs::new(&initial);
        let sim = SimInputs::new(&initial);
        let library = LibraryInputs::new(&initial, engine);
        let derived = Derived::new(&initial.policy, policy, factors, retry_after, code, library);
        AppState {
            policy,
            factors,
            retry_after,
            code,
            sim,
            library,
            derived,
            notices: StoredValue::new(notices),
        }
    }

    /// Provides the state as the page's one context; the `use_*`
    /// functions below hand each section only the part it reads. (One
    /// context rather than one per part: each context type costs its own
    /// copy of Leptos's lookup code in the wasm.)
    pub fn provide(self) {
        provide_context(self);
    }

    /// Every millisecond field's id and text ([`Bound::ms_field`]).
    pub fn ms_fields(&self) -> Vec<(&'static str, RwSignal<String>)> {
        self.inputs().iter().filter_map(|i| i.ms_field()).collect()
    }

    /// Every input, in the order the page shows them.
    fn inputs(&self) -> Vec<&dyn Bound> {
        let mut all = self.policy.all();
        all.extend(self.factors.all());
        all.extend(self.retry_after.all());
        all.extend(self.code.all());
        all.extend(self.sim.all());
        all.push(&self.library);
        all
    }

    /// Every entry the results and the code depend on that is refused, with
    /// the last valid value they use instead; empty when all are valid.
    pub fn stale(&self) -> Vec<StaleField> {
        self.stale_of(self.library.model.get().is_some())
    }

    /// [`Self::stale`] for what a section reads: with `library`, the chosen
    /// library's fields and the deadline (the page's own fields are hidden
    /// then); otherwise the page's own policy, which the retry code always
    /// follows.
    pub fn stale_of(&self, library: bool) -> Vec<StaleField> {
        if library {
            return [&self.library as &dyn Bound, &self.policy.deadline]
                .into_iter()
                .filter_map(|input| input.stale())
                .collect();
        }
        let mut out: Vec<StaleField> = self
            .policy
            .all()
            .into_iter()
            .chain(self.retry_after.all())
            .filter_map(|input| input.stale())
            .collect();
        if self.policy.jitter.get() == Jitter::Proportional {
            let used = self.derived.policy.with(|p| p.proportional);
            out.extend(self.factors.stale(used));
        }
        out
    }

    /// Sets every input to `state`, as if typed (a preset uses it): each
    /// field then shows exactly the value in use, so a refused entry and
    /// its message go.
    pub fn apply(&self, state: &State) {
        for input in self.inputs() {
            input.apply(state);
        }
    }

    /// The state as a share link holds it (last valid values).
    pub fn snapshot(&self) -> State {
        let mut state = State::with_seed(0);
        for input in self.inputs() {
            input.write(&mut state);
        }
        // The policy memo holds the last valid pair of factors, which the
        // two fields alone do not know.
        state.policy = self.derived.policy.get();
        state
    }

    /// [`Self::snapshot`] without subscribing the caller to changes.
    pub fn snapshot_untracked(&self) -> State {
        untrack(|| self.snapshot())
    }
}

impl FactorInputs {
    /// Why the pair of factors in use is refused (the low one above the
    /// high one); tracked. Read from each field's value in use, as the
    /// policy reads them: a factor accepted alone beside a refused one
    /// still makes a pair the policy refuses, and is said so (issue 25).
    fn pair_check(&self) -> Option<String> {
        let pair = Proportional {
            lo: self.lo.valid.get(),
            hi: self.hi.valid.get(),
            cap: CapOrder::Before,
        };
        pair.check().err().map(|e| e.to_string())
    }

    /// The message for a reversed pair of factors, beside both fields.
    pub fn pair_error(&self) -> Signal<Option<String>> {
        let factors = *self;
        Signal::derive(move || factors.pair_check())
    }

    /// The pair as one stale entry while either factor, or the pair, is
    /// refused; `used` is the pair in use.
    fn stale(&self, used: Proportional) -> Option<StaleField> {
        let refused = self.lo.parsed.with(Result::is_err)
            || self.hi.parsed.with(Result::is_err)
            || self.pair_check().is_some();
        refused.then(|| StaleField {
            label: "Low and High factor",
            used: format!("{} – {}", shortest(used.lo), shortest(used.hi)),
        })
    }
}

/// The whole state, for what reads or sets every input (the link, the
/// presets, the exports).
pub fn use_state() -> AppState {
    // Not `expect_context`: its message writes the type's name with `{:?}`,
    // which brings the standard writer of escaped strings (about 1 KB of
    // the first screen's download) for a panic that cannot happen.
    use_context::<AppState>().expect("the app's state is provided by App and the deferred root")
}

/// The policy form's inputs.
pub fn use_policy() -> PolicyInputs {
    use_state().policy
}

/// The proportional factors.
pub fn use_factors() -> FactorInputs {
    use_state().factors
}

/// The Retry-After maximum and the applied server wait.
pub fn use_retry_after() -> RetryAfterInputs {
    use_state().retry_after
}

/// The code options.
pub fn use_code() -> CodeInputs {
    use_state().code
}

/// The simulation's inputs.
pub fn use_sim() -> SimInputs {
    use_state().sim
}

/// The `Model` and `Library` selects and the library's fields.
pub fn use_library() -> LibraryInputs {
    use_state().library
}

/// What is computed from the inputs.
pub fn use_derived() -> Derived {
    use_state().derived
}
