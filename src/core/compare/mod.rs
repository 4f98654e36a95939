//! The mode comparison: every jitter mode side by side for one policy,
//! with what the AWS study found for each ([`STUDY`]).
//!
//! [`compare_modes`] computes the rows from the schedule in each mode, so
//! a row matches the table when that mode is chosen; [`chart`] writes them
//! as the table's rows and the bar chart that puts every mode on one axis.

use super::policy::{Jitter, Policy};
use super::schedule::{schedule_with_means, Schedule};

pub mod chart;
pub mod library;

/// The study the comparison quotes.
pub const STUDY: &str = "AWS Architecture Blog, Exponential Backoff And Jitter, 2015";

/// Where to read it.
pub const STUDY_URL: &str =
    "https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/";

/// One mode's line in the comparison.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModeRow {
    /// The mode.
    pub jitter: Jitter,
    /// Sum of the per-retry maximums, ms.
    pub worst_ms: f64,
    /// Expected total, ms (a simulation mean for decorrelated jitter).
    pub expected_ms: f64,
    /// True when `expected_ms` comes from simulation.
    pub expected_is_simulated: bool,
    /// What the study found for this mode, in a few words.
    pub study: &'static str,
}

/// What the study found for each mode, in our words. The study counted
/// calls (work) and the time until every client was done (completion) for
/// clients contending for one resource.
pub fn study_finding(jitter: Jitter) -> &'static str {
    match jitter {
        Jitter::None => {
            "Study: without jitter the retries stay bunched; the most work and the slowest completion."
        }
        Jitter::Full => "Study: the least work; completion close to decorrelated, a little slower.",
        Jitter::Equal => {
            "Study: a little more work than full jitter and clearly slower to complete."
        }
        Jitter::Decorrelated => {
            "Study: a little more work than full jitter, a little faster to complete."
        }
        Jitter::Proportional => {
            "Not in the study, which compared none, equal, full and decorrelated only."
        }
    }
}

/// Every mode for `policy`'s base, multiplier, cap and retries (and its
/// proportional factors), in [`Jitter::ALL`] order.
///
/// Each row's figures are those of the schedule in that mode, so they match
/// the table when that mode is chosen. The decorrelated row's mean comes
/// from `decorrelated_means` ([`super::schedule::decorrelated_means`] for the policy's base,
/// cap and retries), which the page already keeps.
pub fn compare_modes(policy: &Policy, decorrelated_means: &[f64]) -> Vec<ModeRow> {
    Jitter::ALL
        .into_iter()
        .map(|jitter| {
            let s: Schedule =
                schedule_with_means(&Policy { jitter, ..*policy }, 0, decorrelated_means);
            ModeRow {
                jitter,
                worst_ms: s.range_max_ms,
                expected_ms: s.expected_total_ms,
                expected_is_simulated: s.expected_is_simulated,
                study: study_finding(jitter),
            }
        })
        .collect()
}
