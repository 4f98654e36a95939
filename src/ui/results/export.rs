//! Export buttons: the share link or the schedule as Markdown on the
//! clipboard, or the schedule as a CSV file.
//!
//! The export writers are not needed to show the first screen: they sit
//! behind a split point ([`export_text`]) and load with the sections below
//! it (see `src/ui/deferred.rs`), usually long before anyone clicks.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_split_helpers::{wasm_split, SplitLoaderError};

use crate::core::export::{csv_export, markdown_export};
use crate::core::schedule::Schedule;
use crate::core::share::State;
use crate::ui::link as url;
use crate::ui::state::use_state;
use crate::ui::widgets::clipboard::{copy_text, download};

/// Which export a button asks for.
#[derive(Clone, Copy)]
enum Export {
    Markdown,
    Csv,
}

/// The text of `export` for `schedule` under `state`: both open with the
/// policy and the share link, so a pasted table says what it describes.
#[wasm_split(rest, fallible)]
fn export_text(
    export: Export,
    schedule: Schedule,
    state: State,
) -> Result<String, SplitLoaderError> {
    let link = url::full_link(&state);
    Ok(match export {
        Export::Markdown => markdown_export(&schedule, &state, &link),
        Export::Csv => csv_export(&schedule, &state, &link),
    })
}

/// "Copy link", "Copy as Markdown" and "Download CSV" for what is on screen.
#[component]
pub fn ExportButtons() -> impl IntoView {
    let state = use_state();
    let schedule = state.derived.schedule;
    let status = RwSignal::new("");
    let copy_link = move |_| copy_text(url::full_link(&state.snapshot_untracked()), status);
    // The inputs as they are at the click, written once the writers are
    // there.
    let export = move |export: Export| {
        let (now, shown) = (state.snapshot_untracked(), schedule.get_untracked());
        spawn_local(async move {
            match (export, export_text(export, shown, now).await) {
                (_, Err(_)) => status.set("Not ready: the exports could not be loaded."),
                (Export::Markdown, Ok(text)) => copy_text(text, status),
                (Export::Csv, Ok(csv)) => {
                    if download("retry-schedule.csv", "text/csv", &csv).is_err() {
                        status.set("Download failed.");
                    }
                }
            }
        });
    };
    view! {
        <div class="export">
            <button type="button" class="secondary" on:click=copy_link>"Copy link"</button>
            <button type="button" class="secondary" on:click=move |_| export(Export::Markdown)>
                "Copy as Markdown"
            </button>
            <button type="button" class="secondary" on:click=move |_| export(Export::Csv)>
                "Download CSV"
            </button>
            <span class="status" role="status">{move || status.get()}</span>
        </div>
    }
}
