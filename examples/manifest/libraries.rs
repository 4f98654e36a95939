//! The manifest's `libraries` list: every library's parameters as its
//! fields show them, its configs and the page's policy translated into it.

use backoff_calculator::core::library::{LibId, Unit};
use backoff_calculator::core::share::State;

use crate::json::{number, object, or_null, string};

/// Every library: its params as its fields show them, its config at its
/// defaults, and the page's policy (at `page`'s defaults, then with 3
/// retries) translated into it.
pub fn libraries(page: &State) -> Vec<String> {
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
