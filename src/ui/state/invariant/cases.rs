//! The short cases the random sequences of [`super`] found, kept as
//! named regressions (issue 25).

use leptos::prelude::*;

use super::actions::{act, lib, Action};
use super::run;
use crate::core::library::{Engine, LibId};
use crate::core::share::{encode, State};
use crate::ui::state::AppState;

/// The second short case (issue 25): `lo` refused, then `hi` accepted
/// alone but below the `lo` in use. The policy kept the last pair, and
/// `hi` showed 0.3 with no message: the pair was checked only when both
/// fields read.
#[test]
fn a_factor_accepted_beside_a_refused_one_is_said_refused_as_a_pair() {
    let actions = [Action::TypePage(5, "abc"), Action::TypePage(6, "0.3")];
    run(&actions).unwrap();
    Owner::new().with(|| {
        let state = AppState::new(State::with_seed(7), Vec::new(), Some(Engine::new()));
        for action in &actions {
            act(&state, action);
        }
        assert_eq!(
            state.factors.pair_error().get(),
            Some("The lowest factor must not be above the highest.".into())
        );
        let link = encode(&state.snapshot_untracked());
        assert!(!link.contains("hi="), "{link}");
    });
}

/// The short case the random sequences found (issue 25): with urllib3
/// chosen, `total` refused, then `backoff_factor` accepted. The factor
/// showed 1.5 with no message while the state, and so the link, kept the
/// default 0: a refused field held back every other field's entry.
#[test]
fn a_library_entry_beside_a_refused_one_reaches_the_link() {
    let urllib3 = LibId::all().position(|l| l.id() == "urllib3").unwrap();
    let table = lib(urllib3).info().params;
    let at = |name| table.iter().position(|p| p.name == name).unwrap();
    let actions = [
        Action::Model(Some(urllib3)),
        Action::TypeLibrary(at("total"), "0.5"),
        Action::TypeLibrary(at("backoff_factor"), "1.5"),
    ];
    run(&actions).unwrap();
    Owner::new().with(|| {
        let state = AppState::new(State::with_seed(7), Vec::new(), Some(Engine::new()));
        for action in &actions {
            act(&state, action);
        }
        let link = encode(&state.snapshot_untracked());
        assert!(link.contains("lib.backoff_factor=1.5"), "{link}");
        assert!(!link.contains("lib.total"), "{link}");
        assert_eq!(state.stale()[0].label, "total");
    });
}
