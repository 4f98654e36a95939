//! Tasks that wait their turn: slices of seeded runs wait until the
//! browser has nothing more urgent to do; the sections below the first
//! screen are drawn after the tasks already queued, before any slice.

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
    after_task("background").await;
}

/// Waits for a task of `user-visible` priority (the page's usual one)
/// where the browser has the same API: the tasks queued before it run
/// first, an input's update and a task posted right after the input
/// among them, and it runs before any `background` task. A zero timeout
/// elsewhere.
// Natively (the state's tests) `later` draws at once.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub async fn after_queued_tasks() {
    after_task("user-visible").await;
}

async fn after_task(priority: &str) {
    match posted_task(priority) {
        Some(task) => drop(JsFuture::from(task).await),
        None => TimeoutFuture::new(0).await,
    }
}

/// `scheduler.postTask(() => {}, { priority })`, where the browser has it.
fn posted_task(priority: &str) -> Option<Promise> {
    let scheduler = Reflect::get(&js_sys::global(), &JsValue::from_str("scheduler")).ok()?;
    let post_task = Reflect::get(&scheduler, &JsValue::from_str("postTask"))
        .ok()?
        .dyn_into::<Function>()
        .ok()?;
    let options = Object::new();
    Reflect::set(
        &options,
        &JsValue::from_str("priority"),
        &JsValue::from_str(priority),
    )
    .ok()?;
    let nothing = Closure::once_into_js(|| ());
    post_task
        .call2(&scheduler, &nothing, &options)
        .ok()?
        .dyn_into()
        .ok()
}
