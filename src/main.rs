//! Mounts the first render. Everything else lives in the library.

fn main() {
    backoff_calculator::mount_main();
}
