//! The page's link: read once at start, rewritten in place on every change.

use leptos::prelude::*;

use crate::core::share::{self, Notice, State};

/// Reads the state from the current URL query, with a fresh random seed
/// when the link has none.
pub fn load() -> (State, Vec<Notice>) {
    let seed = getrandom::u64().unwrap_or(1);
    let query = window().location().search().unwrap_or_default();
    share::decode(&query, State::with_seed(seed))
}

/// Replaces the URL's query with `state` without adding a history entry.
pub fn replace(state: &State) {
    let query = format!("?{}", share::encode(state));
    let window = window();
    if window.location().search().ok().as_deref() == Some(query.as_str()) {
        return;
    }
    if let Ok(history) = window.history() {
        // Failure here only means the link is stale; the page keeps working.
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&query));
    }
}
