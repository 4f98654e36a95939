//! The `Model` select with the chosen library's fields, and the `Library`
//! select that writes the page's policy for a library.
//!
//! A library's fields are not declared in [`crate::core::inputs`]: each
//! library declares its own table ([`crate::core::library::Param`]), and
//! the fields follow it. They behave as the page's own fields do: the
//! text stays as typed, a refused entry gets a message beside it, and the
//! last accepted values keep the schedule on screen. The seeded runs that
//! decide a library's rows, when it needs them, are made here too, in
//! slices ([`decide_library_rows`]).

use leptos::prelude::*;

#[cfg(target_arch = "wasm32")]
use crate::core::library::{library_rows, Deciding, Schedule as LibRows};
use crate::core::library::{Configured, LibError, LibId};
use crate::core::share::State;
use crate::ui::state::field::{Bound, StaleField};
#[cfg(target_arch = "wasm32")]
use crate::ui::widgets::slices::{in_slices, SLICE_MS};
#[cfg(target_arch = "wasm32")]
use std::sync::Arc;

/// The library fields' texts checked against the library's table.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    /// Each field's message, in the table's order (`None`: accepted).
    pub errors: Vec<Option<String>>,
    /// The library and its values when every field is accepted; otherwise
    /// the last accepted ones (the library's defaults if there are none).
    /// `None` for the page's own policy.
    pub valid: Option<Configured>,
}

/// The `Model` select, the chosen library's fields and the `Library` select.
#[derive(Clone, Copy)]
pub struct LibraryInputs {
    /// `Model`: a library, or `None` for the page's own policy.
    pub model: RwSignal<Option<LibId>>,
    /// The text of each of the library's fields, in its table's order.
    pub texts: RwSignal<Vec<String>>,
    /// What the texts give: each field's message, and the last accepted
    /// library and values, which the page computes with. (One memo: each
    /// memo type costs the wasm its own code.)
    pub parsed: Memo<Parsed>,
    /// `Library`: the library the page's policy is written for.
    pub to: RwSignal<Option<LibId>>,
}

/// Each value as its field shows it.
fn texts(chosen: Option<&Configured>) -> Vec<String> {
    chosen.map_or_else(Vec::new, |c| {
        c.values
            .table()
            .iter()
            .map(|p| c.values.text(p.name))
            .collect()
    })
}

/// Reads the texts into `lib`'s values; a message for each refused one.
fn parse(lib: LibId, texts: &[String]) -> Parsed {
    let mut chosen = Configured::defaults(lib);
    let table = chosen.values.table();
    let mut errors: Vec<Option<String>> = table
        .iter()
        .zip(texts)
        .map(|(p, t)| {
            chosen
                .values
                .set_text(p.name, t)
                .err()
                .map(|e| e.to_string())
        })
        .collect();
    errors.resize(table.len(), None);
    if errors.iter().any(Option::is_some) {
        return Parsed {
            errors,
            valid: None,
        };
    }
    // Accepted one by one, refused together: the message goes beside the
    // field the library names.
    if let Err(e) = chosen.check() {
        let name = match &e {
            LibError::Conflict { name, .. } | LibError::OutOfRange { name, .. } => *name,
            _ => table[0].name,
        };
        let i = table.iter().position(|p| p.name == name).unwrap_or(0);
        errors[i] = Some(e.to_string());
        return Parsed {
            errors,
            valid: None,
        };
    }
    Parsed {
        errors,
        valid: Some(chosen),
    }
}

impl LibraryInputs {
    /// The inputs, starting at `initial`'s library and values.
    pub fn new(initial: &State) -> Self {
        let model = RwSignal::new(initial.library.as_ref().map(|c| c.lib));
        let texts = RwSignal::new(texts(initial.library.as_ref()));
        let parsed = Memo::new(move |prev: Option<&Parsed>| {
            let Some(lib) = model.get() else {
                return Parsed {
                    errors: Vec::new(),
                    valid: None,
                };
            };
            let mut next = texts.with(|t| parse(lib, t));
            if next.valid.is_none() {
                // Refused: the last accepted values of this library stay.
                let last = prev.and_then(|p| p.valid.clone()).filter(|c| c.lib == lib);
                next.valid = Some(last.unwrap_or_else(|| Configured::defaults(lib)));
            }
            next
        });
        LibraryInputs {
            model,
            texts,
            parsed,
            to: RwSignal::new(initial.to),
        }
    }

    /// The last accepted library and values (tracked).
    pub fn valid(&self) -> Option<Configured> {
        self.parsed.with(|p| p.valid.clone())
    }

    /// Chooses `lib` (or the page's own policy) at its defaults.
    pub fn choose(&self, lib: Option<LibId>) {
        self.texts
            .set(texts(lib.map(Configured::defaults).as_ref()));
        self.model.set(lib);
    }
}

impl Bound for LibraryInputs {
    fn apply(&self, state: &State) {
        let lib = state.library.as_ref().map(|c| c.lib);
        let want = texts(state.library.as_ref());
        if self.texts.with_untracked(|t| *t != want) {
            self.texts.set(want);
        }
        if self.model.get_untracked() != lib {
            self.model.set(lib);
        }
        if self.to.get_untracked() != state.to {
            self.to.set(state.to);
        }
    }

    fn write(&self, state: &mut State) {
        state.library = self.valid();
        state.to = self.to.get();
    }

    fn stale(&self) -> Option<StaleField> {
        let parsed = self.parsed.get();
        let i = parsed.errors.iter().position(Option::is_some)?;
        let used = parsed.valid?;
        let param = used.values.table()[i];
        Some(StaleField {
            label: param.name,
            used: used.values.text(param.name),
        })
    }
}

/// Runs between clock readings.
#[cfg(target_arch = "wasm32")]
const STEP_RUNS: u32 = 50;

/// Makes the seeded runs that decide the chosen library's rows, a slice
/// at a time between the page's own tasks, and sets `decided` when they
/// are made. A newer choice or value stops the older runs at their next
/// slice. (In the browser only: natively, the state shows the preview.)
#[cfg(target_arch = "wasm32")]
pub fn decide_library_rows(
    library_in: LibraryInputs,
    decided: RwSignal<Option<Arc<(Configured, LibRows)>>>,
) {
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        let chosen = library_in.valid();
        generation.update_value(|g| *g += 1);
        let Some(chosen) = chosen else {
            return;
        };
        if decided.with_untracked(|d| d.as_ref().is_some_and(|d| d.0 == chosen)) {
            return;
        }
        let Ok((_, Some(mut deciding))) = library_rows(&chosen) else {
            return;
        };
        let id = generation.get_value();
        leptos::task::spawn_local(async move {
            let step = |d: &mut Deciding| d.step(STEP_RUNS);
            let current = |_: &Deciding, _| generation.get_value() == id;
            if in_slices(&mut deciding, SLICE_MS, step, current).await {
                decided.set(Some(Arc::new((chosen, deciding.finish()))));
            }
        });
    });
}
