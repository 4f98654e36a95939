//! The parameter sets of `tests/libraries/`: one per line, `<model id>
//! <set name> […] <parameter>=<value> …`, each value in the library's own
//! unit, and `version=<id>` for a release other than the current one
//! (`lib.version`); `#` starts a comment. Read by the examples that print what the
//! models say for them.

use backoff_calculator::core::library::{self, find, schedule, Model, Schedule, Values};

/// One set: its model id and name, the model, its values (the parameters
/// from word `params_from` on) and the schedule the model gives them.
// Each example reads the fields it prints.
#[allow(dead_code)]
pub struct Set<'a> {
    /// The model's id.
    pub id: &'a str,
    /// The set's name.
    pub set: &'a str,
    /// The library's model.
    pub model: &'static dyn Model,
    /// Its values, the set's parameters applied over the defaults.
    pub values: Values,
    /// What the model says for them.
    pub schedule: Schedule,
}

/// Every set of the file's `text`, whose parameters start at word
/// `params_from`; panics on a line it cannot read, naming it.
pub fn sets(text: &str, params_from: usize) -> Vec<Set<'_>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let model = find(words[0]).unwrap_or_else(|| panic!("{line}: no model"));
            let mut values = library::defaults(model);
            for pair in &words[params_from..] {
                let (name, value) = pair
                    .split_once('=')
                    .unwrap_or_else(|| panic!("{line}: {pair}"));
                // The release the set runs (`lib.version`).
                if name == library::RELEASE_PARAM {
                    let id = library::release_of(model, value)
                        .unwrap_or_else(|| panic!("{line}: no release {value}"));
                    values.set_release(id);
                    continue;
                }
                values
                    .set_text(name, value)
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
            }
            let schedule = schedule(model, &values).unwrap_or_else(|e| panic!("{line}: {e}"));
            Set {
                id: words[0],
                set: words[1],
                model,
                values,
                schedule,
            }
        })
        .collect()
}
