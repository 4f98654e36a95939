//! The link holds what the fields show, after any sequence of actions
//! (issue 25): random sequences of what a person does on the page, run on
//! the state under a reactive [`Owner`], checked after every action.
//!
//! After each action: the link written from the state reads back to the
//! same state with no notice; every field either shows the value in use
//! or is marked refused; the `Model` select names the library in use; and
//! a page opened on the link shows the same table and the same config.

use leptos::prelude::*;
use proptest::prelude::*;

use super::{read_units, AppState, Field};
use crate::core::inputs::Text;
use crate::core::library::{release_of, Engine, LibId, Unit};
use crate::core::policy::Jitter;
use crate::core::presets::{DEFAULTS, PRESETS};
use crate::core::schedule::next_seed;
use crate::core::share::{decode, encode, State};
use crate::ui::policy::preset_picker;

/// What a person does on the page.
#[derive(Clone, Debug)]
enum Action {
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

fn action() -> impl Strategy<Value = Action> {
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

fn lib(i: usize) -> LibId {
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
fn act(state: &AppState, action: &Action) {
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

/// Whether a field shows the value the state holds (or says it is refused).
fn holds<T: Text + Clone + PartialEq + Send + Sync>(field: Field<T>) -> bool {
    field.parsed.with_untracked(|p| {
        p.as_ref()
            .map_or(true, |v| field.valid.with_untracked(|u| u == v))
    })
}

/// Every disagreement between the fields, the state and the link; empty
/// when they agree.
fn disagreements(state: &AppState) -> Vec<String> {
    let mut out = Vec::new();
    let snapshot = state.snapshot_untracked();
    let link = encode(&snapshot);
    let (back, notices) = decode(&link, State::with_seed(0));
    if !notices.is_empty() {
        out.push(format!("the link {link} gives notices {notices:?}"));
    }
    if back != snapshot {
        out.push(format!("the link {link} reads back otherwise"));
    }
    let (p, f, r, c, s) = (
        state.policy,
        state.factors,
        state.retry_after,
        state.code,
        state.sim,
    );
    let page = [
        ("base", holds(p.base)),
        ("multiplier", holds(p.multiplier)),
        ("cap", holds(p.cap)),
        ("retries", holds(p.retries)),
        ("deadline", holds(p.deadline)),
        ("ramax", holds(r.max)),
        ("timeout", holds(c.timeout)),
        ("clients", holds(s.clients)),
        ("runs", holds(s.runs)),
    ];
    for (name, ok) in page {
        if !ok {
            out.push(format!("the page's {name} shows a value it does not use"));
        }
    }
    // A factor shows the value in use, or its own message, or the pair's
    // (said beside both).
    let used = snapshot.policy.proportional;
    let pair = untrack(|| f.pair_check().is_some());
    for (name, field, value) in [("lo", f.lo, used.lo), ("hi", f.hi, used.hi)] {
        let shown = field.parsed.get_untracked();
        if !pair && shown.is_ok() && shown != Ok(value) {
            out.push(format!(
                "the factor {name} shows {shown:?}, the link has {value}"
            ));
        }
    }
    let (texts, parsed) = (
        state.library.texts.get_untracked(),
        state.library.parsed.get_untracked(),
    );
    if state.library.model.get_untracked() != parsed.valid.as_ref().map(|c| c.lib) {
        out.push("Model names another library than the one in use".into());
    }
    if let Some(used) = &parsed.valid {
        for (i, param) in used.values.table().iter().enumerate() {
            if parsed.errors.get(i).is_some_and(Option::is_some) {
                continue;
            }
            let mut read = used.values.clone();
            let text = texts.get(i).map_or("", String::as_str);
            if read.set_typed(param.name, text).is_err() || read != used.values {
                out.push(format!(
                    "{} {} shows {text:?} unmarked, the link has {}",
                    used.lib.id(),
                    param.name,
                    used.values.text(param.name)
                ));
            }
        }
    }
    // The Release select shows the release in use, or is marked refused.
    if let Some(used) = &parsed.valid {
        let at = used.values.table().len();
        let shown = texts.get(at).map_or("", String::as_str);
        let marked = parsed.errors.get(at).is_some_and(Option::is_some);
        if !marked && release_of(used.lib.model(), shown) != Some(used.values.release()) {
            out.push(format!(
                "{} Release shows {shown:?} unmarked, the link has {:?}",
                used.lib.id(),
                used.values.release()
            ));
        }
    }
    // Reopening the link: the same table and the same config.
    let config = |state: &AppState| {
        untrack(|| match (state.library.valid(), state.library.to.get()) {
            (Some(c), _) => c.lib.writer().config(&c.values),
            (None, Some(lib)) => {
                let t = state
                    .derived
                    .policy
                    .with(|p| lib.writer().translate(p, state.derived.deadline.get()));
                lib.writer().config(&t.values)
            }
            (None, None) => String::new(),
        })
    };
    let reopened = AppState::new(back, Vec::new(), Some(Engine::new()));
    if reopened.snapshot_untracked() != snapshot {
        out.push(format!("the page opened on {link} holds another state"));
    }
    if reopened.derived.schedule.get_untracked() != state.derived.schedule.get_untracked() {
        out.push(format!("the page opened on {link} shows another table"));
    }
    if config(&reopened) != config(state) {
        out.push(format!("the page opened on {link} shows another config"));
    }
    out
}

/// Runs `actions` from a page opened with no link, checking after each.
fn run(actions: &[Action]) -> Result<(), String> {
    let owner = Owner::new();
    owner.with(|| {
        // The rest of the page has come: the fields read units.
        read_units(crate::core::units::plain_ms);
        let state = AppState::new(State::with_seed(7), Vec::new(), Some(Engine::new()));
        for (n, action) in actions.iter().enumerate() {
            act(&state, action);
            let found = disagreements(&state);
            if !found.is_empty() {
                return Err(format!(
                    "after {:?} (action {}): {}",
                    &actions[..=n],
                    n + 1,
                    found.join("; ")
                ));
            }
        }
        Ok(())
    })
}

mod cases;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn the_link_holds_what_the_fields_show_after_any_sequence(
        actions in prop::collection::vec(action(), 1..40)
    ) {
        if let Err(e) = run(&actions) {
            return Err(TestCaseError::fail(e));
        }
    }
}
