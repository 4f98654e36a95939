//! Background tasks: slices of seeded runs wait until the browser has
//! nothing more urgent to do.

use gloo_timers::future::TimeoutFuture;
use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Waits for a task of `background` priority where the browser has the
/// Prioritized Task Scheduling API (`scheduler.postTask`; Chromium since
/// release 94, and any other browser that has it): a queued input, its
/// update and every other task the page has queued run first, so no
/// queued slice runs ahead of them (a slice already running still ends
/// its 8 ms). A zero timeout elsewhere, which takes its turn with them.
pub async fn yield_to_page() {
    match background_task() {
        Some(task) => drop(JsFuture::from(task).await),
        None => TimeoutFuture::new(0).await,
    }
}

/// `scheduler.postTask(() => {}, { priority: "background" })`, where the
/// browser has it.
fn background_task() -> Option<Promise> {
    let scheduler = Reflect::get(&js_sys::global(), &JsValue::from_str("scheduler")).ok()?;
    let post_task = Reflect::get(&scheduler, &JsValue::from_str("postTask"))
        .ok()?
        .dyn_into::<Function>()
        .ok()?;
    let options = Object::new();
    Reflect::set(
        &options,
        &JsValue::from_str("priority"),
        &JsValue::from_str("background"),
    )
    .ok()?;
    let nothing = Closure::once_into_js(|| ());
    post_task
        .call2(&scheduler, &nothing, &options)
        .ok()?
        .dyn_into()
        .ok()
}
