//! The reactive side of one input: a typed [`Field`] (the text as typed and
//! what it parses to) or a chosen [`Value`], each tied to its declaration
//! in [`crate::core::inputs`], and the [`Bound`] trait through which the
//! state sets, reads and checks every input the same way.

use std::borrow::Cow;
use std::cell::Cell;

use leptos::prelude::*;

use crate::core::inputs::{Setting, Text, TextInput};
use crate::core::policy::InputError;
use crate::core::share::State;

/// A text field and what its text parses to.
pub struct Field<T: Send + Sync + 'static> {
    /// Its declaration: label, id, hint, parser, link key.
    pub spec: &'static TextInput<T>,
    /// What the person typed, kept as typed.
    pub text: RwSignal<String>,
    /// The value, or why the text is refused.
    pub parsed: Memo<Result<T, InputError>>,
    /// The last value that parsed: what the page computes with, so an
    /// invalid entry leaves the last valid schedule on screen.
    pub valid: Memo<T>,
}

// By hand: a derive would ask `T: Copy`, and the memos are copies anyway.
impl<T: Send + Sync + 'static> Clone for Field<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Send + Sync + 'static> Copy for Field<T> {}

impl<T: Text + Clone + PartialEq + Send + Sync + 'static> Field<T> {
    /// The field of `spec`, starting at its value in `initial`.
    pub fn new(spec: &'static TextInput<T>, initial: &State) -> Self {
        let first = (spec.get)(initial);
        let text = RwSignal::new(first.to_text());
        let parsed = Memo::new(move |_| text.with(|t| read(spec, t)));
        let valid = Memo::new(move |prev: Option<&T>| match parsed.get() {
            Ok(value) => value,
            Err(_) => prev.cloned().unwrap_or_else(|| first.clone()),
        });
        Field {
            spec,
            text,
            parsed,
            valid,
        }
    }

    /// The message to show beside the field, if any.
    pub fn error(&self) -> Signal<Option<String>> {
        let parsed = self.parsed;
        Signal::derive(move || parsed.with(|p| p.as_ref().err().map(ToString::to_string)))
    }
}

/// Turns a millisecond field's text with a unit (`30 s`) into plain ms
/// ([`crate::core::units::plain_ms`]).
pub type UnitReader = fn(&str) -> Result<Cow<'_, str>, InputError>;

thread_local! {
    /// The unit reader, once the rest of the page has brought it: until
    /// then a unit is refused like any other word.
    static UNITS: Cell<Option<UnitReader>> = const { Cell::new(None) };
}

/// Lets the millisecond fields read units from now on. (The caller then
/// has each field read its text again: [`Bound::ms_field`].)
pub fn read_units(reader: UnitReader) {
    UNITS.set(Some(reader));
}

/// Reads `text` for `spec`: through the unit reader first for a
/// millisecond field, once it is here.
fn read<T: Text>(spec: &TextInput<T>, text: &str) -> Result<T, InputError> {
    match UNITS.get() {
        Some(plain) if T::DURATION => (spec.parse)(&plain(text)?),
        _ => (spec.parse)(text),
    }
}

/// A value the person chooses (a select, a checkbox, the seed).
pub struct Value<T: Send + Sync + 'static> {
    /// Its declaration: link key and spelling.
    pub spec: &'static Setting<T>,
    /// The value.
    pub value: RwSignal<T>,
}

impl<T: Send + Sync + 'static> Clone for Value<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Send + Sync + 'static> Copy for Value<T> {}

impl<T: Clone + PartialEq + Send + Sync + 'static> Value<T> {
    /// The value of `spec`, starting at its value in `initial`.
    pub fn new(spec: &'static Setting<T>, initial: &State) -> Self {
        Value {
            spec,
            value: RwSignal::new((spec.get)(initial)),
        }
    }

    /// The current value (tracked).
    pub fn get(&self) -> T {
        self.value.get()
    }

    /// Sets the value.
    pub fn set(&self, value: T) {
        self.value.set(value);
    }
}

/// A field whose text is refused, and the value the page uses instead.
#[derive(Clone, Debug, PartialEq)]
pub struct StaleField {
    /// The field's label.
    pub label: &'static str,
    /// The last valid value, as the field would show it.
    pub used: String,
}

/// What the state does with every input alike.
pub trait Bound {
    /// Shows `state`'s value, as if typed or chosen.
    fn apply(&self, state: &State);
    /// Writes the value in use (the last valid one) into `state`.
    fn write(&self, state: &mut State);
    /// `Some` while the entry is refused: the label and the value in use.
    fn stale(&self) -> Option<StaleField> {
        None
    }
    /// A millisecond field's id and text (see [`Text::DURATION`]).
    fn ms_field(&self) -> Option<(&'static str, RwSignal<String>)> {
        None
    }
}

impl<T: Text + Clone + PartialEq + Send + Sync + 'static> Bound for Field<T> {
    fn apply(&self, state: &State) {
        // A refused entry is replaced too, even when the last valid value
        // already equals the new one: the field must show what is used.
        let text = (self.spec.get)(state).to_text();
        if self.text.with_untracked(|t| *t != text) {
            self.text.set(text);
        }
    }

    fn write(&self, state: &mut State) {
        (self.spec.set)(state, self.valid.get());
    }

    fn ms_field(&self) -> Option<(&'static str, RwSignal<String>)> {
        T::DURATION.then_some((self.spec.id, self.text))
    }

    fn stale(&self) -> Option<StaleField> {
        self.parsed.with(Result::is_err).then(|| StaleField {
            label: self.spec.label,
            used: self.valid.with(|v| {
                let text = v.to_text();
                // An optional field left empty: no deadline, or the
                // maximum that follows it.
                if text.is_empty() {
                    "empty".to_string()
                } else {
                    text
                }
            }),
        })
    }
}

impl<T: Clone + PartialEq + Send + Sync + 'static> Bound for Value<T> {
    fn apply(&self, state: &State) {
        let value = (self.spec.get)(state);
        if self.value.with_untracked(|v| *v != value) {
            self.value.set(value);
        }
    }

    fn write(&self, state: &mut State) {
        (self.spec.set)(state, self.value.get());
    }
}
