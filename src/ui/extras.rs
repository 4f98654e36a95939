//! The second wasm app: everything below the first render.
//!
//! The first render (inputs, tiles, table) is its own small wasm so the
//! page shows a schedule quickly; this app is loaded right after it and
//! mounts the presets, the proportional factors, the chart, export, the
//! Retry-After tester, the retry code, explainer and guide into the slots the first app left for them. Each app holds its
//! own copy of the state; the share link is the single source both write
//! and read back (see [`crate::ui::url::sync`]).

use leptos::mount::mount_to;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::core::policy::Jitter;
use crate::ui::chart::ScheduleChart;
use crate::ui::code_tabs::CodeTabs;
use crate::ui::explainer::Explainer;
use crate::ui::export::ExportButtons;
use crate::ui::guide::Guide;
use crate::ui::preset_picker::PresetPicker;
use crate::ui::proportional_fields::ProportionalFields;
use crate::ui::retry_after::RetryAfterTester;
use crate::ui::state::AppState;
use crate::ui::url;

/// Mounts `view` into the element with id `slot`, if the page has it.
fn mount_in<V: IntoView + 'static>(slot: &str, view: impl FnOnce() -> V + 'static) {
    let Some(element) = document()
        .get_element_by_id(slot)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    element.set_inner_html("");
    // The views live as long as the page.
    mount_to(element, view).forget();
}

/// Starts the second app (called by `src/bin/extras.rs`).
///
/// Everything is created inside the first mount, because `mount_to` is
/// what starts Leptos's task executor, which effects need; the other slots
/// are mounted from there so they share its state through context.
pub fn mount_extras() {
    mount_in("extras-slot", || {
        let (initial, _notices) = url::load();
        let state = AppState::new(initial, Vec::new());
        provide_context(state);
        url::sync(state, "extras");
        mount_in("preset-slot", PresetPicker);
        mount_in("proportional-slot", move || {
            view! {
                <Show when=move || state.jitter.get() == Jitter::Proportional>
                    <ProportionalFields />
                </Show>
            }
        });
        mount_in("chart-slot", ScheduleChart);
        mount_in("export-slot", ExportButtons);
        view! {
            <RetryAfterTester />
            <CodeTabs />
            <Explainer />
            <Guide />
        }
    });
}
