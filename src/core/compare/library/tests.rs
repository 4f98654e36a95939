//! The closest policy and the library's row, per library.

use super::*;
use crate::core::compare::compare_modes;
use crate::core::library::{library_schedule, page_rows, schedule, Configured, LibId};
use crate::core::policy::{Jitter, Proportional};
use proptest::prelude::*;

/// A library's rows as `(min, max)` ms.
fn lib_rows(c: &Configured) -> Vec<(f64, f64)> {
    ranges(&schedule(c.lib.model(), &c.values).unwrap())
}

fn same(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| close(x.0, y.0) && close(x.1, y.1))
}

/// The page policies the translation is tried on.
fn grid() -> Vec<Policy> {
    let mut out = Vec::new();
    for base in [100, 1_000] {
        for multiplier in [1.0, 1.5, 2.0] {
            for cap in [800, 120_000] {
                for retries in [1, 6] {
                    for jitter in [
                        Jitter::None,
                        Jitter::Full,
                        Jitter::Equal,
                        Jitter::Proportional,
                    ] {
                        out.push(Policy {
                            proportional: Proportional::GRPC,
                            ..Policy::new(base, multiplier, cap, retries, jitter)
                        });
                    }
                }
            }
        }
    }
    out
}

/// Libraries no page policy translates to exactly, and why: for them
/// the closest policy is only close.
const NEVER_EXACT: &[(&str, &str)] = &[
    ("urllib3", "retry 1 never waits"),
    (
        "axios-retry",
        "its jitter adds 0–20 %, which no page mode draws",
    ),
    ("google-api-core", "only a time budget ends its retries"),
    (
        "aws",
        "the error decides its base: 50 ms, or 1 s when throttled",
    ),
    ("envoy", "it draws whole ms below the interval"),
];

/// Where a library's schedule is a page policy's (its translation lists
/// no difference), the closest policy gives that policy's rows back and
/// the library's row is that mode's row; every library but those in
/// [`NEVER_EXACT`] has such a policy.
#[test]
fn exact_where_the_library_is_a_page_policy() {
    for lib in LibId::all() {
        let writer = lib.writer();
        let mut exact = 0;
        for p in grid() {
            let t = writer.translate(&p, None);
            if !t.exact() {
                continue;
            }
            exact += 1;
            let c = Configured {
                lib,
                values: t.values,
                unread: Vec::new(),
            };
            // The page's other fields are not the library's: a fallback
            // with other numbers must not leak into the rows.
            let fallback = Policy {
                jitter: p.jitter,
                ..Policy::new(7, 4.0, 9, 3, p.jitter)
            };
            let shown = library_schedule(&c, 0).unwrap();
            let closest = closest_policy(&ranges(&shown.source.1), &fallback);
            let ctx = || format!("{}: {p:?} gave {closest:?}", lib.id());
            assert!(same(&page_rows(&closest), &page_rows(&p)), "{}", ctx());
            // Its row is then that mode's row: the same axis, the same
            // figures.
            let row = library_row(lib.name(), &shown.schedule);
            let mode = compare_modes(&closest, &[])
                .into_iter()
                .find(|m| m.jitter == p.jitter)
                .unwrap();
            assert!(
                close(row.worst_ms, mode.worst_ms),
                "{row:?} {mode:?}: {}",
                ctx()
            );
            assert!(
                close(row.expected_ms, mode.expected_ms),
                "{row:?} {mode:?}: {}",
                ctx()
            );
        }
        let never = NEVER_EXACT.iter().any(|(id, _)| *id == lib.id());
        assert_eq!(
            exact == 0,
            never,
            "{}: {exact} exact translations",
            lib.id()
        );
    }
}

/// urllib3 with `backoff_factor=0.5`: retry k ≥ 2 waits 0.5 × 2^(k−1) s,
/// the page's base 500 ms doubling from retry 2 on, capped at its
/// `backoff_max` of 120 s, over its `total` of 10 retries.
#[test]
fn urllib3_backoff_factor_half() {
    let lib = LibId::parse("urllib3").unwrap();
    let mut c = Configured::defaults(lib);
    c.values.set("backoff_factor", 0.5).unwrap();
    let page = Policy::new(1_000, 3.0, 5_000, 2, Jitter::None);
    let closest = closest_policy(&lib_rows(&c), &page);
    assert_eq!(
        (
            closest.base_ms,
            closest.multiplier,
            closest.cap_ms,
            closest.max_retries
        ),
        (500, 2.0, 120_000, 10)
    );
    assert_eq!(
        closest_words(&closest, lib.name()),
        "The modes below use base 500 ms, multiplier 2, cap 120,000 ms, 10 retries: the page policy closest to urllib3 Retry's settings."
    );
    // From retry 2 on, the page's rows are urllib3's.
    let (page, lib) = (page_rows(&closest), lib_rows(&c));
    assert!(same(&page[1..], &lib[1..]), "{page:?} {lib:?}");
}

/// Each library's row at its defaults: its worst case, expected total and
/// spread are those of its schedule as the page shows it, in order.
#[test]
fn every_library_row_is_its_schedule() {
    for lib in LibId::all() {
        let shown = library_schedule(&Configured::defaults(lib), 7).unwrap();
        let row = library_row(lib.name(), &shown.schedule);
        let s = &shown.schedule;
        assert_eq!(row.name, format!("{} as configured", lib.name()));
        assert_eq!(
            (row.worst_ms, row.expected_ms, row.shortest_ms),
            (s.range_max_ms, s.expected_total_ms, s.range_min_ms),
            "{}",
            lib.id()
        );
        assert!(
            row.shortest_ms <= row.expected_ms + 1e-6 && row.expected_ms <= row.worst_ms + 1e-6,
            "{}: {row:?}",
            lib.id()
        );
    }
}

/// Polly's jittered exponential draws each sleep from the last: its
/// worst case is the longest total of the seeded runs, below the sum of
/// its rows' maximums.
#[test]
fn a_dependent_library_takes_its_worst_case_from_its_runs() {
    let lib = LibId::parse("polly").unwrap();
    let mut c = Configured::defaults(lib);
    c.values.set("BackoffType", 2.0).unwrap();
    c.values.set("UseJitter", 1.0).unwrap();
    c.values.set("MaxRetryAttempts", 6.0).unwrap();
    let shown = library_schedule(&c, 7).unwrap();
    assert!(shown.source.1.totals.is_some(), "dependent draws");
    let row = library_row(lib.name(), &shown.schedule);
    let sum: f64 = shown.source.1.rows.iter().map(|r| r.max_ms).sum();
    assert!(row.worst_ms < sum, "{} < {sum}", row.worst_ms);
    assert_eq!(row.worst_ms, shown.schedule.range_max_ms);
}

/// The policy the modes run at: the page's own without a library; with
/// one, the closest to its rows, which the comparison names and runs the
/// five modes at.
#[test]
fn the_modes_run_at_the_page_policy_or_the_closest_one() {
    let page = Policy::default();
    assert_eq!(modes_policy(&page, None), page);
    let own = comparison(&page, &[], None);
    assert!(own.library.is_none());
    assert_eq!(own.modes, compare_modes(&page, &[]));

    let mut c = Configured::defaults(LibId::parse("urllib3").unwrap());
    c.values.set("backoff_factor", 0.5).unwrap();
    let shown = library_schedule(&c, 3).unwrap();
    let at = modes_policy(&page, Some(&shown));
    assert_eq!(at, closest_policy(&lib_rows(&c), &page));
    assert_ne!(at, page);
    let with = comparison(&at, &[], Some(&shown));
    let beside = with.library.unwrap();
    assert_eq!(beside.policy, at);
    assert_eq!(beside.words, closest_words(&at, c.lib.name()));
    assert_eq!(with.modes, compare_modes(&at, &[]));
}

#[test]
fn no_rows_or_no_wait_keeps_the_page_and_waits_nothing() {
    let page = Policy::default();
    let none = closest_policy(&[], &page);
    assert_eq!(none.max_retries, 0);
    let zeros = closest_policy(&[(0.0, 0.0); 3], &page);
    assert_eq!((zeros.base_ms, zeros.max_retries), (0, 3));
    assert!(page_rows(&zeros).iter().all(|r| r.1 == 0.0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// Any rows at all, hostile ones included, give a policy inside the
    /// page's limits.
    #[test]
    fn any_rows_give_a_policy_in_the_page_limits(
        rows in prop::collection::vec((prop::num::f64::ANY, prop::num::f64::ANY), 0..60)
    ) {
        let p = closest_policy(&rows, &Policy::default());
        prop_assert!(p.base_ms <= MAX_DELAY_MS && p.cap_ms <= MAX_DELAY_MS);
        prop_assert!((MIN_MULTIPLIER..=MAX_MULTIPLIER).contains(&p.multiplier));
        prop_assert!(p.max_retries <= MAX_RETRIES);
    }
}
