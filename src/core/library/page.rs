//! A configured library as the page shows it: its schedule in the rows
//! the table, tiles, chart and deadline read, one seeded run as the
//! sample, and what decided the number of rows.

use std::sync::Arc;

use super::{schedule, Bounds, BudgetInfo, Configured, LibError, Rand, Schedule};
use crate::core::schedule::{Row, Schedule as PageSchedule};

/// What the page shows for a library with its parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct LibrarySchedule {
    /// The rows, with the seeded run as the sample.
    pub schedule: PageSchedule,
    /// How a time budget decided the rows, if one applies.
    pub budget: Option<BudgetInfo>,
    /// A last sleep after which the library gives up (client-go reaching
    /// `Cap`): waited, but followed by no attempt.
    pub trailing: Option<Bounds>,
    /// Retries the seeded run made (with a budget, it may stop before the
    /// last row; later rows then show a sample of 0).
    pub run_retries: usize,
    /// The library and values, and its rows as [`schedule`] gave them: kept
    /// so that a new seed reuses them ([`resampled`]).
    pub source: Arc<(Configured, Schedule)>,
}

/// The schedule of `chosen`, sampled with `seed`, or why the library
/// refuses its parameters.
pub fn library_schedule(chosen: &Configured, seed: u64) -> Result<LibrarySchedule, LibError> {
    chosen.check()?;
    let rows = schedule(chosen.lib.model(), &chosen.values)?;
    Ok(sampled(Arc::new((chosen.clone(), rows)), seed))
}

/// [`library_schedule`] of `chosen`, reusing `last`'s rows when only the
/// seed changed: the rows do not depend on it, and may simulate thousands
/// of runs.
pub fn resampled(
    chosen: &Configured,
    seed: u64,
    last: Option<&LibrarySchedule>,
) -> Result<LibrarySchedule, LibError> {
    match last {
        Some(l) if l.source.0 == *chosen => Ok(sampled(l.source.clone(), seed)),
        _ => library_schedule(chosen, seed),
    }
}

/// The rows of `source` with the run drawn from `seed` as the sample.
fn sampled(source: Arc<(Configured, Schedule)>, seed: u64) -> LibrarySchedule {
    let (chosen, lib) = (&source.0, &source.1);
    let model = chosen.lib.model();
    let v = &chosen.values;
    let run = model.run(v, &mut Rand::new(seed));
    let simulated = lib.rows.iter().any(|r| r.simulated);
    let rows = lib
        .rows
        .iter()
        .map(|r| Row {
            retry: r.retry,
            sample_ms: run.get(r.retry as usize - 1).copied().unwrap_or(0.0),
            min_ms: r.min_ms,
            max_ms: r.max_ms,
            // A retry that a budget leaves out counts as no wait, so the
            // expected total is the mean total over all runs.
            expected_ms: r.expected_ms * r.reach,
            capped: false,
            ..Row::default()
        })
        .collect();
    LibrarySchedule {
        schedule: PageSchedule::from_rows(rows, simulated),
        budget: lib.budget,
        trailing: lib.trailing,
        run_retries: run.len(),
        source: source.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::library::LibId;

    fn urllib3(pairs: &[(&str, &str)]) -> Configured {
        let mut c = Configured::defaults(LibId::parse("urllib3").unwrap());
        for (k, v) in pairs {
            c.values.set_text(k, v).unwrap();
        }
        c
    }

    #[test]
    fn urllib3_rows_reach_the_page() {
        // 2.8.0, backoff_factor=1, backoff_max=32, total=6: 0, 2, 4, 8, 16, 32 s.
        let c = urllib3(&[
            ("backoff_factor", "1"),
            ("backoff_max", "32"),
            ("total", "6"),
        ]);
        let s = library_schedule(&c, 7).unwrap();
        let maxes: Vec<f64> = s.schedule.rows.iter().map(|r| r.max_ms).collect();
        assert_eq!(maxes, [0.0, 2e3, 4e3, 8e3, 16e3, 32e3]);
        assert_eq!(s.schedule.attempts, 7);
        assert_eq!(s.schedule.range_max_ms, 62e3);
        assert_eq!(s.schedule.total_ms, 62e3);
        assert!(!s.schedule.expected_is_simulated);
        assert_eq!(s.budget, None);
    }

    #[test]
    fn a_refused_combination_is_an_error_not_a_panic() {
        let mut c = urllib3(&[]);
        assert!(c.values.set_text("total", "-1").is_err());
        assert!(library_schedule(&c, 0).is_ok());
    }

    #[test]
    fn every_library_at_its_defaults_has_a_schedule() {
        for lib in LibId::all() {
            let s = library_schedule(&Configured::defaults(lib), 1)
                .unwrap_or_else(|e| panic!("{}: {e}", lib.id()));
            assert!(!s.schedule.rows.is_empty(), "{}", lib.id());
            for r in &s.schedule.rows {
                assert!(r.min_ms <= r.max_ms, "{} retry {}", lib.id(), r.retry);
            }
        }
    }
}
