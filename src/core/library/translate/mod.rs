//! From the page's policy to each library: the closest parameter set, and
//! one [`Diff`] for every way that library cannot do what the policy does.
//!
//! Each model's `translate` sets every parameter the policy maps to (the
//! base in the library's unit, the multiplier, the cap, the count as the
//! library counts, the jitter and the deadline as a time budget where the
//! library has one), clamps a value into the parameter's range when it
//! must, and lists what differs. A [`Diff`]'s `field` is one of:
//!
//! - a parameter name (`backoff_max`, `initial`, …): the value was clamped
//!   into that parameter's range;
//! - `first-retry`: retry 1 does not wait what the page's retry 1 waits;
//! - `multiplier`: the library's growth is fixed, or grows another way;
//! - `jitter`: the library cannot draw the page's jitter;
//! - `cap`: the library caps elsewhere (or not at all);
//! - `retries`: the library makes another number of retries;
//! - `deadline`: the library has no time budget for the caller's deadline,
//!   or spends it another way;
//! - `rounding`: the library rounds a delay the page keeps exact.
//!
//! A difference is listed only when it changes the schedule: each one is
//! decided by asking whether the page's own schedule would change if its
//! field took the library's value. After the specific checks, the
//! library's own rows are compared with the page's (min and max of every
//! retry, and the count), so a translation with no diffs is exact; the
//! tests check that over a grid and random policies.

mod draft;
#[cfg(test)]
mod tests;

pub(super) use draft::Draft;

use super::{Model, Values};
use crate::core::decimal_text::{fixed_wide, shortest_wide};
use crate::core::policy::{Jitter, Policy, MAX_DELAY_MS};
use crate::core::schedule::schedule_with_means;

/// The `field` ids a [`Diff`] uses besides a library's parameter names.
pub const FIELDS: &[&str] = &[
    "first-retry",
    "multiplier",
    "jitter",
    "cap",
    "retries",
    "deadline",
    "rounding",
];

/// One field where the library cannot do what the page's policy does.
#[derive(Clone, Debug, PartialEq)]
pub struct Diff {
    /// What differs: a parameter name or one of [`FIELDS`].
    pub field: &'static str,
    /// What the library does instead, in one plain sentence with numbers.
    pub text: String,
}

/// The closest config for a page policy.
#[derive(Clone, Debug, PartialEq)]
pub struct Translation {
    /// The library's parameters, each valid and in the library's unit.
    pub values: Values,
    /// Every way the library's schedule differs from the page's.
    pub diffs: Vec<Diff>,
}

impl Translation {
    /// Whether the library does exactly what the page's policy does.
    pub fn exact(&self) -> bool {
        self.diffs.is_empty()
    }

    /// Whether `field` is among the diffs.
    pub fn has(&self, field: &str) -> bool {
        self.diffs.iter().any(|d| d.field == field)
    }
}

/// Two delays are the same within 1e-9 relative, or 1 ns: Go and Rust
/// durations are whole ns, and float powers differ from repeated
/// multiplication in the last bits.
pub fn close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * a.abs().max(b.abs()) + 1e-6
}

/// The page's rows as `(min, max)` ms (the means are not needed, so no
/// decorrelated simulation runs).
pub fn page_rows(policy: &Policy) -> Vec<(f64, f64)> {
    schedule_with_means(policy, 0, &[])
        .rows
        .iter()
        .map(|r| (r.min_ms, r.max_ms))
        .collect()
}

fn same_rows(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| close(x.0, y.0) && close(x.1, y.1))
}

/// A number for a sentence: at most three decimals, no trailing zeros.
pub(super) fn n(x: f64) -> String {
    if x.is_infinite() {
        return "none".to_string();
    }
    // Rows with no cap can pass 2^64 ms: the wide writer.
    shortest_wide((x * 1000.0).round() / 1000.0)
}

/// `1 retry`, `3 retries`.
pub(super) fn retries(k: u32) -> String {
    if k == 1 {
        "1 retry".to_string()
    } else {
        format!("{k} retries")
    }
}

/// How the page's jitter reads in a sentence.
pub(super) fn jitter_words(p: &Policy) -> String {
    match p.jitter {
        Jitter::None => "no jitter".to_string(),
        Jitter::Proportional => format!(
            "proportional jitter ×{}–{}",
            n(p.proportional.lo),
            n(p.proportional.hi)
        ),
        j => format!("{} jitter", j.as_str()),
    }
}

/// `v` with the library's time budget, if any, turned off: a budget only
/// drops the retries past the caller's deadline, so the rows before it are
/// compared without one.
pub fn unbudgeted(model: &dyn Model, v: &Values) -> Values {
    let mut v = v.clone();
    if let Some(name) = model.info().counting.budget_param {
        let p = model.info().params.iter().find(|p| p.name == name);
        // cenkalti's MaxElapsedTime takes 0 for "no limit".
        let off = if p.is_some_and(|p| p.none_ok) {
            f64::INFINITY
        } else {
            0.0
        };
        v.set(name, off)
            .unwrap_or_else(|e| panic!("unbudgeted {e}"));
    }
    v
}

/// How the library's rows differ from `page`'s, in words, if they do.
pub fn mismatch(model: &dyn Model, v: &Values, page: &[(f64, f64)]) -> Option<String> {
    let Some(count) = model.max_retries(v) else {
        return Some("it has no retry count".to_string());
    };
    if count as usize != page.len() {
        return Some(format!("it makes {count} retries, not {}", page.len()));
    }
    if model.trailing(v).is_some() {
        return Some("it sleeps once more after the last retry".to_string());
    }
    for (k, want) in (1..).zip(page) {
        let b = model.bounds(v, k);
        if !(close(b.min_ms, want.0) && close(b.max_ms, want.1)) {
            // Below a µs, three decimals would print the same numbers.
            let f = |x: f64| {
                if n(b.min_ms) == n(want.0) && n(b.max_ms) == n(want.1) {
                    fixed_wide(x, 6)
                } else {
                    n(x)
                }
            };
            return Some(format!(
                "retry {k} waits {}–{} ms, not {}–{} ms",
                f(b.min_ms),
                f(b.max_ms),
                f(want.0),
                f(want.1)
            ));
        }
    }
    None
}

/// The page's largest cap, for "no cap" in a counterfactual.
pub(super) const NO_CAP: u64 = MAX_DELAY_MS;
