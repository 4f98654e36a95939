//! The kinds of input: a text field ([`TextInput`]) and a chosen value
//! ([`Setting`]), how each is written and read ([`Text`]), and what the
//! share link asks of every one ([`Param`]).

use crate::core::policy::InputError;
use crate::core::share::State;

/// How a value is written into its text box and into the link.
pub trait Text {
    /// The text that reads back as this value; empty for "not set".
    fn to_text(&self) -> String;
    /// Whether a field of this type is a duration in ms, and so reads
    /// units once the rest of the page is here (`30 s`, `2 min`; see
    /// [`crate::core::units::plain_ms`]). Every whole-ms field is a `u64`
    /// or an `Option<u64>`, and no other field is: counts are `u32`,
    /// factors `f64`. Known at compile time, so the other types' fields
    /// carry no code for it.
    const DURATION: bool = false;
}

impl Text for u64 {
    fn to_text(&self) -> String {
        self.to_string()
    }
    const DURATION: bool = true;
}

impl Text for u32 {
    fn to_text(&self) -> String {
        self.to_string()
    }
}

impl Text for f64 {
    fn to_text(&self) -> String {
        crate::core::decimal_text::shortest(*self)
    }
}

/// An optional value (the deadline) is an empty box when unset.
impl Text for Option<u64> {
    fn to_text(&self) -> String {
        self.map(|v| v.to_string()).unwrap_or_default()
    }
    const DURATION: bool = true;
}

/// A field the person types into.
pub struct TextInput<T: 'static> {
    /// Visible label, also the accessible name and the stale note's name.
    pub label: &'static str,
    /// Element id of the input.
    pub id: &'static str,
    /// A short hint under the field, if any.
    pub hint: Option<&'static str>,
    /// True when the field takes fractions (the phone shows a decimal pad).
    pub decimal: bool,
    /// The share-link parameter.
    pub key: &'static str,
    /// Reads the text, or says why it is refused.
    pub parse: fn(&str) -> Result<T, InputError>,
    /// The value in a [`State`].
    pub get: fn(&State) -> T,
    /// Puts the value into a [`State`].
    pub set: fn(&mut State, T),
    /// Whether the link carries it for this state.
    pub in_link: fn(&State) -> bool,
}

/// A value the person chooses rather than types: a select, a checkbox,
/// the seed, an applied server wait.
pub struct Setting<T: 'static> {
    /// The share-link parameter.
    pub key: &'static str,
    /// Reads the link's spelling, or says what to use instead.
    pub read: fn(&str) -> Result<T, String>,
    /// The link's spelling; `None` leaves the parameter out.
    pub write: fn(&T) -> Option<String>,
    /// The value in a [`State`].
    pub get: fn(&State) -> T,
    /// Puts the value into a [`State`].
    pub set: fn(&mut State, T),
    /// Whether the link carries it for this state.
    pub in_link: fn(&State) -> bool,
}

/// One parameter of the share link, whatever its kind.
pub trait Param: Sync {
    /// The parameter's name in the query.
    fn key(&self) -> &'static str;
    /// Puts the link's `value` into `state`, or says why it is refused.
    fn read(&self, state: &mut State, value: &str) -> Result<(), String>;
    /// The value the link writes for `state`; `None` leaves it out.
    fn write(&self, state: &State) -> Option<String>;
}

impl<T: Text + 'static> Param for TextInput<T> {
    fn key(&self) -> &'static str {
        self.key
    }

    fn read(&self, state: &mut State, value: &str) -> Result<(), String> {
        (self.parse)(value)
            .map(|v| (self.set)(state, v))
            .map_err(link_reason)
    }

    fn write(&self, state: &State) -> Option<String> {
        let text = (self.in_link)(state).then(|| (self.get)(state).to_text())?;
        (!text.is_empty()).then_some(text)
    }
}

impl<T: 'static> Param for Setting<T> {
    fn key(&self) -> &'static str {
        self.key
    }

    fn read(&self, state: &mut State, value: &str) -> Result<(), String> {
        (self.read)(value).map(|v| (self.set)(state, v))
    }

    fn write(&self, state: &State) -> Option<String> {
        (self.in_link)(state)
            .then(|| (self.write)(&(self.get)(state)))
            .flatten()
    }
}

/// A field's message, worded for a link: "Enter a number." reads oddly
/// there, so the words stay and "Enter" goes.
pub fn link_reason(e: InputError) -> String {
    let text = e.to_string();
    match text.strip_prefix("Enter ") {
        Some(rest) => format!("expected {rest}"),
        None => text,
    }
}
