//! Mounts the page. Everything else lives in the library.

fn main() {
    // The wasm's own start, from which scripts/bench-page.mjs measures the
    // first sample (docs/targets.md).
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark("app-start");
    }
    backoff_calculator::mount();
}
