//! Export buttons: the share link or the schedule as Markdown on the
//! clipboard, or the schedule as a CSV file.

use leptos::prelude::*;

use crate::core::export::{to_csv, to_markdown};
use crate::ui::clipboard::{copy_text, download};
use crate::ui::state::use_state;
use crate::ui::url;

/// "Copy link", "Copy as Markdown" and "Download CSV" for what is on screen.
#[component]
pub fn ExportButtons() -> impl IntoView {
    let state = use_state();
    let schedule = state.schedule;
    let status = RwSignal::new("");
    let copy_link = move |_| copy_text(url::full_link(&state.snapshot_untracked()), status);
    let copy = move |_| copy_text(schedule.with(to_markdown), status);
    let save = move |_| {
        let csv = schedule.with(to_csv);
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
