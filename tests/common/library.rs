//! Helpers for the library model tests: a model by id, its values with
//! some parameters set, and its rows.

use backoff_calculator::core::library::{self, find, schedule, Model, Values};

/// The model `id`; panics when there is none.
pub fn model(id: &str) -> &'static dyn Model {
    find(id).unwrap_or_else(|| panic!("no model {id}"))
}

/// The model's values: its defaults with `sets` (name, text) applied.
pub fn values(id: &str, sets: &[(&str, &str)]) -> Values {
    let mut v = library::defaults(model(id));
    for (name, text) in sets {
        v.set_text(name, text)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
    }
    v
}

/// Every row's (min, max), ms.
pub fn ranges(id: &str, sets: &[(&str, &str)]) -> Vec<(f64, f64)> {
    library::ranges(&schedule(model(id), &values(id, sets)).unwrap())
}

/// Seconds to ms.
pub fn ms(s: &[f64]) -> Vec<f64> {
    s.iter().map(|x| x * 1000.0).collect()
}
