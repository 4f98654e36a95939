//! Prints, as JSON, the lists the browser and conformance tests would
//! otherwise type again: the jitter modes, the code languages, the presets
//! and the page's defaults, all read from the core.
//!
//! ```text
//! cargo run --quiet --locked --example manifest
//! ```
//!
//! `tests/manifest.mjs` runs it and hands the result to the JavaScript
//! tests. Every number is written as the page writes it into its inputs
//! and its link (Rust's shortest round-trip text, `2` for 2.0), as a JSON
//! string; a missing value is `null`.
//!
//! ```text
//! {
//!   "jitters": [{"value": "none", "label": "None"}, …],          // Jitter::ALL
//!   "modes": [{"name": "proportional-before", "jitter": "proportional",
//!              "capOrder": "before"}, …],                           // each cap order
//!   "langs": [{"value": "js", "label": "JavaScript"}, …],          // Lang::ALL
//!   "simModes": [{"value": "exponential", "label": …}, …],         // sim::Mode::ALL
//!   "loadFields": [{"id", "label", "default"}, …],                 // load::FIELDS
//!   "loadBudgets": [{"value": "aws", "label": …, "params":
//!                    [{"id", "label", "default"}, …]}, …],          // BudgetKind::ALL
//!   "presets": [{"id", "name", "base", "multiplier", "cap", "retries",
//!                "jitter", "lo", "hi", "capOrder", "deadline", "honor",
//!                "ramax", "source", "url"}, …],                     // presets::PRESETS
//!   "rowsPerTask": "16",                                          // schedule::ROWS_PER_TASK
//!   "defaults": {"base", "multiplier", "cap", "retries", "jitter", "lo",
//!                "hi", "capOrder", "deadline", "honor", "ramax"},
//!   "libraries": [{"id": "urllib3", "name": …, "countParam", "budgetParam",
//!                  "params": [{"name", "label", "default", "kind",
//!                              "choices", "noneOk"}, …],
//!                  "config",                                    // at its defaults
//!                  "releases": [{"id", "value", "label", "config"}, …],
//!                  "translations": [{"retries", "exact", "fields",
//!                                    "config"}, …]}, …]         // LibId::all()
//! }
//! ```
//!
//! For a library, `countParam` and `budgetParam` are the parameters that
//! bound the count and hold a time budget (`null` when it has none); each
//! parameter's `label` is its field's label (`Param::label`), `default`
//! its default as the field and the link write it (`Values::text`), `kind`
//! `number`, `bool` or `choice` (`choices` the names, else `null`).
//! `releases` are the releases the model covers when more than one (the
//! current first; empty otherwise): `id` as the link spells it, `value`
//! the `Release` select's (empty for the current one), `label` the
//! option's text, `config` the config at the defaults at that release.
//! `translations` is the page's defaults written for the library
//! (`Model::translate`), then the same with 3 retries: `exact`, the
//! `data-field` of each difference, and the config text.
//!
//! For a preset, `lo`, `hi` and `capOrder` are `null` unless its jitter is
//! proportional, `deadline` is `""` when it has none (the empty field), and
//! `ramax` is `null` when it keeps the page's maximum. The defaults are
//! those of a link without parameters (`share::State`), factors included.
//!
//! The JSON writers are in `manifest/json.rs`, the `libraries` list in
//! `manifest/libraries.rs`.

#[path = "../tests/common/modes.rs"]
mod modes;

#[path = "manifest/json.rs"]
mod json;
#[path = "manifest/libraries.rs"]
mod libraries;

use backoff_calculator::core::load::{BudgetKind, Param, FIELDS};
use backoff_calculator::core::policy::{Jitter, Policy};
use backoff_calculator::core::presets::PRESETS;
use backoff_calculator::core::schedule::ROWS_PER_TASK;
use backoff_calculator::core::share::State;
use backoff_calculator::core::sim::Mode as SimMode;
use backoff_calculator::core::snippets::Lang;

use json::{array, number, object, or_null, string};
use libraries::libraries;
use modes::{cap_order_name, mode_variants};

/// The fields a policy sets in the page's inputs. The factor fields are
/// `null` unless `factors` (or the jitter is proportional).
fn policy_fields(p: &Policy, factors: bool) -> Vec<(&'static str, String)> {
    let factors = factors || p.jitter == Jitter::Proportional;
    let shown = |value: String| or_null(factors.then_some(value));
    vec![
        ("base", number(p.base_ms)),
        ("multiplier", number(p.multiplier)),
        ("cap", number(p.cap_ms)),
        ("retries", number(p.max_retries)),
        ("jitter", string(p.jitter.as_str())),
        ("lo", shown(number(p.proportional.lo))),
        ("hi", shown(number(p.proportional.hi))),
        (
            "capOrder",
            shown(string(cap_order_name(p.proportional.cap))),
        ),
    ]
}

/// An optional deadline as its field shows it: empty when there is none.
fn deadline(ms: Option<u64>) -> String {
    string(&ms.map_or(String::new(), |d| d.to_string()))
}

fn main() {
    let jitters = Jitter::ALL
        .iter()
        .map(|j| object(&[("value", string(j.as_str())), ("label", string(j.label()))]))
        .collect();
    let modes = mode_variants()
        .iter()
        .map(|m| {
            let order = (m.jitter == Jitter::Proportional).then(|| string(cap_order_name(m.cap)));
            object(&[
                ("name", string(&m.name)),
                ("jitter", string(m.jitter.as_str())),
                ("capOrder", or_null(order)),
            ])
        })
        .collect();
    let langs = Lang::ALL
        .iter()
        .map(|l| object(&[("value", string(l.as_str())), ("label", string(l.label()))]))
        .collect();
    let sim_modes = SimMode::ALL
        .iter()
        .map(|m| object(&[("value", string(m.as_str())), ("label", string(m.label()))]))
        .collect();
    let param = |p: &Param| {
        object(&[
            ("id", string(p.id)),
            ("label", string(p.label)),
            ("default", number(p.default)),
        ])
    };
    let load_fields = FIELDS.iter().map(param).collect();
    let load_budgets = BudgetKind::ALL
        .iter()
        .map(|k| {
            let params: Vec<String> = k.params().iter().map(param).collect();
            object(&[
                ("value", string(k.as_str())),
                ("label", string(k.label())),
                ("params", format!("[{}]", params.join(", "))),
            ])
        })
        .collect();
    let presets = PRESETS
        .iter()
        .map(|p| {
            let mut fields = vec![("id", string(p.id)), ("name", string(p.name))];
            fields.extend(policy_fields(&p.policy, false));
            fields.extend([
                ("deadline", deadline(p.deadline_ms)),
                ("honor", p.honor_retry_after.to_string()),
                ("ramax", or_null(p.retry_after_max_ms.map(number))),
                ("source", string(p.source)),
                ("url", string(p.url)),
            ]);
            object(&fields)
        })
        .collect();
    // What a link without parameters opens with.
    let page = State::with_seed(0);
    let mut defaults = policy_fields(&page.policy, true);
    defaults.extend([
        ("deadline", deadline(page.deadline_ms)),
        ("honor", page.honor.to_string()),
        // The maximum in force: nothing set, so the default or the deadline.
        ("ramax", number(page.retry_after_max())),
    ]);
    println!("{{");
    println!("  \"jitters\": {},", array(jitters));
    println!("  \"modes\": {},", array(modes));
    println!("  \"langs\": {},", array(langs));
    println!("  \"simModes\": {},", array(sim_modes));
    println!("  \"loadFields\": {},", array(load_fields));
    println!("  \"loadBudgets\": {},", array(load_budgets));
    println!("  \"presets\": {},", array(presets));
    println!("  \"rowsPerTask\": \"{ROWS_PER_TASK}\",");
    println!("  \"defaults\": {},", object(&defaults));
    println!("  \"libraries\": {}", array(libraries(&page)));
    println!("}}");
}
