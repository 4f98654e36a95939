//! Mounts the page. Everything else lives in the library.

fn main() {
    // A panic would otherwise vanish silently in WebAssembly.
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(backoff_calculator::App);
}
