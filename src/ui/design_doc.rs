//! The design doc: the whole page in one Markdown document for a design
//! review (the policy or the library's config and its link, the schedule,
//! the modes compared, the contention figures when they have been run for
//! these inputs, and the sources), to copy or download. Mounted with the
//! sections below the first screen (`src/ui/deferred.rs`), so neither the
//! section nor its writer (`core::export::design_doc`) weighs on the first
//! screen; the text is written by [`export_row`].

use leptos::prelude::*;

use crate::ui::comparison::Compared;
use crate::ui::simulation::results::LastRun;
use crate::ui::widgets::export_row::{export_row, Exported};

/// What the section says it holds: static, so markup.
const INTRO: &str = "Everything on this page in one Markdown document for a design review: the policy (or the library's config) and its share link, the schedule, the jitter modes compared, the contention simulation's figures when it has been run for these inputs, and the sources: the AWS study and RFC 9110.";

/// The design doc's section: what it holds, and its buttons.
#[component]
pub fn DesignDoc(
    /// The simulation's last run, whose figures the doc holds when they
    /// are for the inputs on the page.
    last: LastRun,
    /// The comparison the doc holds.
    compared: Compared,
) -> impl IntoView {
    view! {
        <section class="panel design-doc" aria-labelledby="design-doc-heading">
            <h2 id="design-doc-heading">"Design doc"</h2>
            <p class="intro" inner_html=INTRO></p>
            {export_row(Exported::DesignDoc(last, compared))}
        </section>
    }
}
