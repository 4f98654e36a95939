//! Export buttons: the schedule as Markdown on the clipboard or as CSV.

use leptos::prelude::*;

use crate::core::export::{to_csv, to_markdown};
use crate::ui::clipboard::{copy_text, download};
use crate::ui::state::use_state;

/// "Copy as Markdown" and "Download CSV" for the schedule on screen.
#[component]
pub fn ExportButtons() -> impl IntoView {
    let schedule = use_state().schedule;
    let status = RwSignal::new("");
    let copy = move |_| copy_text(schedule.with(to_markdown), status);
    let save = move |_| {
        let csv = schedule.with(to_csv);
        if download("retry-schedule.csv", "text/csv", &csv).is_err() {
            status.set("Download failed.");
        }
    };
    view! {
        <div class="export">
            <button type="button" class="secondary" on:click=copy>"Copy as Markdown"</button>
            <button type="button" class="secondary" on:click=save>"Download CSV"</button>
            <span class="status" role="status">{move || status.get()}</span>
        </div>
    }
}
