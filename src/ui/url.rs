//! The page's link, shared by the two wasm apps (see [`crate::ui::extras`]):
//! each rewrites it in place when its own state changes and tells the
//! other, which reads it back.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::core::share::{self, Notice, State};
use crate::ui::state::AppState;

/// The event one app sends the other after changing the link.
const CHANGED: &str = "backoff:changed";

/// Reads the state from the current URL query, with a fresh random seed
/// when the link has none.
pub fn load() -> (State, Vec<Notice>) {
    let seed = getrandom::u64().unwrap_or(1);
    let query = window().location().search().unwrap_or_default();
    share::decode(&query, State::with_seed(seed))
}

/// Replaces the URL's query with `state` without adding a history entry,
/// and tells the other app when it changed. `from` names the sender.
pub fn replace(state: &State, from: &str) {
    let query = format!("?{}", share::encode(state));
    let window = window();
    if window.location().search().ok().as_deref() == Some(query.as_str()) {
        return;
    }
    let Ok(history) = window.history() else {
        return;
    };
    // Failure here only means the link is stale; the page keeps working.
    if history
        .replace_state_with_url(&JsValue::NULL, "", Some(&query))
        .is_ok()
    {
        let init = web_sys::CustomEventInit::new();
        init.set_detail(&JsValue::from_str(from));
        if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict(CHANGED, &init) {
            let _ = window.dispatch_event(&event);
        }
    }
}

/// Keeps `state` in step with the link: it writes the link whenever the
/// state changes, and reads it back whenever the other app (not `me`)
/// changed it.
pub fn sync(state: AppState, me: &'static str) {
    Effect::new(move |_| replace(&state.snapshot(), me));
    let on_change =
        Closure::<dyn Fn(web_sys::CustomEvent)>::new(move |event: web_sys::CustomEvent| {
            if event.detail().as_string().as_deref() != Some(me) {
                // Optional parameters are left out of a link when unset, so
                // their absence must clear them; the rest are always written.
                let mut current = state.snapshot_untracked();
                current.deadline_ms = None;
                current.server_wait = None;
                let query = window().location().search().unwrap_or_default();
                state.apply(&share::decode(&query, current).0);
            }
        });
    let _ = window().add_event_listener_with_callback(CHANGED, on_change.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    on_change.forget();
}
