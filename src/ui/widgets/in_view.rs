//! A long list whose items far from view are written after the frame.
//!
//! The schedule's rows have `content-visibility: auto` (style/main.css):
//! the browser skips the style, layout and paint of a row that is not
//! near the view, and says so with a `contentvisibilityautostatechange`
//! event. An update writes at once every item the browser does not skip,
//! so the frame after an input shows them new; the skipped ones are
//! written two animation frames after the newest input, past the frame
//! that shows it. The browser draws the rows within a margin around the
//! view, and a few rows past a scroller's edges, so a skipped row comes
//! into view by a scroll or a resize, whose events come before the frame
//! is drawn and write the rows at once, or when the list changes shape
//! (see [`IndexedList::sync`]), when every row is written at once.
//!
//! While items are behind, the list's parent has `aria-busy="true"`
//! (`"false"` after): assistive technology, and a test reading every row,
//! waits for it.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use web_sys::{Element, Event};

use crate::ui::widgets::dom::{set, IndexedList, ItemDom};

#[wasm_bindgen]
extern "C" {
    /// A `contentvisibilityautostatechange` event (Chromium 108, Firefox
    /// 130, Safari 18), which web-sys does not have.
    #[wasm_bindgen(extends = Event)]
    type VisibilityEvent;

    /// Whether the browser now skips the target's contents.
    #[wasm_bindgen(method, getter)]
    fn skipped(this: &VisibilityEvent) -> bool;

    /// A table row, for its position in its row group.
    #[wasm_bindgen(extends = Element)]
    type Row;

    /// Its position in its row group: NaN for anything else, which has
    /// no such property (the page, on a scroll).
    #[wasm_bindgen(method, getter, js_name = sectionRowIndex)]
    fn section_row_index(this: &Row) -> f64;
}

/// The list as drawn and what it must show; see the module's docs.
pub struct InView<T, D> {
    list: IndexedList<T, D>,
    /// What every item must show; skipped ones may show older values.
    items: Vec<T>,
    /// The parent, once the list is first shown; the listeners are on it
    /// and on the window from then on.
    parent: Option<Element>,
    /// Whether some items are behind, with a catch-up queued.
    behind: bool,
    /// The updates that left items behind, counted. Each queues a
    /// catch-up two frames after it; one queued by an older update is
    /// not made: typing fast, it would land in the frame that shows the
    /// newer input.
    updates: u32,
}

impl<T, D> Default for InView<T, D> {
    fn default() -> Self {
        InView {
            list: IndexedList::default(),
            items: Vec::new(),
            parent: None,
            behind: false,
            updates: 0,
        }
    }
}

/// An [`InView`] shared by the effect that shows it and its listeners,
/// for the page's life (as the schedule's table is): leaked, so nothing
/// counts its owners.
pub type SharedList<T, D> = &'static RefCell<InView<T, D>>;

/// Makes `parent`'s rows (`<tr>`s, each with `content-visibility:
/// auto`) show `items`: with `all`, every row at once; else those the
/// browser skips a little later. Returns false while some are still to
/// be built: run it again in the next frame, as with
/// [`IndexedList::sync`].
pub fn show<T, D>(list: SharedList<T, D>, parent: &Element, items: Vec<T>, all: bool) -> bool
where
    T: Clone + PartialEq + 'static,
    D: ItemDom<T> + 'static,
{
    // Never held across a call that could come back here.
    let Ok(mut me) = list.try_borrow_mut() else {
        return true;
    };
    if me.parent.is_none() {
        listen(list, parent);
        me.parent = Some(parent.clone());
    }
    let synced = me.list.sync(parent, &items, all);
    me.items = items;
    if synced.behind {
        if !me.behind {
            me.behind = true;
            set(parent, "aria-busy", "true");
        }
        me.updates = me.updates.wrapping_add(1);
        let this = me.updates;
        // The frame after next: the one that shows the input is drawn
        // first.
        leptos::prelude::request_animation_frame(move || {
            leptos::prelude::request_animation_frame(move || catch_up(list, this));
        });
    }
    synced.built
}

/// Writes every item that is behind, if the update numbered `update`
/// was the last to leave some (after any update: 0).
fn catch_up<T: Clone + PartialEq, D: ItemDom<T>>(list: SharedList<T, D>, update: u32) {
    let Ok(mut me) = list.try_borrow_mut() else {
        return;
    };
    let me = &mut *me;
    let newest = update == 0 || update == me.updates;
    let Some(parent) = me.parent.as_ref().filter(|_| me.behind && newest) else {
        return;
    };
    // While rows are still being built, this builds a chunk of them too.
    let _ = me.list.sync(parent, &me.items, true);
    me.behind = false;
    set(parent, "aria-busy", "false");
}

/// Follows which rows the browser skips, and catches up on a scroll or
/// a resize. The table lives as long as the page, and so do these.
fn listen<T, D>(list: SharedList<T, D>, parent: &Element)
where
    T: Clone + PartialEq + 'static,
    D: ItemDom<T> + 'static,
{
    // One handler for the three events (only a row has a
    // `sectionRowIndex`), with the signature of Leptos's own listeners,
    // whose glue is already in the wasm.
    let heard = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
        let row = event.target().map(JsCast::unchecked_into::<Row>);
        let i = row.map_or(f64::NAN, |row| row.section_row_index());
        if i.is_nan() {
            // A scroll or a resize, which may bring a skipped row into
            // view before the frame is drawn.
            return catch_up(list, 0);
        }
        if let Ok(me) = list.try_borrow_mut() {
            if let Some(flag) = me.list.dom(i as usize).and_then(D::skipped) {
                flag.set(event.unchecked_ref::<VisibilityEvent>().skipped());
            }
        }
    });
    let heard_ref = heard.as_ref().unchecked_ref();
    // The first event does not bubble: the row group hears it while
    // capturing; capturing, the window hears the table's own scroller as
    // well as the page.
    let _ = parent.add_event_listener_with_callback_and_bool(
        "contentvisibilityautostatechange",
        heard_ref,
        true,
    );
    let window = leptos::prelude::window();
    for event in ["scroll", "resize"] {
        let _ = window.add_event_listener_with_callback_and_bool(event, heard_ref, true);
    }
    heard.forget();
}
