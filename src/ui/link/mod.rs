//! The page's link: read once at start-up, written from the state in one
//! place ([`write_link`]).

pub mod notices;

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use crate::core::share::{self, Notice, State};
use crate::ui::state::AppState;

/// Reads the state from the current URL query, with a fresh random seed
/// when the link has none.
pub fn load() -> (State, Vec<Notice>) {
    let seed = getrandom::u64().unwrap_or(1);
    let query = window().location().search().unwrap_or_default();
    share::decode_fields(&query, State::with_seed(seed))
}

/// The page's full URL for `state`: what `Copy link` copies.
pub fn full_link(state: &State) -> String {
    let location = window().location();
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}?{}", share::encode(state))
}

/// How long the link waits for typing to pause before it is rewritten:
/// `replaceState` costs about a millisecond, and browsers throttle it when
/// called on every keystroke.
const LINK_DELAY_MS: u32 = 120;

/// Replaces the query with `query` in place (no history entry).
fn replace_query(query: &str) {
    let window = window();
    if window.location().search().ok().as_deref() == Some(query) {
        return;
    }
    if let Ok(history) = window.history() {
        // Failure here only means the link is stale; the page keeps working.
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(query));
    }
}

/// Keeps the address bar equal to the state: whenever the state changes,
/// the query is replaced in place, a task after start-up and then once
/// typing pauses. This is the only code that writes the URL; nothing reads
/// it back after start-up, and `Copy link` builds its link from the state.
pub fn write_link(state: AppState) {
    Effect::new(move |previous: Option<Timeout>| {
        let query = format!("?{}", share::encode(&state.snapshot()));
        // At start-up, after the first screen is up: `replaceState` took
        // 1 to 9 ms there, and the first sample waited for it.
        let delay = if previous.is_some() { LINK_DELAY_MS } else { 0 };
        // Replacing the previous run's timeout drops (cancels) it.
        Timeout::new(delay, move || replace_query(&query))
    });
}
