//! A panic is never silent. The release build aborts on panic, which stops
//! the wasm for good: every button then does nothing. The hook set here
//! runs first, logs the panic to the console and shows the message that
//! `index.html` holds hidden at the top of the page (static, so it needs no
//! working wasm to be written), with its reload link pointed at the page's
//! current address, which keeps the inputs.

use wasm_bindgen::prelude::*;

/// Sets the hook; called once, before the app mounts.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        leptos::logging::error!("backoff calculator: {info}");
        show_message();
    }));
}

/// Shows `#panic` and points its link at the current address.
fn show_message() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(note) = document.get_element_by_id("panic") else {
        return;
    };
    // Without the fragment (`#results` after a jump): a link to the same
    // address with a fragment would only scroll, not reload.
    let href = document.location().and_then(|l| l.href().ok());
    if let (Some(link), Some(href)) = (note.last_element_child(), href) {
        let _ = link.set_attribute("href", href.split('#').next().unwrap_or_default());
    }
    let _ = note.remove_attribute("hidden");
}

/// Panics on purpose, so the browser tests can check that a panic shows
/// the message (no input of the page can reach a panic).
#[wasm_bindgen(js_name = panicForTest)]
pub fn panic_for_test() {
    panic!("panicForTest was called");
}
