//! Units in the millisecond fields, which come with the rest of the page:
//! from then on `30 s` reads as 30,000 ms, and a note under each field
//! says what its text was read as (`= 30,000 ms (30.0 s)`).
//!
//! The fields themselves are drawn with the first screen; what reads the
//! units and writes the notes is not, so that the first answer does not
//! wait for them. A unit typed before they arrive is refused, then read.

use leptos::prelude::*;

use crate::core::units::{plain_ms, reading};
use crate::ui::state::{read_units, AppState};
use crate::ui::widgets::dom::element;

/// Lets every millisecond field of `state` read units, reads again what
/// was typed before, and puts the note in each field's hint (which the
/// field's `aria-describedby` already names). Call it under the owner the
/// notes should live as long as.
pub fn read_units_in(state: &AppState) {
    read_units(plain_ms);
    for (id, text) in state.ms_fields() {
        // Set again, to be read again (`set` is the first screen's own).
        text.set(text.get_untracked());
        let Some(hint) = document().get_element_by_id(&format!("{id}-hint")) else {
            continue;
        };
        // One span kept in step by an effect: a view mounted here would
        // bring a copy of Leptos's mounting code for its type.
        let note = element(None, "span");
        note.set_class_name("reading");
        let _ = note.set_attribute("data-testid", &format!("{id}-reading"));
        let _ = hint.append_child(&note);
        Effect::new(move |_| note.set_text_content(text.with(|t| reading(t)).as_deref()));
    }
}
