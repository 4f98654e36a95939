//! Retry libraries in their own terms: each library's parameters with its
//! own names, units, defaults and ranges, its exact delay model (counting,
//! first wait, jitter, where the cap applies, truncation, time budget), what
//! it does with a server's `Retry-After`, and its config in its own syntax.
//!
//! Every model is a [`Model`]: a static [`Info`] (the parameter table,
//! counting and `Retry-After` rule as data), its [`Source`] (the release
//! and file it was read from), the bounds of each retry's delay, one seeded run, and a
//! config writer. [`schedule`] and [`sample`] turn those into the rows a
//! page shows. Delays are milliseconds as `f64` throughout. Each model also
//! translates the page's policy into its closest parameters, listing every
//! difference (`translate.rs`).
//!
//! What a library declares as data is in `info.rs`, the [`Model`] and
//! [`Writer`] traits in `model.rs`, and the table of the libraries (with
//! [`LibId`] and [`Configured`]) in `table.rs`.
//!
//! Models are checked against the real libraries where a registry carries
//! them (`tests/libraries/`), and against their cited formulas elsewhere
//! (`tests/library_models.rs`).

mod engine;
mod info;
mod literals;
mod model;
mod page;
mod param_docs;
mod params;
mod release;
mod schedule;
mod table;
mod translate;
mod typed;
mod words;

pub mod aws;
pub mod axios_retry;
pub mod backon;
pub mod cenkalti;
pub mod client_go;
pub mod envoy;
pub mod google_api_core;
pub mod grpc;
pub mod p_retry;
pub mod paste;
pub mod polly;
pub mod resilience4j;
pub mod retryablehttp;
pub mod spring_retry;
pub mod tenacity;
pub mod urllib3;

pub use engine::Engine;
pub use info::{Combine, Counting, Counts, Info, Language, RetryAfterRule, Source};
pub use literals::{go_free_num, go_ms, num, py_float, rust_duration};
pub use model::{defaults, Model, Writer};
pub use page::{library_rows, library_schedule, sampled, with_server_wait, LibrarySchedule, Rows};
pub use param_docs::{param_doc, PARAM_DOCS};
pub use params::{LibError, Param, Unit, Values};
pub use release::{release, release_of, Release, RELEASE_PARAM};
pub use table::{all, find, infos, writers, Configured, LibId};
use translate::Draft;
// The models import it from here (`super::Policy`).
use crate::core::policy::Policy;
pub use translate::{close, mismatch, page_rows, unbudgeted, Diff, Translation, FIELDS};
pub use typed::{read_fields, FieldsRead};
pub use words::{diff_html, field_id, fields_html, library_notes, option_html, options_html};

pub use schedule::{
    clamp_uniform_mean, floor_uniform_mean, plan, sample, schedule, Bounds, BudgetInfo, Deciding,
    Plan, Rand, Row, Schedule, BUDGET_RUNS, MAX_ROWS, MEAN_RUNS,
};

/// Every row's `(min, max)` sleep in ms, in order: what the closest page
/// policy is fitted to ([`crate::core::compare::library::closest_policy`]).
pub fn ranges(s: &Schedule) -> Vec<(f64, f64)> {
    s.rows.iter().map(|r| (r.min_ms, r.max_ms)).collect()
}

/// The longest delay Node's `setTimeout` holds, ms (2³¹ − 1): a longer
/// one (or one below 1 ms) fires after 1 ms (`lib/internal/timers.js`).
pub const NODE_TIMER_MAX_MS: f64 = 2_147_483_647.0;

#[cfg(test)]
mod tests {
    use super::*;

    fn row(retry: u32, min_ms: f64, max_ms: f64) -> Row {
        Row {
            retry,
            min_ms,
            max_ms,
            expected_ms: (min_ms + max_ms) / 2.0,
            simulated: false,
            reach: 1.0,
        }
    }

    /// Each row's bounds, in the rows' order, and nothing else: not the
    /// mean, not the trailing sleep.
    #[test]
    fn ranges_are_the_rows_bounds_in_order() {
        let s = Schedule {
            rows: vec![
                row(1, 0.0, 100.0),
                row(2, 50.0, 200.0),
                row(3, 400.0, 400.0),
            ],
            budget: None,
            trailing: Some(Bounds {
                min_ms: 1.0,
                max_ms: 2.0,
                expected_ms: None,
            }),
            totals: None,
        };
        assert_eq!(
            ranges(&s),
            vec![(0.0, 100.0), (50.0, 200.0), (400.0, 400.0)]
        );
        assert_eq!(ranges(&Schedule { rows: vec![], ..s }), vec![]);
    }
}
