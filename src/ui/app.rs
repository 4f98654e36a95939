//! The page: one Leptos app with one state ([`AppState`]) that every
//! section reads. The prose that does not depend on the state (the
//! explainer, the guide) is static HTML in `index.html`, painted before
//! the wasm loads.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::code::CodeTabs;
use crate::ui::comparison::ModeComparison;
use crate::ui::library::LibrarySection;
use crate::ui::link as url;
use crate::ui::link::notices::LinkNotices;
use crate::ui::policy::PolicyForm;
use crate::ui::results::chart::ScheduleChart;
use crate::ui::results::deadline::DeadlineSummary;
use crate::ui::results::edge_notes::EdgeNotes;
use crate::ui::results::export::ExportButtons;
use crate::ui::results::schedule_table::ScheduleTable;
use crate::ui::results::tiles::SummaryTiles;
use crate::ui::retry_after::RetryAfterTester;
use crate::ui::simulation::Simulation;
use crate::ui::state::AppState;
use crate::ui::widgets::dom::next_frame;
use crate::ui::widgets::stale_note::StaleNote;

/// The calculator: inputs, results, the Retry-After tester and the code.
#[component]
pub fn App() -> impl IntoView {
    let (initial, notices) = url::load();
    let state = AppState::new(initial, notices);
    state.provide();
    url::write_link(state);

    // The sections below the first screen mount one frame after it, so the
    // schedule is painted first. They start out of view, and `#app` keeps
    // a screen's height, so nothing on screen moves when they arrive.
    let rest = RwSignal::new(false);
    request_animation_frame(move || next_frame(rest));

    view! {
        <LinkNotices />
        <div class="layout">
            <PolicyForm />
            <section class="results" id="results" aria-label="Results">
                <StaleNote what="These results use" />
                <SummaryTiles />
                <DeadlineSummary />
                <ScheduleChart />
                <ScheduleTable />
                <ExportButtons />
                <EdgeNotes />
            </section>
        </div>
        <Show when=move || rest.get()>
            <LibrarySection />
            <ModeComparison />
            <RetryAfterTester />
            <CodeTabs />
            <Simulation />
        </Show>
    }
}

/// Mounts the app into `#app` (called by `src/main.rs`), or into the body
/// when a page has no such element.
pub fn mount() {
    crate::ui::panic::install();
    let slot = document()
        .get_element_by_id("app")
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    match slot {
        // The app lives as long as the page.
        Some(slot) => leptos::mount::mount_to(slot, App).forget(),
        None => leptos::mount::mount_to_body(App),
    }
}
