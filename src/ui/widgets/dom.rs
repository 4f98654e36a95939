//! A list kept in step with data by hand: the schedule's rows and the
//! chart's marks.
//!
//! These are the page's longest lists (up to 1,000 items, each a handful
//! of cells or shapes) and every input rewrites most of them. Written as
//! views, each cell is its own reactive node: the browser profiler showed
//! the bookkeeping of those nodes, not the DOM writes, dominating an
//! update, and each distinct closure adds code to the wasm. Here one
//! effect per list compares each item with the one on screen and touches
//! only what changed; rows are reused, never rebuilt.

use std::cell::{Cell, RefCell};

use leptos::prelude::{RwSignal, Set};
use wasm_bindgen::prelude::*;
use web_sys::{Element, Node, Text};

use crate::core::decimal_text::shortest;
use crate::core::schedule::ROWS_PER_TASK;

#[wasm_bindgen]
extern "C" {
    /// An element seen through [`NumberAttributes::set_attribute_number`].
    #[wasm_bindgen(extends = Element)]
    type NumberAttributes;

    /// `setAttribute` taking a JavaScript string for the name and a number
    /// for the value: no text is copied out of the wasm and decoded.
    #[wasm_bindgen(method, js_name = setAttribute)]
    fn set_attribute_number(this: &NumberAttributes, name: &JsValue, value: f64);
}

thread_local! {
    /// The attribute names [`set_number`] has used, as JavaScript strings
    /// made once and kept for the page's life.
    static NAMES: RefCell<Vec<(&'static str, &'static JsValue)>> = const { RefCell::new(Vec::new()) };
}

/// `name` as a JavaScript string, made on first use.
fn js_name(name: &'static str) -> &'static JsValue {
    NAMES.with_borrow_mut(|names| match names.iter().find(|(n, _)| *n == name) {
        Some((_, js)) => js,
        None => {
            let js: &'static JsValue = Box::leak(Box::new(JsValue::from_str(name)));
            names.push((name, js));
            js
        }
    })
}

/// The SVG namespace, for chart shapes.
pub const SVG: &str = "http://www.w3.org/2000/svg";

/// A new element: HTML when `ns` is `None`, else in that namespace.
pub fn element(ns: Option<&str>, tag: &str) -> Element {
    let document = leptos::prelude::document();
    match ns {
        None => document.create_element(tag),
        Some(ns) => document.create_element_ns(Some(ns), tag),
    }
    .expect("creating an element with a valid tag name cannot fail")
}

/// A new element with these children appended, in order.
pub fn with_children(parent: Element, children: &[&Node]) -> Element {
    for child in children {
        let _ = parent.append_child(child);
    }
    parent
}

/// A new, empty text node.
pub fn text() -> Text {
    leptos::prelude::document().create_text_node("")
}

/// Sets an attribute (errors only come from invalid names, which ours are not).
pub fn set(element: &Element, name: &str, value: &str) {
    let _ = element.set_attribute(name, value);
}

/// Sets an attribute to a number, written by the browser in its shortest
/// exact form: the same text as Rust's `{}` for +0 and for magnitudes from
/// 1e-6 up to 1e21. Rust writes the others (JavaScript would use an
/// exponent, and writes -0 as 0). The profiler showed decoding the strings
/// that [`set`] passes at about a fifth of an update of 1,000 rows; here
/// neither the name nor the value is a string.
pub fn set_number(element: &Element, name: &'static str, value: f64) {
    let plain = if value == 0.0 {
        value.is_sign_positive()
    } else {
        (1e-6..1e21).contains(&value.abs())
    };
    if !plain {
        return set(element, name, &shortest(value));
    }
    // The name is looked up first, so no borrow is held across the call.
    let name = js_name(name);
    element
        .unchecked_ref::<NumberAttributes>()
        .set_attribute_number(name, value);
}

/// A list drawn by hand, matched by position: item `i` is always the
/// `i`-th child (a schedule's retry `i + 1`), so no keys are needed.
pub struct IndexedList<T, D> {
    items: Vec<T>,
    doms: Vec<D>,
}

impl<T, D> Default for IndexedList<T, D> {
    fn default() -> Self {
        IndexedList {
            items: Vec::new(),
            doms: Vec::new(),
        }
    }
}

/// One item's DOM: its root node, appended to and removed from the list.
pub trait ItemDom<T> {
    /// Builds the (empty) DOM for one item.
    fn create() -> Self;
    /// The node that goes into the list.
    fn root(&self) -> &Element;
    /// Writes `item` into the DOM, which shows `old` (`None` when new).
    fn update(&self, old: Option<&T>, item: &T);
    /// Whether the browser skips this item's layout and paint
    /// (`content-visibility: auto`), as it last said: such an item is
    /// written later (see [`crate::ui::widgets::in_view`]). `None` for
    /// items never skipped.
    fn skipped(&self) -> Option<&Cell<bool>> {
        None
    }
    /// Whether showing `new` in place of `old` may change the item's
    /// size (a row's badges). Items in view that change size move the
    /// others, maybe a skipped one into view without a scroll, so
    /// [`IndexedList::sync`] then writes every item at once.
    fn resizes(_old: &T, _new: &T) -> bool {
        false
    }
}

/// The most items [`IndexedList::sync`] builds in one call. Growing from
/// 5 to 1,000 retries built every row and mark in one task of 230 to
/// 550 ms (and the browser's style and layout of them in the next); built
/// 64 at a time, a frame apart, the keystroke's own task still took 55 to
/// 70 ms the first time (code not yet optimised); 16 at a time, under 50
/// (see [`ROWS_PER_TASK`]).
pub const CHUNK: usize = ROWS_PER_TASK;

/// What [`IndexedList::sync`] left to do.
pub struct Synced {
    /// Every item is built. While some are missing, the caller runs
    /// `sync` again in the next frame ([`next_frame`]).
    pub built: bool,
    /// Some items the browser skips still show older values.
    pub behind: bool,
}

impl<T: Clone + PartialEq, D: ItemDom<T>> IndexedList<T, D> {
    /// Makes `parent`'s children show `items`: drops extra ones from the
    /// end, updates only the items that changed and adds missing ones, at
    /// most [`CHUNK`] of them. With `all` false, an item the browser
    /// skips ([`ItemDom::skipped`]) keeps what it shows, and is reported
    /// as [`Synced::behind`], unless the list changes shape: an item
    /// added or removed (a scroller's position is then clamped) or one
    /// that changes size ([`ItemDom::resizes`]) can bring a skipped item
    /// into view in this frame.
    pub fn sync(&mut self, parent: &Node, items: &[T], all: bool) -> Synced {
        let all = all
            || self.items.len() != items.len()
            || self.items.iter().zip(items).any(|(o, n)| D::resizes(o, n));
        while self.doms.len() > items.len() {
            if let Some(dom) = self.doms.pop() {
                dom.root().remove();
            }
        }
        self.items.truncate(items.len());
        let end = items.len().min(self.doms.len() + CHUNK);
        let mut behind = false;
        for (i, item) in items[..end].iter().enumerate() {
            if i == self.doms.len() {
                let dom = D::create();
                let _ = parent.append_child(dom.root().unchecked_ref());
                dom.update(None, item);
                self.doms.push(dom);
                self.items.push(item.clone());
            } else if self.items[i] != *item {
                if !all && self.doms[i].skipped().is_some_and(Cell::get) {
                    behind = true;
                } else {
                    self.doms[i].update(Some(&self.items[i]), item);
                    self.items[i] = item.clone();
                }
            }
        }
        Synced {
            built: end == items.len(),
            behind,
        }
    }

    /// The DOM of item `i`, if it is built.
    pub fn dom(&self, i: usize) -> Option<&D> {
        self.doms.get(i)
    }
}

/// Asks for one more run of the effect that reads `more`, in the next
/// animation frame, after the browser has drawn what was built so far. An
/// input while a list still grows can ask twice for one frame; that frame
/// then builds two chunks, and the requests never outnumber the inputs.
pub fn next_frame(more: RwSignal<bool>) {
    leptos::prelude::request_animation_frame(move || more.set(true));
}
