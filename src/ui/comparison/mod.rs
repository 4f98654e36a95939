//! The mode comparison: every jitter mode for the current base,
//! multiplier, cap and retries, as a table and as bars on one shared axis,
//! and the table to copy as Markdown or download as CSV.

mod markup;
#[cfg(test)]
mod tests;

use crate::core::decimal_text::Num;
use leptos::html::Tbody;
use leptos::prelude::*;

use leptos::svg::Svg;
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::core::compare::chart::{chart_height, WIDTH};
use crate::core::compare::library::{comparison, modes_policy, Comparison};
use crate::core::compare::{STUDY, STUDY_URL};
use crate::core::format;
use crate::core::policy::{Jitter, Policy, Proportional};
use crate::core::schedule::{decorrelated_means, SIMULATION_RUNS};
use crate::ui::state::{means, use_derived, use_library, use_policy, Derived, MeansRunner};
use crate::ui::widgets::export_row::{export_row, Exported};
use crate::ui::widgets::later::later;
use crate::ui::widgets::scroll_table::ScrollTable;

const TITLE_ID: &str = "mode-chart-title";
/// Said while the decorrelated mode's runs are being made.
fn deciding_words() -> String {
    format!(
        "Still deciding: decorrelated's expected total is the middle of each range until {} simulated runs are made, in a moment.",
        format::thousands(SIMULATION_RUNS as u64)
    )
}
const TITLE: &str = "Expected total (bar) and worst case (line) of each mode, on one axis";

/// The chart's key and the study's source: static, so markup rather than
/// views (each element as a view costs wasm).
fn legend() -> String {
    format!(
        r#"<span class="key expected-bar">expected total</span><span class="key worst">worst case</span><span>Source of the study column: <a href="{STUDY_URL}">{STUDY}</a>.</span>"#
    )
}

/// The mode whose button an event came from, if any.
fn clicked_mode(ev: &leptos::ev::MouseEvent) -> Option<Jitter> {
    let target = ev.target()?.dyn_into::<Element>().ok()?;
    let button = target
        .closest(&format!("button[{}]", markup::MODE))
        .ok()??;
    markup::button_mode(&button)
}

/// What the comparison shows, made once with the sections below the
/// first screen and read by its section and by the exports that write it.
#[derive(Clone, Copy)]
pub struct Compared {
    /// With a library chosen, its row and the modes at the page policy
    /// closest to its settings; else the modes at the page's policy.
    pub shown: Memo<Comparison>,
    /// Whether a library is chosen (its closest policy has means of its
    /// own).
    chosen: Memo<bool>,
    /// Whether the closest policy's decorrelated means are still a
    /// preview.
    own_deciding: Memo<bool>,
    /// Whether the page policy's are.
    page_deciding: Memo<bool>,
    /// What it is made from.
    derived: Derived,
}

impl Compared {
    /// The comparison for the page as `derived` holds it. The page's own
    /// policy has its decorrelated means already; the closest policy to a
    /// library's gets its own, made the same way (at once for a short
    /// schedule, in slices between the page's tasks for a long one), so
    /// typing into a library's field never waits for a long schedule's
    /// 2,000 runs. Without a library that policy has no retries, and its
    /// means cost nothing.
    pub fn new(derived: Derived) -> Self {
        let chosen = Memo::new(move |_| derived.library.with(Option::is_some));
        let at = move || {
            derived
                .library
                .with(|l| derived.policy.with(|p| modes_policy(p, l.as_deref())))
        };
        let own_policy = Memo::new(move |_| match chosen.get() {
            true => at(),
            false => Policy {
                max_retries: 0,
                ..derived.policy.get()
            },
        });
        // This section's code brought the simulation with it.
        let own = means::decorrelated(own_policy);
        own.start(MeansRunner::new());
        let shown = Memo::new(move |_| {
            let means = match chosen.get() {
                true => own.values,
                false => derived.means.values,
            };
            let at = at();
            means.with(|m| derived.library.with(|l| comparison(&at, m, l.as_deref())))
        });
        Compared {
            shown,
            chosen,
            own_deciding: own.deciding,
            page_deciding: derived.means.deciding,
            derived,
        }
    }

    /// `write` of the comparison as the exports write it: as shown, or,
    /// while the decorrelated means are still being made, with them made
    /// now (one click's work), so that an export never writes the middle
    /// of each range as a simulated mean.
    pub fn write_settled(&self, write: &dyn Fn(&Comparison) -> String) -> String {
        if !untrack(|| self.deciding()) {
            return self.shown.with_untracked(write);
        }
        let d = self.derived;
        let at = d
            .library
            .with_untracked(|l| d.policy.with_untracked(|p| modes_policy(p, l.as_deref())));
        let means = decorrelated_means(at.base_ms, at.cap_ms, at.max_retries);
        d.library
            .with_untracked(|l| write(&comparison(&at, &means, l.as_deref())))
    }

    /// Whether the decorrelated mode's expected total is still a preview,
    /// its runs being made in slices (tracked).
    pub fn deciding(&self) -> bool {
        match self.chosen.get() {
            true => self.own_deciding.get(),
            false => self.page_deciding.get(),
        }
    }
}

/// Worst case and expected total of every mode, with what the AWS study
/// found; choosing a mode's button switches the policy to that mode. With
/// a library chosen, the library's own row comes first and the modes run
/// at the page policy closest to its settings, said in one line.
#[component]
pub fn ModeComparison(
    /// What it shows.
    comparing: Compared,
) -> impl IntoView {
    let (derived, jitter) = (use_derived(), use_policy().jitter);
    let library = use_library();
    let compared = comparing.shown;
    // The section is drawn one task after an input (see
    // `later`): the input's own task updates the schedule alone. Each
    // drawing reads the comparison, the factors, the mode in use, the
    // library and whether the means are decided at that moment,
    // untracked, so the line, the rows and the marks always agree.
    // The drawing follows what the comparison is made from, not the
    // comparison, so its runs (a library's closest policy has means of
    // its own) are made in the later task. The policy holds the mode in
    // use; the library's rows change with the `Model` select.
    let drawn = later(move || {
        // `get`, not `track`: the first screen's wasm already has its code.
        let _ = derived.library.get();
        derived.policy.track();
        comparing.deciding();
    });
    // The line above the table: the policy the modes use with a library;
    // with a library chosen but its rows not (yet) here, that the modes
    // are the page's own. While the decorrelated runs are made, it says
    // that mode's expected total is not decided yet.
    let line = move || {
        drawn.track();
        untrack(|| {
            let policy = compared.with(|c| match &c.library {
                Some(b) => Some(b.words.clone()),
                None => library.model.get().map(|lib| {
                    format!(
                        "These modes compare this page's own policy, not {}.",
                        lib.name()
                    )
                }),
            });
            match (policy, comparing.deciding()) {
                (policy, false) => policy,
                (Some(policy), true) => Some(format!("{policy} {}", deciding_words())),
                (None, true) => Some(deciding_words()),
            }
        })
    };
    let body = NodeRef::<Tbody>::new();
    let svg = NodeRef::<Svg>::new();
    // The markup is written once; after that the values are rewritten in
    // place, and the mode in use is marked on the rows and bars when it
    // changes. Choosing a mode changes neither rows nor factors, so the
    // chosen button keeps the focus.
    // A library chosen or dropped (or another library) writes the markup
    // again: its row comes and goes.
    type Shown = (Comparison, Proportional, Jitter);
    Effect::new(move |shown: Option<Option<Shown>>| {
        let (body, svg) = (body.get()?, svg.get()?);
        let (body, svg): (&Element, &Element) = (&body, &svg);
        drawn.track();
        let factors = derived.policy.with_untracked(|p| p.proportional);
        let current = jitter.value.get_untracked();
        compared.with_untracked(|c| {
            let (rows, lib) = (&c.modes, c.library.as_ref().map(|b| &b.row));
            let marked = match shown.flatten() {
                Some((old, f, j)) if old == *c && f == factors => j == current,
                Some((old, _, j))
                    if old.modes.len() == rows.len()
                        && old.library.as_ref().map(|b| &b.row.name) == lib.map(|l| &l.name) =>
                {
                    markup::update(body, svg, rows, lib, factors);
                    j == current
                }
                _ => {
                    body.set_inner_html(&markup::rows_html(rows, lib, factors));
                    svg.set_inner_html(&markup::bars_svg(rows, lib, current, TITLE_ID, TITLE));
                    false
                }
            };
            if !marked {
                markup::mark_in_use(body, svg, rows, current);
            }
            Some((c.clone(), factors, current))
        })
    });
    view! {
        <section class="panel comparison" aria-labelledby="comparison-heading">
            <h2 id="comparison-heading">"Compare the modes"</h2>
            <p class="intro">
                "The same base, multiplier, cap and retries in every jitter mode. The worst case is what to hold against a deadline; the expected total is what a typical call waits. Choose a mode to use it."
            </p>
            <p class="note own-policy" data-testid="comparison-policy">{line}</p>
            <ScrollTable
                caption="Mode comparison"
                caption_id="comparison-caption"
                class="modes"
                headers=&["Mode", "Worst case", "Expected total", "In the AWS study"]
            >
                <tbody
                    node_ref=body
                    on:click=move |ev| {
                        if let Some(mode) = clicked_mode(&ev) {
                            jitter.set(mode);
                        }
                    }
                ></tbody>
            </ScrollTable>
            <figure class="chart mode-chart">
                <svg
                    node_ref=svg
                    viewBox=move || {
                        drawn.track();
                        let rows = compared.with_untracked(|c| c.modes.len() + usize::from(c.library.is_some()));
                        format!("0 0 {} {}", Num(WIDTH), Num(chart_height(rows)))
                    }
                    role="img"
                    aria-labelledby=TITLE_ID
                    preserveAspectRatio="xMidYMid meet"
                ></svg>
                <figcaption class="legend" inner_html=legend()></figcaption>
            </figure>
            {export_row(Exported::Comparison(comparing))}
        </section>
    }
}
