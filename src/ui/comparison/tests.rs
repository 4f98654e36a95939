//! The comparison's state, natively: built under a reactive [`Owner`] as
//! the page builds it. Natively the decorrelated runs are never made in
//! slices, so a long schedule's means stay a preview: what the page shows
//! until they are made.

use leptos::prelude::*;

use super::Compared;
use crate::core::compare::compare_modes;
use crate::core::compare::library::Comparison;
use crate::core::policy::Jitter;
use crate::core::schedule::decorrelated_means;
use crate::core::share::{decode, State};
use crate::ui::state::AppState;

/// Decorrelated's expected total in `c`, as text.
fn decorrelated(c: &Comparison) -> String {
    let row = c.modes.iter().find(|r| r.jitter == Jitter::Decorrelated);
    row.map_or_else(String::new, |r| r.expected_ms.to_string())
}

#[test]
fn an_export_while_the_means_are_made_writes_them_made() {
    Owner::new().with(|| {
        // 1,000 retries: 2,000 runs of them are made in slices.
        let (initial, _) = decode("retries=1000&jitter=decorrelated", State::with_seed(7));
        let state = AppState::new(initial, Vec::new(), None);
        let compared = Compared::new(state.derived);
        assert!(untrack(|| compared.deciding()));
        let p = state.derived.policy.get_untracked();
        let made = decorrelated_means(p.base_ms, p.cap_ms, p.max_retries);
        let exact = compare_modes(&p, &made);
        let exact = exact.iter().find(|r| r.jitter == Jitter::Decorrelated);
        let exact = exact.map(|r| r.expected_ms.to_string()).unwrap();
        // The section shows the preview, marked; an export writes the
        // means made.
        assert_ne!(compared.shown.with_untracked(decorrelated), exact);
        assert_eq!(compared.write_settled(&decorrelated), exact);
    });
}

#[test]
fn a_short_schedule_is_never_deciding_and_exports_what_it_shows() {
    Owner::new().with(|| {
        let (initial, _) = decode("retries=10&jitter=decorrelated", State::with_seed(7));
        let state = AppState::new(initial, Vec::new(), None);
        let compared = Compared::new(state.derived);
        assert!(!untrack(|| compared.deciding()));
        let shown = compared.shown.with_untracked(decorrelated);
        assert_eq!(compared.write_settled(&decorrelated), shown);
    });
}
