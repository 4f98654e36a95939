//! What fits a deadline, and the mode comparison.

use backoff_calculator::core::compare::{compare_modes, STUDY};
use backoff_calculator::core::fit::{
    deadline_fit, deadline_fit_counting, deadline_fit_with_wait, max_cap, max_retries,
    worst_case_ms, worst_case_with_wait, CapFit, RetriesFit,
};
use backoff_calculator::core::policy::{
    CapOrder, Jitter, Policy, Proportional, MAX_DELAY_MS, MAX_RETRIES,
};
use backoff_calculator::core::schedule::{decorrelated_means, schedule};
use proptest::prelude::*;

fn with(jitter: Jitter) -> Policy {
    Policy {
        jitter,
        ..Policy::default()
    }
}

fn fits(policy: &Policy, deadline_ms: u64) -> bool {
    worst_case_ms(policy) <= deadline_ms as f64
}

#[test]
fn defaults_against_twenty_seconds() {
    // Worst case of 5 retries at cap c: 1 + 2 + 4 + 8 + 16 s with each term
    // capped at c. At c = 4 s: 1 + 2 + 4 + 4 + 4 = 15 s; at 5 s: 17 s; at
    // 6 s: 1 + 2 + 4 + 6 + 6 = 19 s; at 6.5 s: 20 s exactly.
    let fit = deadline_fit(&Policy::default(), 20_000);
    assert_eq!(fit.cap, CapFit::Largest(6_500));
    // Running worst case 1, 3, 7, 15, 31 s at the 32 s cap: four fit.
    assert_eq!(fit.retries, RetriesFit::Most(4));
    assert_eq!(
        fit.sentence(),
        "A cap of 6,500 ms (6.50 s) or less keeps the worst case within the 20.0 s deadline; \
         at the current cap, 4 retries fit."
    );
    // Agrees with the schedule's own deadline check.
    let check = schedule(&Policy::default(), 1).against_deadline(20_000);
    assert_eq!(check.retries_fit_worst_case, 4);
}

#[test]
fn an_applied_server_wait_counts_in_the_fit() {
    // The fuzz run's case: `?deadline=20000&serverwait=2:30000`. A 30 s wait
    // at retry 2 alone passes a 20 s deadline: no cap fits, and only
    // retry 1 does.
    let fit = deadline_fit_with_wait(&Policy::default(), 20_000, Some((2, 30_000)));
    assert_eq!(fit.cap, CapFit::None);
    assert_eq!(fit.retries, RetriesFit::Most(1));
    assert_eq!(
        fit.sentence(),
        "No cap keeps the worst case within the 20.0 s deadline; at the current cap, \
         1 retry fits, counting the server's wait at retry 2."
    );
    // 5 s at retry 2: 1 + 5 + min(4, c) + 2 min(c, 8) s fits 20 s up to c = 5 s;
    // at the 32 s cap the running worst case is 1, 6, 10, 18, 34 s.
    let fit = deadline_fit_with_wait(&Policy::default(), 20_000, Some((2, 5_000)));
    assert_eq!(fit.cap, CapFit::Largest(5_000));
    assert_eq!(fit.retries, RetriesFit::Most(4));
    // Agrees with the schedule the wait was applied to.
    let mut s = schedule(&Policy::default(), 42);
    s.apply_server_wait(2, 5_000);
    assert_eq!(s.against_deadline(20_000).retries_fit_worst_case, 4);
    // A wait past the retries is not in the schedule, and not counted.
    assert_eq!(
        deadline_fit_with_wait(&Policy::default(), 20_000, Some((6, 30_000))).retries,
        RetriesFit::Most(4)
    );
}

#[test]
fn every_cap_fits_when_the_worst_case_never_reaches_the_deadline() {
    // 5 retries of at most 1, 2, 4, 8, 16 s: 31 s whatever the cap.
    let fit = deadline_fit(&Policy::default(), 31_000);
    assert_eq!(fit.cap, CapFit::Any);
    assert_eq!(fit.cap.cap_ms(), Some(MAX_DELAY_MS));
    assert!(fit
        .sentence()
        .starts_with("The worst case stays within the 31.0 s deadline whatever the cap; "));
    // One millisecond less and the cap must come down to 15,999 ms.
    assert_eq!(max_cap(&Policy::default(), 30_999), CapFit::Largest(15_999));
}

#[test]
fn a_zero_deadline_allows_only_a_zero_cap() {
    let fit = deadline_fit(&Policy::default(), 0);
    assert_eq!(fit.cap, CapFit::Largest(0));
    assert_eq!(fit.retries, RetriesFit::Most(0));
    assert_eq!(
        fit.sentence(),
        "A cap of 0 ms or less keeps the worst case within the 0 ms deadline; \
         at the current cap, 0 retries fit."
    );
    // Base 0 waits nothing, so every retry fits.
    let zero = Policy {
        base_ms: 0,
        ..Policy::default()
    };
    assert_eq!(max_retries(&zero, 0), RetriesFit::All);
    assert_eq!(RetriesFit::All.count(), MAX_RETRIES);
    assert_eq!(max_cap(&zero, 0), CapFit::Any);
}

#[test]
fn one_retry_reads_in_the_singular() {
    let fit = deadline_fit(&Policy::default(), 1_000);
    assert_eq!(fit.retries, RetriesFit::Most(1));
    assert!(fit
        .sentence()
        .ends_with("at the current cap, 1 retry fits."));
}

#[test]
fn decorrelated_maximum_grows_by_three() {
    // Maximums min(cap, 1 s × 3^k): 3, 9, 27, 32, 32 s at the 32 s cap.
    let p = with(Jitter::Decorrelated);
    assert_eq!(worst_case_ms(&p), 103_000.0);
    assert_eq!(max_retries(&p, 40_000), RetriesFit::Most(3));
    // At cap c ≥ 9 s: 3 + 9 + 3c ≤ 60 s gives c ≤ 16 s.
    assert_eq!(max_cap(&p, 60_000), CapFit::Largest(16_000));
}

#[test]
fn proportional_cap_before_can_exceed_the_cap() {
    // gRPC-like ±20 %, cap before the factor: each maximum is 1.2 × exp.
    let p = Policy {
        jitter: Jitter::Proportional,
        proportional: Proportional {
            lo: 0.8,
            hi: 1.2,
            cap: CapOrder::Before,
        },
        ..Policy::default()
    };
    assert!((worst_case_ms(&p) - 37_200.0).abs() < 1e-6);
    // With cap c ≥ 4 s: 1.2 × (1 + 2 + 4 + c + c) = 8.4 + 2.4c ≤ 20 gives c ≤ 4,833.3 ms.
    assert_eq!(max_cap(&p, 20_000), CapFit::Largest(4_833));
    let after = Policy {
        proportional: Proportional {
            cap: CapOrder::After,
            ..p.proportional
        },
        ..p
    };
    // Cap after the factor: min(c, 1.2 × raw): 1.2, 2.4, 4.8, 9.6, 19.2 s at 32 s.
    assert!((worst_case_ms(&after) - 37_200.0).abs() < 1e-6);
    // At c between 4.8 and 9.6 s: 8.4 s + 2c ≤ 19.001 s gives c ≤ 5,300.5 ms.
    assert_eq!(max_cap(&after, 19_001), CapFit::Largest(5_300));
}

#[test]
fn the_comparison_matches_each_mode_schedule() {
    let p = Policy::default();
    let rows = compare_modes(&p, &decorrelated_means(p.base_ms, p.cap_ms, p.max_retries));
    let modes: Vec<Jitter> = rows.iter().map(|r| r.jitter).collect();
    assert_eq!(modes, Jitter::ALL);
    let by = |j: Jitter| rows.iter().find(|r| r.jitter == j).unwrap();
    assert_eq!(by(Jitter::None).worst_ms, 31_000.0);
    assert_eq!(by(Jitter::None).expected_ms, 31_000.0);
    assert_eq!(by(Jitter::Full).expected_ms, 15_500.0);
    assert_eq!(by(Jitter::Equal).expected_ms, 23_250.0);
    assert!(by(Jitter::Decorrelated).expected_is_simulated);
    assert!(!by(Jitter::Full).expected_is_simulated);
    for row in &rows {
        let s = schedule(
            &Policy {
                jitter: row.jitter,
                ..Policy::default()
            },
            7,
        );
        assert_eq!(row.worst_ms, s.range_max_ms, "{:?}", row.jitter);
        assert_eq!(row.expected_ms, s.expected_total_ms, "{:?}", row.jitter);
        assert!(
            row.study.len() < 100,
            "{:?} study line is short",
            row.jitter
        );
    }
    assert!(by(Jitter::Proportional)
        .study
        .starts_with("Not in the study"));
    assert!(STUDY.contains("Exponential Backoff And Jitter, 2015"));
}

fn policy_strategy(max_retries: u32) -> impl Strategy<Value = Policy> {
    (
        prop_oneof![0u64..=5_000, 0u64..=MAX_DELAY_MS],
        prop_oneof![Just(1.0), Just(2.0), 1.0f64..=10.0],
        prop_oneof![0u64..=100_000, 0u64..=MAX_DELAY_MS],
        0..=max_retries,
        prop::sample::select(Jitter::ALL.to_vec()),
        (0.01f64..=10.0, 0.01f64..=10.0, any::<bool>(), any::<bool>()),
    )
        .prop_map(
            |(base_ms, multiplier, cap_ms, max_retries, jitter, (a, b, after, same))| {
                // Equal factors (no spread) are an edge worth drawing often.
                let b = if same { a } else { b };
                Policy {
                    base_ms,
                    multiplier,
                    cap_ms,
                    max_retries,
                    jitter,
                    proportional: Proportional {
                        lo: a.min(b),
                        hi: a.max(b),
                        cap: if after {
                            CapOrder::After
                        } else {
                            CapOrder::Before
                        },
                    },
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn worst_case_is_the_schedule_range_bit_for_bit(policy in policy_strategy(60)) {
        let s = schedule(&policy, 3);
        prop_assert_eq!(worst_case_ms(&policy).to_bits(), s.range_max_ms.to_bits());
    }

    #[test]
    fn worst_case_with_a_wait_is_the_schedule_range_bit_for_bit(
        policy in policy_strategy(60),
        retry in 1u32..=60,
        wait in 0u64..=200_000,
    ) {
        let mut s = schedule(&policy, 3);
        s.apply_server_wait(retry, wait);
        let got = worst_case_with_wait(&policy, Some((retry, wait)));
        prop_assert_eq!(got.to_bits(), s.range_max_ms.to_bits());
    }

    #[test]
    fn the_cap_found_fits_and_one_more_ms_does_not(
        policy in policy_strategy(200),
        deadline in prop_oneof![0u64..=200_000, 0u64..=MAX_DELAY_MS],
    ) {
        let at = |cap_ms| Policy { cap_ms, ..policy };
        match max_cap(&policy, deadline) {
            CapFit::Largest(cap) => {
                prop_assert!(fits(&at(cap), deadline));
                prop_assert!(cap < MAX_DELAY_MS);
                prop_assert!(!fits(&at(cap + 1), deadline));
            }
            CapFit::Any => prop_assert!(fits(&at(MAX_DELAY_MS), deadline)),
            CapFit::None => prop_assert!(!fits(&at(0), deadline)),
        }
    }

    #[test]
    fn the_retries_found_fit_and_one_more_does_not(
        policy in policy_strategy(0),
        deadline in prop_oneof![0u64..=200_000, 0u64..=MAX_DELAY_MS],
    ) {
        let at = |max_retries| Policy { max_retries, ..policy };
        match max_retries(&policy, deadline) {
            RetriesFit::Most(n) => {
                prop_assert!(n < MAX_RETRIES);
                prop_assert!(fits(&at(n), deadline));
                prop_assert!(!fits(&at(n + 1), deadline));
                // The schedule's own check agrees (kept short: decorrelated
                // schedules simulate every retry).
                if n < 100 {
                    let check = schedule(&at(n + 1), 0).against_deadline(deadline);
                    prop_assert_eq!(check.retries_fit_worst_case, n);
                }
            }
            RetriesFit::All => prop_assert!(fits(&at(MAX_RETRIES), deadline)),
        }
    }

    #[test]
    fn the_worst_case_never_falls_as_the_cap_grows(
        policy in policy_strategy(100),
        a in 0u64..=MAX_DELAY_MS,
        b in 0u64..=MAX_DELAY_MS,
    ) {
        let (lo, hi) = (a.min(b), a.max(b));
        let low = worst_case_ms(&Policy { cap_ms: lo, ..policy });
        let high = worst_case_ms(&Policy { cap_ms: hi, ..policy });
        prop_assert!(low <= high);
    }
}

#[test]
fn counting_each_attempt_the_cap_offered_leaves_the_requests_their_time() {
    // Found by a person: with 5 retries and a 30 s deadline the fit offered
    // a cap of 15 s, whose waits alone take the whole 30 s, while the
    // sentence beside it said the attempts' timeouts do not fit.
    let policy = Policy {
        jitter: Jitter::None,
        ..Policy::default()
    };
    assert_eq!(deadline_fit(&policy, 30_000).cap, CapFit::Largest(15_000));
    // Six attempts of up to 10 s leave nothing for the waits.
    let fit = deadline_fit_counting(&policy, 30_000, None, 10_000);
    assert_eq!(fit.cap, CapFit::None);
    // 10 s, 1 s, 10 s: the third attempt would end at 33 s.
    assert_eq!(fit.retries, RetriesFit::Most(1));
    let check = schedule(&policy, 1).with_attempt_timeouts(30_000, 10_000);
    assert_eq!(u64::from(fit.retries.count()) + 1, check.attempts_fit);
    assert_eq!(
        fit.sentence(),
        "No cap keeps the waits and every attempt's timeout within the 30.0 s deadline; \
         at the current cap, 1 retry fits."
    );
    // With 2 s attempts: 12 s for six attempts, 18 s for the waits
    // (1 + 2 + 4 + 2 × c ≤ 18 → c = 5.5 s).
    let fit = deadline_fit_counting(&policy, 30_000, None, 2_000);
    assert_eq!(fit.cap, CapFit::Largest(5_500));
    let capped = Policy {
        cap_ms: 5_500,
        ..policy
    };
    let check = schedule(&capped, 1).with_attempt_timeouts(30_000, 2_000);
    assert!(check.fits());
    assert_eq!(check.worst_ms, 30_000.0);
    let over = Policy {
        cap_ms: 5_501,
        ..policy
    };
    assert!(!schedule(&over, 1)
        .with_attempt_timeouts(30_000, 2_000)
        .fits());
    // The retries that fit at the current cap agree with the attempts the
    // timeouts sentence says fit, on a grid.
    for deadline in (0..=120_000).step_by(7_000) {
        for timeout in [1, 500, 2_000, 10_000] {
            let fit = deadline_fit_counting(&policy, deadline, None, timeout);
            let check = schedule(&policy, 1).with_attempt_timeouts(deadline, timeout);
            let attempts = (u64::from(fit.retries.count()) + 1).min(check.attempts);
            let in_full = check.attempts_fit;
            assert!(
                attempts == in_full || (in_full == 0 && fit.retries.count() == 0),
                "deadline {deadline}, timeout {timeout}: fit {attempts}, sentence {in_full}"
            );
        }
    }
    let any = deadline_fit_counting(&policy, 10_000_000, None, 1_000);
    assert!(any
        .sentence()
        .starts_with("The waits and every attempt's timeout stay within the 10,000 s deadline"));
}
