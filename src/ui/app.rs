//! The page: layout, shared state and the link kept in sync.

use leptos::prelude::*;

use crate::ui::chart::ScheduleChart;
use crate::ui::deadline::DeadlineSummary;
use crate::ui::explainer::{EdgeNotes, Explainer};
use crate::ui::export::ExportButtons;
use crate::ui::guide::Guide;
use crate::ui::notices::LinkNotices;
use crate::ui::policy_form::PolicyForm;
use crate::ui::retry_after::RetryAfterTester;
use crate::ui::schedule_table::ScheduleTable;
use crate::ui::state::AppState;
use crate::ui::tiles::SummaryTiles;
use crate::ui::url;

/// The whole calculator page.
#[component]
pub fn App() -> impl IntoView {
    let (initial, notices) = url::load();
    let state = AppState::new(initial, notices);
    provide_context(state);
    // The URL is outside the reactive graph: keep it in step with the state.
    Effect::new(move |_| url::replace(&state.snapshot()));

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
                    <ScheduleChart />
                    <ScheduleTable />
                    <ExportButtons />
                    <EdgeNotes />
                </section>
            </div>
            <RetryAfterTester />
            <Explainer />
            <Guide />
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
