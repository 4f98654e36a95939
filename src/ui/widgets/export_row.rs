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

use leptos::prelude::*;

use crate::core::export::{
    comparison_csv, comparison_markdown, design_doc, simulation_csv, simulation_markdown,
    with_load_section,
};
use crate::ui::comparison::Compared;
use crate::ui::library::doc_config;
use crate::ui::link as url;
use crate::ui::simulation::results::LastRun;
use crate::ui::state::{use_state, AppState};
use crate::ui::widgets::clipboard::{copy_text, download};

/// Which section a row exports, with what its text is written from: each
/// export names the parts it needs, so none can be asked for without them.
#[derive(Clone, Copy)]
pub enum Exported {
    /// The mode comparison's table.
    Comparison(Compared),
    /// The contention results' table, from the simulation's last run.
    Simulation(LastRun),
    /// The whole page as one Markdown document: the comparison, and the
    /// simulation's and the load study's last runs when they are current.
    DesignDoc(LastRun, Compared),
}

impl Exported {
    /// The copy button's text (its accessible name), the download
    /// button's, the file's name and its MIME type.
    fn labels(self) -> [&'static str; 4] {
        match self {
            Exported::Comparison(_) => [
                "Copy comparison as Markdown",
                "Download comparison CSV",
                "retry-mode-comparison.csv",
                "text/csv",
            ],
            Exported::Simulation(_) => [
                "Copy results as Markdown",
                "Download results CSV",
                "contention-simulation.csv",
                "text/csv",
            ],
            Exported::DesignDoc(..) => [
                "Copy design doc as Markdown",
                "Download design doc",
                "retry-design-doc.md",
                "text/markdown",
            ],
        }
    }

    /// The text of the export as the page is now: its Markdown, or its
    /// file's text when `file`.
    pub(crate) fn text(self, file: bool, state: &AppState) -> String {
        match self {
            Exported::Comparison(compared) if file => {
                compared.write_settled(&|c| comparison_csv(&c.modes, c.library.as_ref()))
            }
            Exported::Comparison(compared) => {
                let factors = state.derived.policy.with(|p| p.proportional);
                compared
                    .write_settled(&|c| comparison_markdown(&c.modes, c.library.as_ref(), factors))
            }
            Exported::Simulation(last) => last.finished.with(|f| {
                let results = f.as_ref().map_or(&[][..], |f| &f.results[..]);
                if file {
                    simulation_csv(results)
                } else {
                    simulation_markdown(results)
                }
            }),
            Exported::DesignDoc(last, compared) => {
                let now = state.snapshot_untracked();
                let config = doc_config();
                // The figures only when they are for the inputs on the page.
                let current = last.current.get();
                let run = last.finished.get().filter(|_| current);
                let doc = compared.write_settled(&|c| {
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
                let load = last.load_current.get().then(|| last.load.get()).flatten();
                with_load_section(doc, load.as_deref())
            }
        }
    }
}

/// The row of `what`'s two buttons and its status line.
pub fn export_row(what: Exported) -> impl IntoView {
    let state = use_state();
    let [copy_label, save_label, file, mime] = what.labels();
    let status = RwSignal::new("");
    let write = move |file| untrack(|| what.text(file, &state));
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
