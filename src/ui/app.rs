//! The page: one Leptos app with one state ([`AppState`]) that every
//! section reads. The prose that does not depend on the state (the
//! explainer, the guide) is static HTML in `index.html`, painted before
//! the wasm loads.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::chart::ScheduleChart;
use crate::ui::code_tabs::CodeTabs;
use crate::ui::comparison::ModeComparison;
use crate::ui::deadline::DeadlineSummary;
use crate::ui::explainer::EdgeNotes;
use crate::ui::export::ExportButtons;
use crate::ui::notices::LinkNotices;
use crate::ui::policy_form::PolicyForm;
use crate::ui::retry_after::RetryAfterTester;
use crate::ui::schedule_table::ScheduleTable;
use crate::ui::simulation::Simulation;
use crate::ui::stale::StaleNote;
use crate::ui::state::AppState;
use crate::ui::tiles::SummaryTiles;
use crate::ui::url;

/// The calculator: inputs, results, the Retry-After tester and the code.
#[component]
pub fn App() -> impl IntoView {
    let (initial, notices) = url::load();
    let state = AppState::new(initial, notices);
    provide_context(state);
    url::write_link(state);

    // The sections below the first screen mount one frame after it, so the
    // schedule is painted first. They start out of view, and `#app` keeps
    // a screen's height, so nothing on screen moves when they arrive.
    let rest = RwSignal::new(false);
    request_animation_frame(move || request_animation_frame(move || rest.set(true)));

    view! {
        <LinkNotices />
        <div class="layout">
            <PolicyForm />
            <section class="results" id="results" aria-label="Results">
                <StaleNote what="These results" />
                <SummaryTiles />
                <DeadlineSummary />
                <ScheduleChart />
                <ScheduleTable />
                <ExportButtons />
                <EdgeNotes />
            </section>
        </div>
        <Show when=move || rest.get()>
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
    let slot = document()
        .get_element_by_id("app")
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    match slot {
        // The app lives as long as the page.
        Some(slot) => leptos::mount::mount_to(slot, App).forget(),
        None => leptos::mount::mount_to_body(App),
    }
}
