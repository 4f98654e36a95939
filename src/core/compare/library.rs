//! A chosen library beside the page's modes: its own row (worst case,
//! expected total and spread, from the library's schedule as the page
//! shows it) and the page policy closest to its settings, at which the
//! five modes are compared ([`closest_policy`]).
//!
//! Both read only a library's rows, never its model: the page already
//! holds them, so the comparison needs nothing the library models' part
//! of the page carries.

use super::{compare_modes, ModeRow};
use crate::core::decimal_text::Num;
use crate::core::format;
use crate::core::library::{close, ranges, LibrarySchedule};
use crate::core::policy::{Policy, MAX_DELAY_MS, MAX_MULTIPLIER, MAX_RETRIES, MIN_MULTIPLIER};
use crate::core::schedule::Schedule;

/// What the comparison shows: the library's row when one is chosen, then
/// the five modes (at the page policy closest to the library's settings,
/// or at the page's own).
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The library beside the modes, when one is chosen.
    pub library: Option<Beside>,
    /// Every mode, in [`crate::core::policy::Jitter::ALL`] order.
    pub modes: Vec<ModeRow>,
}

/// A chosen library in the comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct Beside {
    /// The library's id, as the link spells it (the CSV's `mode`).
    pub id: &'static str,
    /// Its row.
    pub row: LibraryRow,
    /// The page policy closest to its settings, at which the modes run.
    pub policy: Policy,
    /// The line naming that policy ([`closest_words`]).
    pub words: String,
}

/// The policy the modes run at: the page's `policy`, or, with a
/// library's schedule as the page shows it, the page policy closest to
/// that library's settings ([`closest_policy`]).
pub fn modes_policy(policy: &Policy, library: Option<&LibrarySchedule>) -> Policy {
    match library {
        Some(shown) => closest_policy(&ranges(&shown.source.1), policy),
        None => *policy,
    }
}

/// The comparison at `policy`, the policy the modes run at
/// ([`modes_policy`]), with `means` its decorrelated means (which the
/// page makes, in slices for a long schedule): the five modes, headed by
/// the library's row when one is chosen.
pub fn comparison(policy: &Policy, means: &[f64], library: Option<&LibrarySchedule>) -> Comparison {
    let modes = compare_modes(policy, means);
    let library = library.map(|shown| {
        let name = shown.source.0.lib.name();
        Beside {
            id: shown.source.0.lib.id(),
            row: library_row(name, &shown.schedule),
            policy: *policy,
            words: closest_words(policy, name),
        }
    });
    Comparison { library, modes }
}

/// The library's line in the comparison, on the modes' axis.
#[derive(Clone, Debug, PartialEq)]
pub struct LibraryRow {
    /// The library's name as the row says it: `urllib3 Retry as configured`.
    pub name: String,
    /// The longest total wait, ms: the sum of the per-retry maximums, or
    /// the longest total of the seeded runs where the library's draws
    /// depend on each other (Polly), within its time budget.
    pub worst_ms: f64,
    /// The expected total wait, ms.
    pub expected_ms: f64,
    /// True when `expected_ms` comes from seeded runs.
    pub expected_is_simulated: bool,
    /// The shortest total wait, ms: with `worst_ms`, the spread its
    /// jitter gives.
    pub shortest_ms: f64,
}

/// The row of a library named `name` whose schedule, as the page shows
/// it (totals settled for a trailing sleep, dependent draws and a time
/// budget), is `shown`.
pub fn library_row(name: &str, shown: &Schedule) -> LibraryRow {
    LibraryRow {
        name: format!("{name} as configured"),
        worst_ms: shown.range_max_ms,
        expected_ms: shown.expected_total_ms,
        expected_is_simulated: shown.expected_is_simulated,
        shortest_ms: shown.range_min_ms,
    }
}

/// What the library row says in the study column: the spread of its
/// totals, which its own jitter makes.
pub fn spread_words(row: &LibraryRow) -> String {
    if close(row.shortest_ms, row.worst_ms) {
        format!(
            "Every call waits {} in all: no jitter spreads its retries.",
            format::total(row.worst_ms)
        )
    } else {
        format!(
            "Its totals spread from {} to {}: its own jitter.",
            format::total(row.shortest_ms),
            format::total(row.worst_ms)
        )
    }
}

/// The sleep a retry's range `[lo, hi]` was drawn around: `hi` when the
/// range is fixed, full jitter (from 0) or equal jitter (from half), the
/// middle otherwise (a factor around 1, as gRPC draws).
fn nominal(lo: f64, hi: f64) -> f64 {
    if lo <= 0.0 || close(lo, hi) || close(lo, hi / 2.0) {
        hi
    } else {
        (lo + hi) / 2.0
    }
}

/// A whole number of ms within the page's limits: `ms` rounded, or
/// rounded up when `up` and it is not whole to float precision (a cap
/// must not cut the sleep it was read from).
fn whole_ms(ms: f64, up: bool) -> u64 {
    if ms.is_finite() {
        let whole = if up && !close(ms, ms.round()) {
            ms.ceil()
        } else {
            ms.round()
        };
        crate::core::clamp(whole, 0.0, MAX_DELAY_MS as f64) as u64
    } else {
        MAX_DELAY_MS
    }
}

/// The page policy closest to a library's settings, read from its rows
/// (each retry's shortest and longest sleep, in order):
///
/// - retries: the library's rows, up to the page's limit;
/// - each retry's sleep: its longest, or the middle of a range drawn
///   around a factor (neither from 0, nor from half, nor fixed);
/// - the growth: from the first waiting retry's sleep to the last one
///   below the longest, per retry (or to the next one's when no other is
///   below the longest), to three decimals, within the page's limits;
/// - base: that first waiting sleep, taken back to retry 1 by the growth
///   (urllib3's retry 1 waits 0, its retry 2 factor × 2: base = factor);
/// - cap: the longest of those sleeps (a cap never reached changes
///   nothing);
/// - the jitter, its factors, and a growth a single waiting retry cannot
///   tell, from `page`.
///
/// Where a library's schedule is a page policy's (a translation with no
/// difference), this gives that policy's rows back exactly.
pub fn closest_policy(rows: &[(f64, f64)], page: &Policy) -> Policy {
    let sleeps: Vec<f64> = rows.iter().map(|&(lo, hi)| nominal(lo, hi)).collect();
    let max_retries = (rows.len().min(MAX_RETRIES as usize)) as u32;
    let Some(k) = sleeps.iter().position(|&d| d > 0.0) else {
        return Policy {
            base_ms: 0,
            max_retries,
            ..*page
        };
    };
    let first = sleeps[k];
    let cap = sleeps.iter().copied().fold(0.0, f64::max);
    // The growth over the longest span below the cap: exact for a
    // geometric schedule, and less swayed by one row's jitter.
    let below = sleeps.iter().rposition(|&d| d < cap && !close(d, cap));
    let growth = match (below, sleeps.get(k + 1)) {
        (Some(j), _) if j > k => Some((sleeps[j] / first).powf(1.0 / (j - k) as f64)),
        (_, Some(&next)) => Some(next / first),
        _ => None,
    };
    let multiplier = match growth {
        Some(g) => {
            let g = (g * 1000.0).round() / 1000.0;
            if g.is_nan() {
                MIN_MULTIPLIER
            } else {
                crate::core::clamp(g, MIN_MULTIPLIER, MAX_MULTIPLIER)
            }
        }
        None => page.multiplier,
    };
    let base = first / multiplier.powi(k as i32);
    Policy {
        base_ms: whole_ms(base, false),
        multiplier,
        cap_ms: whole_ms(cap, true),
        max_retries,
        ..*page
    }
}

/// The line naming the policy the modes use: "The modes below use base
/// 500 ms, multiplier 2, cap 120,000 ms, 10 retries: the page policy
/// closest to urllib3 Retry's settings."
pub fn closest_words(policy: &Policy, library: &str) -> String {
    use crate::core::format::thousands;
    let retries = match policy.max_retries {
        1 => "1 retry".to_string(),
        n => format!("{} retries", thousands(u64::from(n))),
    };
    format!(
        "The modes below use base {} ms, multiplier {}, cap {} ms, {retries}: the page policy closest to {library}'s settings.",
        thousands(policy.base_ms),
        Num(policy.multiplier),
        thousands(policy.cap_ms),
    )
}

#[cfg(test)]
mod tests;
