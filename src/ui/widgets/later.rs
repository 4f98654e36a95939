//! What a section below the first screen draws, one task after an input:
//! the input's own task then ends with the first screen updated, and the
//! browser lays out that first.

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;

/// A signal that changes one task after anything `track` reads has
/// changed ([`after_queued_tasks`]): after the tasks the page had queued
/// (an input's update, a task posted right after it), before the seeded
/// runs' slices, which wait for `background` tasks; only once for
/// several quick changes.
///
/// A drawing tracks the signal and reads its values untracked, all at
/// that moment: it is never half old, half new. `track` reads what those
/// values are made from (the policy, the library), not the values: a
/// memo read only by the drawing is then worked out in the later task,
/// and the input's task holds neither its work nor its DOM. An export
/// or a copy reads the values themselves, current at once.
///
/// [`after_queued_tasks`]: crate::ui::widgets::background::after_queued_tasks
pub fn later(track: impl Fn() + 'static) -> RwSignal<bool> {
    let drawn = RwSignal::new(false);
    // Bumped by each change: a drawing queued before a newer change is
    // not made.
    let newest = Rc::new(Cell::new(0u32));
    Effect::new(move |started: Option<()>| {
        track();
        if started.is_some() {
            draw_later(Rc::clone(&newest), drawn);
        }
    });
    drawn
}

/// Changes `drawn` after the page's queued tasks, unless a newer change
/// came first.
fn draw_later(newest: Rc<Cell<u32>>, drawn: RwSignal<bool>) {
    let this = newest.get().wrapping_add(1);
    newest.set(this);
    let draw = move || {
        if newest.get() == this {
            drawn.update(|d| *d = !*d);
        }
    };
    // Natively (the state's tests) there is no page to yield to.
    #[cfg(target_arch = "wasm32")]
    leptos::task::spawn_local(async move {
        crate::ui::widgets::background::after_queued_tasks().await;
        draw();
    });
    #[cfg(not(target_arch = "wasm32"))]
    draw();
}
