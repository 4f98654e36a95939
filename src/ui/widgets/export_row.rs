//! The export buttons of the sections below the first screen: the mode
//! comparison, the contention results and the design doc. Each row has a
//! button that copies the section's Markdown to the clipboard (then says
//! so in its status line) and one that downloads a file.
//!
//! One function, not generic, writes every row: each copy of a view (one
//! per closure type) costs the wasm its own code, and each closure a slot
//! in the table the first screen's wasm holds. The texts come from the
//! core's writers, chosen by [`Exported`]; the row is reached only from
//! those sections, so it loads with them, never with the first screen.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::compare::library::Comparison;
use crate::core::export::{
    comparison_csv, comparison_markdown, design_doc, simulation_csv, simulation_markdown,
    with_load_section,
};
use crate::ui::comparison::Compared;
use crate::ui::library::doc_config;
use crate::ui::link as url;
use crate::ui::simulation::results::{Finished, LastRun};
use crate::ui::state::{use_state, AppState};
use crate::ui::widgets::clipboard::{copy_text, download};

/// Which section a row exports.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Exported {
    /// The mode comparison's table.
    Comparison,
    /// The contention results' table.
    Simulation,
    /// The whole page as one Markdown document.
    DesignDoc,
}

impl Exported {
    /// The copy button's text (its accessible name), the download
    /// button's, the file's name and its MIME type.
    fn labels(self) -> [&'static str; 4] {
        match self {
            Exported::Comparison => [
                "Copy comparison as Markdown",
                "Download comparison CSV",
                "retry-mode-comparison.csv",
                "text/csv",
            ],
            Exported::Simulation => [
                "Copy results as Markdown",
                "Download results CSV",
                "contention-simulation.csv",
                "text/csv",
            ],
            Exported::DesignDoc => [
                "Copy design doc as Markdown",
                "Download design doc",
                "retry-design-doc.md",
                "text/markdown",
            ],
        }
    }
}

/// The last run's sweep (none when `last` is).
fn finished(last: Option<LastRun>) -> RwSignal<Option<Arc<Finished>>> {
    last.map_or_else(|| RwSignal::new(None), |l| l.finished)
}

/// The text of `what` as the page is now: its Markdown, or its file's
/// text when `file`.
fn text(
    what: Exported,
    file: bool,
    state: &AppState,
    last: Option<LastRun>,
    compared: Option<Compared>,
) -> String {
    let c = |write: &dyn Fn(&Comparison) -> String| match compared {
        Some(c) => c.write_settled(write),
        None => String::new(),
    };
    match what {
        Exported::Comparison if file => c(&|c| comparison_csv(&c.modes, c.library.as_ref())),
        Exported::Comparison => {
            let factors = state.derived.policy.with(|p| p.proportional);
            c(&|c| comparison_markdown(&c.modes, c.library.as_ref(), factors))
        }
        Exported::Simulation => finished(last).with(|f| {
            let results = f.as_ref().map_or(&[][..], |f| &f.results[..]);
            if file {
                simulation_csv(results)
            } else {
                simulation_markdown(results)
            }
        }),
        Exported::DesignDoc => {
            let now = state.snapshot_untracked();
            let config = doc_config();
            // The figures only when they are for the inputs on the page.
            let current = last.is_some_and(|l| l.current.get());
            let run = finished(last).get().filter(|_| current);
            let doc = c(&|c| {
                design_doc(
                    &state.derived.schedule.get(),
                    &now,
                    &url::full_link(&now),
                    config.as_ref().map(|(h, t)| (h.as_str(), t.as_str())),
                    &c.modes,
                    c.library.as_ref(),
                    run.as_ref().map(|f| &f.results[..]),
                )
            });
            // The load figures, likewise only when they are current.
            let load = last
                .filter(|l| l.load_current.get())
                .and_then(|l| l.load.get());
            with_load_section(doc, load.as_deref())
        }
    }
}

/// The row of `what`'s two buttons and its status line; `last` is the
/// simulation's last run, which the contention results and the design doc
/// read, and `compared` the comparison, which it and the design doc read.
pub fn export_row(
    what: Exported,
    last: Option<LastRun>,
    compared: Option<Compared>,
) -> impl IntoView {
    let state = use_state();
    let [copy_label, save_label, file, mime] = what.labels();
    let status = RwSignal::new("");
    let write = move |file| untrack(|| text(what, file, &state, last, compared));
    let copy = move |_| copy_text(write(false), status);
    let save = move |_| {
        if download(file, mime, &write(true)).is_err() {
            status.set("Download failed.");
        }
    };
    view! {
        <div class="export">
            <button type="button" class="secondary" on:click=copy>{copy_label}</button>
            <button type="button" class="secondary" on:click=save>{save_label}</button>
            // A `String`, not the `&str` the first screen's row renders:
            // sharing that view's code would move it out of line there.
            <span class="status" role="status">{move || status.get().to_string()}</span>
        </div>
    }
}
