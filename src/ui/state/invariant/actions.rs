//! What a person does on the page, as random actions, and how each is
//! done to the state: as the page's controls do it.

use leptos::prelude::*;
use proptest::prelude::*;

use crate::core::library::{LibId, Unit};
use crate::core::policy::Jitter;
use crate::core::presets::{DEFAULTS, PRESETS};
use crate::core::schedule::next_seed;
use crate::ui::policy::preset_picker;
use crate::ui::state::AppState;

/// What a person does on the page.
#[derive(Clone, Debug)]
pub(super) enum Action {
    /// `Model`: a library (index into [`LibId::all`]) or the page's policy.
    Model(Option<usize>),
    /// `Library` (the "write for" select).
    WriteFor(Option<usize>),
    /// `Preset`: a page entry (0 is the page's defaults), or a library at
    /// its defaults.
    Preset(usize),
    /// `Re-roll jitter`.
    Reroll,
    /// `Jitter`: a mode (index into [`Jitter::ALL`]).
    Jitter(usize),
    /// Types a text into one of the page's own fields.
    TypePage(usize, &'static str),
    /// Types a text into one of the chosen library's fields (index taken
    /// modulo the library's table); a choice field gets one of its names.
    TypeLibrary(usize, &'static str),
    /// `Release`: one of the chosen library's releases (index taken
    /// modulo its list; nothing when it has one).
    Release(usize),
    /// "Apply to retry N" with a server's wait.
    ServerWait(u32, u64),
    /// "Clear server wait".
    ClearServerWait,
}

/// Texts typed into the page's fields: valid, with units, and refused.
const PAGE_TEXTS: &[&str] = &[
    "250",
    "0.3",
    "1000",
    "1.5",
    "3",
    "0",
    "30 s",
    "2 min",
    "500 ms",
    "",
    "abc",
    "-1",
    "0.5",
    "12",
    "99999999999999",
];

/// Texts typed into a library's fields.
const LIB_TEXTS: &[&str] = &[
    "250", "0.5", "30 s", "500 ms", "none", "true", "false", "abc", "", "-1", "3", "0", "1.5",
    "10", "2 min", "1e9",
];

/// How many of the page's own text fields [`type_page`] knows.
const PAGE_FIELDS: usize = 11;

/// One random action, weighted towards typing.
pub(super) fn action() -> impl Strategy<Value = Action> {
    let libs = LibId::all().count();
    prop_oneof![
        3 => prop::option::of(0..libs).prop_map(Action::Model),
        1 => prop::option::of(0..libs).prop_map(Action::WriteFor),
        1 => (0..PRESETS.len() + 1 + libs).prop_map(Action::Preset),
        1 => Just(Action::Reroll),
        1 => (0..Jitter::ALL.len()).prop_map(Action::Jitter),
        4 => (0..PAGE_FIELDS, prop::sample::select(PAGE_TEXTS))
            .prop_map(|(i, t)| Action::TypePage(i, t)),
        6 => (0..8usize, prop::sample::select(LIB_TEXTS))
            .prop_map(|(i, t)| Action::TypeLibrary(i, t)),
        2 => (0..3usize).prop_map(Action::Release),
        1 => (1..8u32, prop::sample::select(&[0u64, 3_000, 20_000, 30_000_000][..]))
            .prop_map(|(r, w)| Action::ServerWait(r, w)),
        1 => Just(Action::ClearServerWait),
    ]
}

/// The library at place `i`.
pub(super) fn lib(i: usize) -> LibId {
    LibId::all().nth(i).expect("a library")
}

/// Types `text` into page field `i`, as the field's input event does.
fn type_page(state: &AppState, i: usize, text: &str) {
    let (p, f, r, c, s) = (
        state.policy,
        state.factors,
        state.retry_after,
        state.code,
        state.sim,
    );
    let field = match i {
        0 => p.base.text,
        1 => p.multiplier.text,
        2 => p.cap.text,
        3 => p.retries.text,
        4 => p.deadline.text,
        5 => f.lo.text,
        6 => f.hi.text,
        7 => r.max.text,
        8 => c.timeout.text,
        9 => s.clients.text,
        _ => s.runs.text,
    };
    field.set(text.to_string());
}

/// Does `action` to the state, as the page's controls do.
pub(super) fn act(state: &AppState, action: &Action) {
    match *action {
        Action::Model(i) => state.library.choose(i.map(lib)),
        Action::WriteFor(i) => state.library.to.set(i.map(lib)),
        Action::Preset(i) => match i {
            0 => preset_picker::apply(state, &DEFAULTS),
            i if i <= PRESETS.len() => preset_picker::apply(state, &PRESETS[i - 1]),
            i => state.library.choose(Some(lib(i - PRESETS.len() - 1))),
        },
        Action::Reroll => state.policy.seed.value.update(|s| *s = next_seed(*s)),
        Action::Jitter(i) => state.policy.jitter.set(Jitter::ALL[i]),
        Action::TypePage(i, text) => type_page(state, i, text),
        Action::TypeLibrary(i, text) => {
            let Some(lib) = state.library.model.get_untracked() else {
                return;
            };
            let table = lib.info().params;
            let i = i % table.len();
            let text = match table[i].unit {
                Unit::Choice(names) => names[text.len() % names.len()],
                _ => text,
            };
            state.library.texts.update(|t| t[i] = text.to_string());
        }
        Action::Release(i) => {
            let Some(lib) = state.library.model.get_untracked() else {
                return;
            };
            let list = lib.model().releases();
            if list.len() < 2 {
                return;
            }
            // The select's values: empty for the current release.
            let i = i % list.len();
            let id = if i == 0 { "" } else { list[i].id };
            let at = lib.info().params.len();
            state.library.texts.update(|t| t[at] = id.to_string());
        }
        Action::ServerWait(retry, wait) => state.retry_after.server_wait.set(Some((retry, wait))),
        Action::ClearServerWait => state.retry_after.server_wait.set(None),
    }
}
