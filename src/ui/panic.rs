//! A panic is never silent. The release build aborts on panic, which stops
//! the wasm for good: every button then does nothing. The hook set here
//! runs first, logs the panic to the console and puts a short message with
//! a reload link at the top of the page.

use wasm_bindgen::prelude::*;

/// What the person reads: what happened, and how to get going again. The
/// link keeps the inputs as they were last written to the address bar.
pub const MESSAGE: &str =
    "Something went wrong and the calculator stopped. Reload the page to start it again; the link keeps your inputs.";

/// Sets the hook; called once, before the app mounts.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        leptos::logging::error!("backoff calculator: {info}");
        show_message();
    }));
}

/// Adds the message and its reload link at the top of the body, once.
fn show_message() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if document.get_element_by_id("panic").is_some() {
        return;
    }
    let Some(body) = document.body() else { return };
    let Ok(note) = document.create_element("div") else {
        return;
    };
    note.set_id("panic");
    note.set_class_name("panic");
    let _ = note.set_attribute("role", "alert");
    note.set_text_content(Some(MESSAGE));
    if let Ok(link) = document.create_element("a") {
        let href = document.location().and_then(|l| l.href().ok());
        let _ = link.set_attribute("href", href.as_deref().unwrap_or("."));
        link.set_text_content(Some("Reload the page"));
        let _ = note.append_child(&document.create_text_node(" "));
        let _ = note.append_child(&link);
    }
    let _ = body.prepend_with_node_1(&note);
}

/// Panics on purpose, so the browser tests can check that a panic shows
/// the message (no input of the page can reach a panic).
#[wasm_bindgen(js_name = panicForTest)]
pub fn panic_for_test() {
    panic!("panicForTest was called");
}
