//! The first render: layout, inputs, tiles and table, with empty slots
//! that the second app ([`crate::ui::extras`]) fills once it has loaded.

use leptos::prelude::*;

use crate::ui::deadline::DeadlineSummary;
use crate::ui::explainer::EdgeNotes;
use crate::ui::notices::LinkNotices;
use crate::ui::policy_form::PolicyForm;
use crate::ui::schedule_table::ScheduleTable;
use crate::ui::state::AppState;
use crate::ui::tiles::SummaryTiles;
use crate::ui::url;

/// The calculator page as first rendered.
#[component]
pub fn App() -> impl IntoView {
    let (initial, notices) = url::load();
    let state = AppState::new(initial, notices);
    provide_context(state);
    url::sync(state, "main");

    view! {
        <header class="masthead">
            <h1>"Exponential backoff calculator"</h1>
            <p class="lede">
                "Set a retry policy and see exactly how long each retry waits. Everything is computed in your browser; nothing is sent anywhere."
            </p>
        </header>
        <main>
            <LinkNotices />
            <div class="layout">
                <PolicyForm />
                <section class="results" aria-label="Results">
                    <SummaryTiles />
                    <DeadlineSummary />
                    <div id="chart-slot" class="chart-slot"></div>
                    <ScheduleTable />
                    <div id="export-slot"></div>
                    <EdgeNotes />
                </section>
            </div>
            <div id="extras-slot"></div>
        </main>
        <footer class="footer">
            <p>
                "Sources: "
                <a href="https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/">"AWS Architecture Blog, “Exponential Backoff And Jitter” (2015)"</a>
                "; "
                <a href="https://cloud.google.com/storage/docs/retry-strategy">"Google Cloud Storage, “Retry strategy”"</a>
                "."
            </p>
        </footer>
    }
}

/// Starts the first app (called by `src/main.rs`).
pub fn mount_main() {
    leptos::mount::mount_to_body(App);
}
