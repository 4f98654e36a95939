//! Mounts the page. Everything else lives in the library.

fn main() {
    backoff_calculator::mount();
}
