//! Small browser helpers for the copy and download buttons.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

/// Copies `text` to the clipboard, then sets `status` to a short message
/// that clears itself after two seconds.
pub fn copy_text(text: String, status: RwSignal<&'static str>) {
    let clipboard = window().navigator().clipboard();
    spawn_local(async move {
        let promise = clipboard.write_text(&text);
        let copied = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        status.set(if copied {
            "Copied."
        } else {
            "Copy failed: select the text and copy it by hand."
        });
        gloo_timers::future::TimeoutFuture::new(2_000).await;
        status.set("");
    });
}

/// Offers `text` as a file download named `name`.
///
/// Inlined into each caller: called from the first screen and from the
/// sections below it, a function of its own would sit in the first
/// screen's wasm, which has one caller and inlines it.
#[inline(always)]
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), wasm_bindgen::JsValue> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = document();
    let link: web_sys::HtmlAnchorElement = document.create_element("a")?.unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // Some browsers read the blob after click() returns: free it later.
    gloo_timers::callback::Timeout::new(10_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}
