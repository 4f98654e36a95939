//! The load run's status line: `data-state` for scripts, a named progress
//! bar, and a sentence. The states are the contention simulation's.

use leptos::{html, prelude::*};

use crate::ui::simulation::status::Status;
use crate::ui::widgets::bind::bind;

/// The status line under the buttons.
#[component]
pub fn LoadStatus(
    /// Where the run is.
    status: RwSignal<Status>,
    /// The element carrying `data-state`, which a new run sets at once.
    status_el: NodeRef<html::Div>,
) -> impl IntoView {
    view! {
        <div
            class="sim-status"
            data-testid="load-status"
            data-state=bind(status, |s| s.state.as_str().to_string())
            node_ref=status_el
        >
            <label for="load-progress">"Load run progress"</label>
            <progress
                id="load-progress"
                max=bind(status, |s| s.total.max(1).to_string())
                value=bind(status, |s| s.done.to_string())
            ></progress>
            <span class="sim-runs">{bind(status, |s| format!("{} of {} runs", s.done, s.total))}</span>
            <p class="sim-message" role="status">{bind(status, |s| s.message.clone())}</p>
        </div>
    }
}
