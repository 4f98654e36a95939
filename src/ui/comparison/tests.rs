//! The comparison's state, natively: built under a reactive [`Owner`] as
//! the page builds it. Natively the decorrelated runs are never made in
//! slices, so a long schedule's means stay a preview: what the page shows
//! until they are made.

use leptos::prelude::*;

use super::Compared;
use crate::core::compare::compare_modes;
use crate::core::compare::library::Comparison;
use crate::core::export::{comparison_csv, comparison_markdown, simulation_csv};
use crate::core::library::Engine;
use crate::core::policy::Jitter;
use crate::core::schedule::decorrelated_means;
use crate::core::share::{decode, State};
use crate::ui::simulation::results::LastRun;
use crate::ui::state::AppState;
use crate::ui::widgets::export_row::Exported;

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

#[test]
fn the_comparison_exports_write_the_core_writers_text() {
    for link in ["retries=4&jitter=full", "lib=urllib3&lib.total=5"] {
        Owner::new().with(|| {
            let (initial, _) = decode(link, State::with_seed(7));
            let state = AppState::new(initial, Vec::new(), Some(Engine::new()));
            let compared = Compared::new(state.derived);
            let shown = compared.shown.get_untracked();
            assert_eq!(shown.library.is_some(), link.starts_with("lib="), "{link}");
            let factors = state.derived.policy.get_untracked().proportional;
            let csv = comparison_csv(&shown.modes, shown.library.as_ref());
            let md = comparison_markdown(&shown.modes, shown.library.as_ref(), factors);
            let export = Exported::Comparison(compared);
            assert_eq!(export.text(true, &state), csv, "{link}");
            assert_eq!(export.text(false, &state), md, "{link}");
        });
    }
}

#[test]
fn the_results_export_before_any_run_is_the_header_alone() {
    Owner::new().with(|| {
        let (initial, _) = decode("", State::with_seed(7));
        let state = AppState::new(initial, Vec::new(), None);
        let csv = Exported::Simulation(LastRun::new()).text(true, &state);
        assert_eq!(csv, simulation_csv(&[]));
        assert_eq!(csv.lines().count(), 1);
    });
}
