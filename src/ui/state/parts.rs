//! The page's inputs, in groups that each section takes on its own: the
//! policy form, the proportional factors, the Retry-After tester, the code
//! options and the simulation. Each group is declared with [`inputs!`], one
//! line per input, which writes the struct, its constructor from a
//! [`State`] and the list of its inputs for [`super::AppState`]'s `apply`,
//! `snapshot` and `stale`.

use crate::core::inputs::{
    ATTEMPT_TIMEOUT, BASE, BUDGET, CAP, CAP_ORDER, DEADLINE, HIGH_FACTOR, HONOR, IDEM, JITTER,
    LANG, LOW_FACTOR, MULTIPLIER, RETRIES, RETRY_AFTER_MAX, SEED, SERVER_WAIT, SIM_CLIENTS,
    SIM_RUNS,
};
use crate::core::policy::{CapOrder, Jitter};
use crate::core::share::State;
use crate::core::snippets::Lang;
use crate::ui::state::field::{Bound, Field, Value};

/// Declares a group of inputs: `name: Kind<Type> = DECLARATION,` per line,
/// where `Kind` is [`Field`] (typed) or [`Value`] (chosen) and the
/// declaration is its constant in [`crate::core::inputs`].
macro_rules! inputs {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$doc:meta])* $field:ident: $kind:ident<$ty:ty> = $spec:ident, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy)]
        pub struct $name {
            $( $(#[$doc])* pub $field: $kind<$ty>, )*
        }

        impl $name {
            /// Every input of the group, starting at its value in `initial`.
            pub fn new(initial: &State) -> Self {
                $name { $( $field: $kind::new(&$spec, initial), )* }
            }

            /// The group's inputs, in the order the page shows them.
            pub fn all(&self) -> Vec<&dyn Bound> {
                vec![$( &self.$field as &dyn Bound ),*]
            }
        }
    };
}

inputs! {
    /// The policy form: what the schedule is computed from.
    pub struct PolicyInputs {
        /// `Base delay (ms)`.
        base: Field<u64> = BASE,
        /// `Multiplier`.
        multiplier: Field<f64> = MULTIPLIER,
        /// `Max delay (ms)`.
        cap: Field<u64> = CAP,
        /// `Max retries`.
        retries: Field<u32> = RETRIES,
        /// `Jitter`.
        jitter: Value<Jitter> = JITTER,
        /// `Deadline (ms)`.
        deadline: Field<Option<u64>> = DEADLINE,
        /// Seed of the current sample.
        seed: Value<u64> = SEED,
    }
}

inputs! {
    /// The factors of proportional jitter, checked as a pair.
    pub struct FactorInputs {
        /// `Low factor`.
        lo: Field<f64> = LOW_FACTOR,
        /// `High factor`.
        hi: Field<f64> = HIGH_FACTOR,
        /// `Cap applies`.
        cap_order: Value<CapOrder> = CAP_ORDER,
    }
}

inputs! {
    /// The Retry-After tester's inputs that the rest of the page reads.
    pub struct RetryAfterInputs {
        /// `Max Retry-After (ms)`.
        max: Field<Option<u64>> = RETRY_AFTER_MAX,
        /// A server's wait in place of one retry, `(retry, wait_ms)`, as
        /// the person applied it (and as the link carries it).
        server_wait: Value<Option<(u32, u64)>> = SERVER_WAIT,
    }
}

inputs! {
    /// The options of the generated code.
    pub struct CodeInputs {
        /// The chosen tab.
        lang: Value<Lang> = LANG,
        /// `Honor Retry-After`.
        honor: Value<bool> = HONOR,
        /// `Idempotency-Key header`.
        idem: Value<bool> = IDEM,
        /// `Attempt timeout (ms)`.
        timeout: Field<u64> = ATTEMPT_TIMEOUT,
        /// `Retry budget`.
        budget: Value<bool> = BUDGET,
    }
}

inputs! {
    /// The contention simulation's inputs.
    pub struct SimInputs {
        /// `Clients`.
        clients: Field<u32> = SIM_CLIENTS,
        /// `Runs`.
        runs: Field<u32> = SIM_RUNS,
    }
}
