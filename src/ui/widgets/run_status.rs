//! A run's status line, shared by the contention simulation and the load
//! run: `data-state` for scripts, a named progress bar, the runs done,
//! and a sentence on what happened.

use leptos::{html, prelude::*};

use crate::core::format::thousands;
use crate::ui::widgets::bind::bind;

/// Where a run is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState {
    /// Nothing has run, or a run was refused.
    Idle,
    /// A run is under way.
    Running,
    /// The last run finished; its results are shown.
    Done,
    /// The last run was stopped before it finished.
    Cancelled,
    /// Done, but an input the figures depend on has changed since.
    Stale,
}

impl RunState {
    /// The status element's `data-state`, which scripts wait on.
    pub fn as_str(self) -> &'static str {
        match self {
            RunState::Idle => "idle",
            RunState::Running => "running",
            RunState::Done => "done",
            RunState::Cancelled => "cancelled",
            RunState::Stale => "stale",
        }
    }
}

/// Where the run is, as the status element shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    /// Where the run is: the `data-state`.
    pub state: RunState,
    /// Runs finished.
    pub done: u64,
    /// Runs in all.
    pub total: u64,
    /// What happened, in words.
    pub message: String,
}

impl Status {
    /// A status of `state` at `(done, total)` runs, saying `message`.
    pub fn new(state: RunState, (done, total): (u64, u64), message: String) -> Status {
        Status {
            state,
            done,
            total,
            message,
        }
    }
}

type Part = fn(&Status) -> String;

/// The message once an input the figures depend on has changed since the
/// run: the page's stale pattern, on the status line.
pub const STALE: &str = "Out of date: an input changed. Run the simulation again.";

/// One part of the status, as a binding (see [`crate::ui::widgets::bind`]).
fn show(status: RwSignal<Status>, part: Part) -> impl Fn() -> String + Copy + Send + Sync {
    bind(status, part)
}

/// Whether nothing is running: the button that stops a run is disabled
/// then.
pub fn idle(status: RwSignal<Status>) -> impl Fn() -> bool + Copy + Send + Sync {
    move || status.with(|s| s.state != RunState::Running)
}

/// The runs done, or that nothing has run: an empty bar under its label
/// says so, rather than a blank.
fn runs_text(s: &Status) -> String {
    if s.total == 0 {
        return "Not run yet".to_string();
    }
    format!("{} of {} runs", thousands(s.done), thousands(s.total))
}

/// The status line under a section's buttons.
#[component]
pub fn RunStatus(
    /// Where the run is.
    status: RwSignal<Status>,
    /// The element carrying `data-state`, which a new run sets at once.
    status_el: NodeRef<html::Div>,
    /// The element's `data-testid`.
    testid: &'static str,
    /// The progress bar's `id`.
    bar_id: &'static str,
    /// The progress bar's label.
    label: &'static str,
) -> impl IntoView {
    view! {
    <div
        class="sim-status"
        data-testid=testid
        data-state=show(status, |s| s.state.as_str().to_string())
        node_ref=status_el
    >
        <label for=bar_id>{label}</label>
        <progress
            id=bar_id
            max=show(status, |s| s.total.max(1).to_string())
            value=show(status, |s| s.done.to_string())
        ></progress>
        <span class="sim-runs">{show(status, runs_text)}</span>
        <p class="sim-message" role="status">{show(status, |s| s.message.clone())}</p>
    </div>
    }
}
