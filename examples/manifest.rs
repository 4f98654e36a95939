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

#[path = "../tests/common/modes.rs"]
mod modes;

use backoff_calculator::core::library::{LibId, Unit};
use backoff_calculator::core::load::{BudgetKind, Param, FIELDS};
use backoff_calculator::core::policy::{Jitter, Policy};
use backoff_calculator::core::presets::PRESETS;
use backoff_calculator::core::schedule::ROWS_PER_TASK;
use backoff_calculator::core::share::State;
use backoff_calculator::core::sim::Mode as SimMode;
use backoff_calculator::core::snippets::Lang;

use modes::{cap_order_name, mode_variants};

/// A JSON string literal.
fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A number as the page writes it, as a JSON string.
fn number(x: impl std::fmt::Display) -> String {
    string(&x.to_string())
}

/// A JSON object from its fields, on one line.
fn object(fields: &[(&str, String)]) -> String {
    let inner: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{}: {v}", string(k)))
        .collect();
    format!("{{{}}}", inner.join(", "))
}

/// A JSON array, one element per line.
fn array(items: Vec<String>) -> String {
    format!("[\n    {}\n  ]", items.join(",\n    "))
}

fn or_null(value: Option<String>) -> String {
    value.unwrap_or_else(|| "null".to_string())
}

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

/// Every library: its params as its fields show them, its config at its
/// defaults, and the page's policy (at `page`'s defaults, then with 3
/// retries) translated into it.
fn libraries(page: &State) -> Vec<String> {
    LibId::all()
        .map(|lib| {
            let (model, writer) = (lib.model(), lib.writer());
            let info = model.info();
            let values = lib.defaults();
            let params = info
                .params
                .iter()
                .map(|p| {
                    let (kind, choices) = match p.unit {
                        Unit::Bool => ("bool", "null".to_string()),
                        Unit::Choice(names) => (
                            "choice",
                            format!(
                                "[{}]",
                                names
                                    .iter()
                                    .map(|n| string(n))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        ),
                        _ => ("number", "null".to_string()),
                    };
                    object(&[
                        ("name", string(p.name)),
                        ("label", string(&p.label())),
                        ("default", string(&values.text(p.name))),
                        ("kind", string(kind)),
                        ("choices", choices),
                        ("noneOk", p.none_ok.to_string()),
                    ])
                })
                .collect::<Vec<_>>();
            let translations = [page.policy.max_retries, 3]
                .iter()
                .map(|&retries| {
                    let mut policy = page.policy;
                    policy.max_retries = retries;
                    let t = writer.translate(&policy, page.deadline_ms);
                    let fields: Vec<String> = t.diffs.iter().map(|d| string(d.field)).collect();
                    object(&[
                        ("retries", number(retries)),
                        ("exact", t.exact().to_string()),
                        ("fields", format!("[{}]", fields.join(", "))),
                        ("config", string(&writer.config(&t.values))),
                    ])
                })
                .collect::<Vec<_>>();
            let list = model.releases();
            let releases = list
                .iter()
                .enumerate()
                .filter(|_| list.len() > 1)
                .map(|(i, r)| {
                    let value = if i == 0 { "" } else { r.id };
                    let mut v = lib.defaults();
                    v.set_release(value);
                    object(&[
                        ("id", string(r.id)),
                        ("value", string(value)),
                        ("label", string(r.label)),
                        ("config", string(&writer.config(&v))),
                    ])
                })
                .collect::<Vec<_>>();
            object(&[
                ("id", string(info.id)),
                ("name", string(info.name)),
                ("countParam", or_null(info.counting.param.map(string))),
                (
                    "budgetParam",
                    or_null(info.counting.budget_param.map(string)),
                ),
                ("params", format!("[{}]", params.join(", "))),
                ("config", string(&writer.config(&values))),
                ("releases", format!("[{}]", releases.join(", "))),
                ("translations", format!("[{}]", translations.join(", "))),
            ])
        })
        .collect()
}
