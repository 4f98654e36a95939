//! The page: one Leptos app with one state ([`AppState`]) that every
//! section reads. The prose that does not depend on the state (the
//! explainer, the guide) is static HTML in `index.html`, painted before
//! the wasm loads.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::core::library::Engine;
use crate::core::share::{settle_library, Notice, State};
use crate::ui::deferred::{library_models, Deferred};
use crate::ui::link as url;
use crate::ui::link::notices::LinkNotices;
use crate::ui::policy::PolicyForm;
use crate::ui::results::chart::ScheduleChart;
use crate::ui::results::deadline::DeadlineSummary;
use crate::ui::results::edge_notes::EdgeNotes;
use crate::ui::results::export::ExportButtons;
use crate::ui::results::schedule_table::ScheduleTable;
use crate::ui::results::tiles::SummaryTiles;
use crate::ui::state::AppState;
use crate::ui::widgets::stale_note::StaleNote;

/// The calculator: inputs, results, the Retry-After tester and the code,
/// starting at `initial` (a decoded link) with the `notices` it gave, and
/// the library models when the link's library needed them.
#[component]
pub fn App(initial: State, notices: Vec<Notice>, engine: Option<Engine>) -> impl IntoView {
    let state = AppState::new(initial, notices, engine);
    state.provide();
    url::write_link(state);

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
        // The sections below the first screen are fetched after it is
        // painted. They start out of view, and `#app` keeps a screen's
        // height, so nothing on screen moves when they arrive.
        <Deferred />
    }
}

/// Mounts the app into `#app` (called by `src/main.rs`), or into the body
/// when a page has no such element. A link that opens on a library
/// fetches the library models first, so its first rows are the library's.
pub fn mount() {
    crate::ui::panic::install();
    let (mut initial, mut notices) = url::load();
    if initial.library.is_none() {
        mount_app(initial, notices, None);
        return;
    }
    // Leptos sets up its own task queue when it mounts; before that, the
    // browser's.
    wasm_bindgen_futures::spawn_local(async move {
        let engine = match library_models().await {
            Ok(engine) => {
                settle_library(&mut initial, &mut notices, engine.settle);
                Some(engine)
            }
            // The select says so, with a way to try again.
            Err(e) => {
                leptos::logging::error!("backoff calculator: {e}");
                None
            }
        };
        mount_app(initial, notices, engine);
    });
}

/// Mounts [`App`] for good.
fn mount_app(initial: State, notices: Vec<Notice>, engine: Option<Engine>) {
    let app = move || view! { <App initial notices engine /> };
    let slot = document()
        .get_element_by_id("app")
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    match slot {
        // The app lives as long as the page.
        Some(slot) => leptos::mount::mount_to(slot, app).forget(),
        None => leptos::mount::mount_to_body(app),
    }
}
