//! Work done a slice at a time between the page's own tasks, so that no
//! task holds the page for long: the contention simulation, a library's
//! seeded runs.

use crate::ui::widgets::background::yield_to_page;

/// Wall time one slice of the page's seeded runs may take, ms: well under
/// the 50 ms of a long task, with room for the render after it.
pub const SLICE_MS: f64 = 8.0;

/// Yields to the browser until it has nothing more urgent to do
/// ([`yield_to_page`]), then calls `step` on `work`
/// (it says whether the work is done) for about `slice_ms` of wall time,
/// then `between` (with whether it is done), and so on: `true` once the
/// work is done, `false` as soon as `between` says to stop (an input
/// changed, a newer run started).
pub async fn in_slices<T: ?Sized>(
    work: &mut T,
    slice_ms: f64,
    mut step: impl FnMut(&mut T) -> bool,
    mut between: impl FnMut(&T, bool) -> bool,
) -> bool {
    loop {
        // Yield first: the page paints what it has (a preview, the last
        // results) before any slice runs.
        yield_to_page().await;
        // A run made stale while it waited (a newer input, Cancel) stops
        // here, before a slice of work nobody will see.
        if !between(work, false) {
            return false;
        }
        let start = js_sys::Date::now();
        let mut done = false;
        while !done && js_sys::Date::now() - start < slice_ms {
            done = step(work);
        }
        if !between(work, done) {
            return false;
        }
        if done {
            return true;
        }
    }
}
