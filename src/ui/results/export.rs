//! Export buttons: the share link or the schedule as Markdown on the
//! clipboard, or the schedule as a CSV file.

use leptos::prelude::*;

use crate::core::export::{csv_export, markdown_export};
use crate::core::schedule::Schedule;
use crate::core::share::State;
use crate::ui::link as url;
use crate::ui::state::use_state;
use crate::ui::widgets::clipboard::{copy_text, download};

/// "Copy link", "Copy as Markdown" and "Download CSV" for what is on screen.
#[component]
pub fn ExportButtons() -> impl IntoView {
    let state = use_state();
    let schedule = state.derived.schedule;
    let status = RwSignal::new("");
    let copy_link = move |_| copy_text(url::full_link(&state.snapshot_untracked()), status);
    // Both exports open with the policy and the share link, so a pasted
    // table says what it describes.
    let export = move |write: fn(&Schedule, &State, &str) -> String| {
        let now = state.snapshot_untracked();
        schedule.with_untracked(|s| write(s, &now, &url::full_link(&now)))
    };
    let copy = move |_| copy_text(export(markdown_export), status);
    let save = move |_| {
        let csv = export(csv_export);
        if download("retry-schedule.csv", "text/csv", &csv).is_err() {
            status.set("Download failed.");
        }
    };
    view! {
        <div class="export">
            <button type="button" class="secondary" on:click=copy_link>"Copy link"</button>
            <button type="button" class="secondary" on:click=copy>"Copy as Markdown"</button>
            <button type="button" class="secondary" on:click=save>"Download CSV"</button>
            <span class="status" role="status">{move || status.get()}</span>
        </div>
    }
}
