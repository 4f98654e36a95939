//! A configured library as the page shows it: its schedule in the rows
//! the table, tiles, chart and deadline read, one seeded run as the
//! sample, and what decided the number of rows.

use std::sync::Arc;

use super::{
    plan, schedule, Bounds, BudgetInfo, Configured, Deciding, LibError, Plan, Rand, Schedule,
};
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
    /// last row; the schedule marks the later rows as not made: `sample_ends`).
    pub run_retries: usize,
    /// The library and values, and its rows as [`schedule`] gave them: kept
    /// so that a new seed reuses them ([`sampled`]).
    pub source: Arc<(Configured, Schedule)>,
    /// Whether the rows are a preview ([`Deciding::preview`]): the seeded
    /// runs that decide their means or their count are still being made.
    pub deciding: bool,
}

/// A library's rows as far as they are known, and the runs that decide
/// the rest when some need them.
pub type Rows = (Schedule, Option<Deciding<'static>>);

/// The rows of `chosen` as far as they are known now, with the runs that
/// decide the rest when some need them ([`Deciding`]: make them, then
/// [`Deciding::finish`] gives the rows [`schedule`] gives).
pub fn library_rows(chosen: &Configured) -> Result<Rows, LibError> {
    Ok(match plan(chosen.lib.model(), &chosen.values)? {
        Plan::Known(s) => (s, None),
        Plan::Deciding(d) => (d.preview(), Some(d)),
    })
}

/// The schedule of `chosen`, sampled with `seed`, or why the library
/// refuses its parameters.
pub fn library_schedule(chosen: &Configured, seed: u64) -> Result<LibrarySchedule, LibError> {
    // `schedule` checks the values first.
    let rows = schedule(chosen.lib.model(), &chosen.values)?;
    Ok(sampled(Arc::new((chosen.clone(), rows)), seed, false))
}

/// The rows of `source` with the run drawn from `seed` as the sample;
/// `deciding` when the rows are a preview.
pub fn sampled(source: Arc<(Configured, Schedule)>, seed: u64, deciding: bool) -> LibrarySchedule {
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
    let mut schedule = PageSchedule::from_rows(rows, simulated);
    // The library's own count, when the table shows only its first rows;
    // under a time budget the runs decided the rows, and the count is
    // theirs.
    if let (Some(m), None) = (model.max_retries(v), lib.budget) {
        schedule.attempts = u64::from(m) + 1;
    }
    settle(&mut schedule, lib);
    if run.len() < schedule.rows.len() {
        schedule.sample_ends = Some(run.len() as u32);
    }
    LibrarySchedule {
        schedule,
        budget: lib.budget,
        trailing: lib.trailing,
        run_retries: run.len(),
        source: source.clone(),
        deciding,
    }
}

/// What the rows' sums alone do not say, applied to a schedule summed
/// from its rows: a last sleep before giving up is waited too (client-go
/// reaching Cap); a model whose draws depend on each other takes its
/// totals from the runs; a library with a time budget never sleeps past
/// it.
fn settle(schedule: &mut PageSchedule, lib: &Schedule) {
    if let Some(totals) = &lib.totals {
        // A server's wait moves a row off its drawn range: the totals
        // from it on move by as much.
        let mut shift = (0.0, 0.0);
        let mut drawn = lib.rows.iter();
        for (row, t) in schedule.rows.iter_mut().zip(totals) {
            if let Some(d) = drawn.next() {
                shift.0 += row.min_ms - d.min_ms;
                shift.1 += row.max_ms - d.max_ms;
            }
            row.worst_cumulative_ms = t.1 + shift.1;
            schedule.range_min_ms = t.0 + shift.0;
            schedule.range_max_ms = t.1 + shift.1;
        }
    }
    if let Some(t) = lib.trailing {
        let expected = t.expected_ms.unwrap_or((t.min_ms + t.max_ms) / 2.0);
        schedule.total_ms += expected;
        schedule.range_min_ms += t.min_ms;
        schedule.range_max_ms += t.max_ms;
        schedule.expected_total_ms += expected;
    }
    if let Some(b) = lib.budget {
        schedule.range_max_ms = schedule.range_max_ms.min(b.budget_ms);
        for row in &mut schedule.rows {
            row.worst_cumulative_ms = row.worst_cumulative_ms.min(b.budget_ms);
        }
    }
}

/// The schedule `shown` with a server's wait at `retry`, combined with the
/// computed delay as the library does: the row changes and the totals
/// follow, still within the library's time budget and from its runs
/// where its draws depend on each other (unchanged when there is no such
/// retry).
pub fn with_server_wait(shown: &LibrarySchedule, retry: u32, wait_ms: u64) -> PageSchedule {
    let lib = &shown.source.1;
    let combine = shown.source.0.lib.info().retry_after.combine;
    let mut s = shown.schedule.clone();
    if s.combine_server_wait(retry, &|d| combine.apply(d, wait_ms as f64)) {
        settle(&mut s, lib);
    }
    s
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
    fn a_sample_that_stops_early_says_which_rows_it_did_not_make() {
        // cenkalti at its defaults: the 15-minute MaxElapsedTime ends
        // every run before the table's last row.
        let c = Configured::defaults(LibId::parse("cenkalti").unwrap());
        for seed in 0..20 {
            let s = library_schedule(&c, seed).unwrap();
            let made = s.run_retries as u32;
            assert!((made as usize) < s.schedule.rows.len(), "seed {seed}");
            assert_eq!(s.schedule.sample_ends, Some(made));
            for r in &s.schedule.rows {
                assert_eq!(s.schedule.sampled(r.retry), r.retry <= made);
                if r.retry > made {
                    assert_eq!(r.sample_ms, 0.0);
                }
            }
        }
        // A run that makes every row leaves them all sampled.
        let s = library_schedule(&urllib3(&[]), 3).unwrap();
        assert_eq!(s.schedule.sample_ends, None);
        assert!(s.schedule.rows.iter().all(|r| s.schedule.sampled(r.retry)));
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
    fn totals_hold_what_the_library_really_waits() {
        let lib = |id, pairs: &[(&str, &str)]| {
            let mut c = Configured::defaults(LibId::parse(id).unwrap());
            for (k, v) in pairs {
                c.values.set_text(k, v).unwrap();
            }
            library_schedule(&c, 1).unwrap().schedule
        };
        // google-api-core stops before a sleep that would pass its 120 s.
        let g = lib("google-api-core", &[]);
        assert_eq!(g.range_max_ms, 120_000.0);
        assert!(g.against_deadline(120_000).worst_case_fits);
        // client-go sleeps once more after reaching Cap, then gives up:
        // 10, 50, then the 250 ms sleep whose successor passes 1 s.
        let c = lib("client-go", &[("Cap", "1000"), ("Jitter", "0")]);
        assert_eq!(c.range_max_ms, 310.0);
        assert!(!c.against_deadline(100).worst_case_fits);
        // envoy's 1,000 retries: the table shows 200, the attempts say 1,001.
        let e = lib("envoy", &[("num_retries", "1000")]);
        assert_eq!((e.rows.len(), e.attempts), (200, 1001));
    }

    #[test]
    fn delays_past_any_number_are_refused_not_shown_as_nothing() {
        // (p-retry 9 caps each delay at Node's 2³¹ − 1 ms: never refused.)
        for (id, pairs) in [
            (
                "backon",
                &[
                    ("max_times", "200"),
                    ("factor", "100"),
                    ("max_delay", "none"),
                ][..],
            ),
            ("client-go", &[("Steps", "201"), ("Factor", "100")]),
        ] {
            let mut c = Configured::defaults(LibId::parse(id).unwrap());
            for (k, v) in pairs {
                c.values.set_text(k, v).unwrap();
            }
            assert!(
                matches!(c.check(), Err(LibError::Conflict { .. })),
                "{id}: {:?}",
                c.check()
            );
        }
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
