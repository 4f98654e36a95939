//! The link holds what the fields show, after any sequence of actions
//! (issue 25): random sequences of what a person does on the page, run on
//! the state under a reactive [`Owner`], checked after every action.
//!
//! After each action: the link written from the state reads back to the
//! same state with no notice; every field either shows the value in use
//! or is marked refused; the `Model` select names the library in use; and
//! a page opened on the link shows the same table and the same config.

use leptos::prelude::*;
use proptest::prelude::*;

use super::{read_units, AppState};
use crate::core::library::Engine;
use crate::core::share::State;
use actions::{act, action, Action};
use checks::disagreements;

mod actions;
mod checks;

/// Runs `actions` from a page opened with no link, checking after each.
fn run(actions: &[Action]) -> Result<(), String> {
    let owner = Owner::new();
    owner.with(|| {
        // The rest of the page has come: the fields read units.
        read_units(crate::core::units::plain_ms);
        let state = AppState::new(State::with_seed(7), Vec::new(), Some(Engine::new()));
        for (n, action) in actions.iter().enumerate() {
            act(&state, action);
            let found = disagreements(&state);
            if !found.is_empty() {
                return Err(format!(
                    "after {:?} (action {}): {}",
                    &actions[..=n],
                    n + 1,
                    found.join("; ")
                ));
            }
        }
        Ok(())
    })
}

mod cases;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn the_link_holds_what_the_fields_show_after_any_sequence(
        actions in prop::collection::vec(action(), 1..40)
    ) {
        if let Err(e) = run(&actions) {
            return Err(TestCaseError::fail(e));
        }
    }
}
