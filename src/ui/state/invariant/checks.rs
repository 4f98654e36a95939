//! What is checked after every action: the link against the state, every
//! field against the value in use, and a page opened on the link against
//! this one.

use leptos::prelude::*;

use crate::core::inputs::Text;
use crate::core::library::{release_of, Engine};
use crate::core::share::{decode, encode, State};
use crate::ui::state::{AppState, Field};

/// Whether a field shows the value the state holds (or says it is refused).
fn holds<T: Text + Clone + PartialEq + Send + Sync>(field: Field<T>) -> bool {
    field.parsed.with_untracked(|p| {
        p.as_ref()
            .map_or(true, |v| field.valid.with_untracked(|u| u == v))
    })
}

/// Every disagreement between the fields, the state and the link; empty
/// when they agree.
pub(super) fn disagreements(state: &AppState) -> Vec<String> {
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
