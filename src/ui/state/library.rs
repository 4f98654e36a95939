//! The `Model` select with the chosen library's fields, and the `Library`
//! select that writes the page's policy for a library.
//!
//! A library's fields are not declared in [`crate::core::inputs`]: each
//! library declares its own table ([`crate::core::library::Param`]), and
//! the fields follow it. They behave as the page's own fields do: the
//! text stays as typed, a refused entry gets a message beside it and keeps
//! that field's last accepted value, and every accepted entry is in use
//! (and in the link) at once. The seeded runs that
//! decide a library's rows, when it needs them, are made in slices
//! ([`super::deciding`]).
//!
//! The models themselves ([`Engine`]) are fetched apart from the first
//! screen (`src/ui/deferred.rs`). A library is chosen only with them: a
//! choice made before they are here waits for them ([`Waiting`]), and the
//! page goes on showing what it showed.

use leptos::prelude::*;

use crate::core::library::{Configured, Engine, LibId};
use crate::core::share::State;
use crate::ui::state::field::{Bound, StaleField};

/// The library fields' texts checked against the library's table.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    /// Each field's message, in the table's order (`None`: accepted).
    pub errors: Vec<Option<String>>,
    /// The library and the values in use: each field's accepted entry, a
    /// refused field's last accepted value (the library's default if there
    /// is none), all of the last accepted ones when the library refuses
    /// them together. `None` for the page's own policy.
    pub valid: Option<Configured>,
}

/// A library chosen before the models that run it were here, with the
/// values it is to start at.
#[derive(Clone, Debug, PartialEq)]
pub enum Waiting {
    /// They are being fetched; the library is chosen when they arrive.
    Fetching(Configured),
    /// They could not be fetched; [`LibraryInputs::retry`] tries again.
    Failed(Configured),
}

impl Waiting {
    /// The library that waits, and its values.
    pub fn chosen(&self) -> &Configured {
        match self {
            Waiting::Fetching(c) | Waiting::Failed(c) => c,
        }
    }
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
    /// The library models, once fetched. `model` names a library only
    /// when they are here.
    pub engine: RwSignal<Option<Engine>>,
    /// A library chosen while the models were not here yet.
    pub waiting: RwSignal<Option<Waiting>>,
}

/// Each value as its field shows it, then the release (as the link
/// spells it, empty for the current one) for the `Release` select.
fn texts(chosen: Option<&Configured>) -> Vec<String> {
    chosen.map_or_else(Vec::new, |c| {
        let table = c.values.table().iter();
        let mut texts: Vec<String> = table.map(|p| c.values.text(p.name)).collect();
        texts.push(c.values.release().to_string());
        texts
    })
}

impl LibraryInputs {
    /// The inputs, starting at `initial`'s library and values when the
    /// models that run it (`engine`) are here, at the page's own policy
    /// otherwise.
    pub fn new(initial: &State, engine: Option<Engine>) -> Self {
        let first = initial.library.as_ref().filter(|_| engine.is_some());
        // A link's library whose models could not be fetched.
        let waiting = match (&initial.library, engine) {
            (Some(chosen), None) => Some(Waiting::Failed(chosen.clone())),
            _ => None,
        };
        let model = RwSignal::new(first.map(|c| c.lib));
        let texts = RwSignal::new(texts(first));
        let engine = RwSignal::new(engine);
        let parsed = Memo::new(move |prev: Option<&Parsed>| {
            let (Some(lib), Some(engine)) = (model.get(), engine.get()) else {
                return Parsed {
                    errors: Vec::new(),
                    valid: None,
                };
            };
            // Over the values in use: a refused field keeps its own.
            let last = prev.and_then(|p| p.valid.as_ref());
            let (errors, used) = texts.with(|t| (engine.read_fields)(lib, t, last));
            Parsed {
                errors,
                valid: Some(used),
            }
        });
        LibraryInputs {
            model,
            texts,
            parsed,
            to: RwSignal::new(initial.to),
            engine,
            waiting: RwSignal::new(waiting),
        }
    }

    /// The last accepted library and values (tracked).
    pub fn valid(&self) -> Option<Configured> {
        self.parsed.with(|p| p.valid.clone())
    }

    /// Chooses `lib` (or the page's own policy) at its defaults; a
    /// library waits for the models.
    pub fn choose(&self, lib: Option<LibId>) {
        self.set_library(lib.map(Configured::defaults));
    }

    /// Fetches the models again for the library that waits for them, after
    /// a failure.
    pub fn retry(&self) {
        if let Some(Waiting::Failed(chosen)) = self.waiting.get_untracked() {
            self.set_library(Some(chosen));
        }
    }

    /// Shows `chosen` (or the page's own policy) in the select and the
    /// fields: at once when the models are here, otherwise once they are
    /// fetched, unless another choice was made meanwhile. Meanwhile
    /// `waiting` says which library waits, and then whether the fetch
    /// failed.
    fn set_library(&self, chosen: Option<Configured>) {
        let this = *self;
        let show = move |mut chosen: Option<Configured>| {
            // A link's values that waited for the models (their fetch
            // failed when the page opened) are read now. A value refused
            // then keeps its default, which its field shows, without a
            // notice: the link's notices are said once, as the page opens.
            if let (Some(c), Some(engine)) = (&mut chosen, this.engine.get_untracked()) {
                if !c.unread.is_empty() {
                    (engine.settle)(c, &mut Vec::new());
                }
            }
            let want = texts(chosen.as_ref());
            if this.texts.with_untracked(|t| *t != want) {
                this.texts.set(want);
            }
            let lib = chosen.map(|c| c.lib);
            if this.model.get_untracked() != lib {
                this.model.set(lib);
            }
        };
        let chosen = match chosen {
            Some(chosen) if self.engine.get_untracked().is_none() => chosen,
            now => {
                self.waiting.set(None);
                show(now);
                return;
            }
        };
        let waiting = Waiting::Fetching(chosen.clone());
        self.waiting.set(Some(waiting.clone()));
        leptos::task::spawn_local(async move {
            let fetched = crate::ui::deferred::library_models().await;
            // A newer choice (another library, or the page's policy) wins.
            let current = this
                .waiting
                .with_untracked(|w| w.as_ref() == Some(&waiting));
            match fetched {
                Ok(engine) => {
                    this.engine.set(Some(engine));
                    if current {
                        this.waiting.set(None);
                        show(Some(chosen));
                    }
                }
                Err(e) => {
                    leptos::logging::error!("backoff calculator: {e}");
                    if current {
                        this.waiting.set(Some(Waiting::Failed(chosen)));
                    }
                }
            }
        });
    }

    /// Fetches the library models if they are not here yet, so that a
    /// library chosen later shows at once. A failure is said only when a
    /// library is chosen.
    pub fn prefetch(&self) {
        if self.engine.get_untracked().is_some() {
            return;
        }
        let engine = self.engine;
        leptos::task::spawn_local(async move {
            if let Ok(models) = crate::ui::deferred::library_models().await {
                engine.set(Some(models));
            }
        });
    }
}

impl Bound for LibraryInputs {
    fn apply(&self, state: &State) {
        if self.to.get_untracked() != state.to {
            self.to.set(state.to);
        }
        self.set_library(state.library.clone());
    }

    fn write(&self, state: &mut State) {
        // A library waiting for its models stays in the link.
        state.library = self.valid().or_else(|| {
            self.waiting
                .with(|w| w.as_ref().map(|w| w.chosen().clone()))
        });
        state.to = self.to.get();
    }

    fn stale(&self) -> Option<StaleField> {
        let parsed = self.parsed.get();
        let i = parsed.errors.iter().position(Option::is_some)?;
        let used = parsed.valid?;
        // The release's message (after the table's) goes with a field's.
        let param = *used.values.table().get(i)?;
        Some(StaleField {
            label: param.name,
            used: used.values.text(param.name),
        })
    }
}
