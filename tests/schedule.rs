//! The schedule engine against docs/schedule.md: check values, edge cases and
//! properties over random policies.

use backoff_calculator::core::format::round_ms;
use backoff_calculator::core::policy::{CapOrder, Jitter, Policy, Proportional};
use backoff_calculator::core::schedule::{
    capped_exponentials, decorrelated_means, edge_notes, glance, next_seed, schedule,
    schedule_with_means, summary_sentence, Schedule, SIMULATION_RUNS, SIMULATION_SEED,
};
use proptest::prelude::*;

fn defaults(jitter: Jitter) -> Policy {
    Policy {
        jitter,
        ..Policy::default()
    }
}

fn ranges(s: &Schedule) -> Vec<(f64, f64)> {
    s.rows.iter().map(|r| (r.min_ms, r.max_ms)).collect()
}

fn expected(s: &Schedule) -> Vec<f64> {
    s.rows.iter().map(|r| r.expected_ms).collect()
}

#[test]
fn defaults_full_jitter_match_the_spec() {
    let s = schedule(&Policy::default(), 42);
    assert_eq!(
        ranges(&s),
        [
            (0.0, 1000.0),
            (0.0, 2000.0),
            (0.0, 4000.0),
            (0.0, 8000.0),
            (0.0, 16000.0)
        ]
    );
    assert_eq!(expected(&s), [500.0, 1000.0, 2000.0, 4000.0, 8000.0]);
    assert_eq!(s.expected_total_ms, 15_500.0);
    assert_eq!((s.range_min_ms, s.range_max_ms), (0.0, 31_000.0));
    assert_eq!(s.attempts, 6);
    assert!(!s.expected_is_simulated);
}

#[test]
fn defaults_without_jitter_double_then_cap() {
    let s = schedule(
        &Policy {
            max_retries: 8,
            ..defaults(Jitter::None)
        },
        1,
    );
    let samples: Vec<f64> = s.rows.iter().map(|r| r.sample_ms).collect();
    assert_eq!(
        samples,
        [1000.0, 2000.0, 4000.0, 8000.0, 16000.0, 32000.0, 32000.0, 32000.0]
    );
    let capped: Vec<bool> = s.rows.iter().map(|r| r.capped).collect();
    assert_eq!(
        capped,
        [false, false, false, false, false, true, true, true]
    );
    assert_eq!(s.total_ms, 127_000.0);
    assert_eq!(s.total_ms, s.range_max_ms);
}

#[test]
fn defaults_equal_jitter() {
    let s = schedule(&defaults(Jitter::Equal), 3);
    assert_eq!(
        ranges(&s),
        [
            (500.0, 1000.0),
            (1000.0, 2000.0),
            (2000.0, 4000.0),
            (4000.0, 8000.0),
            (8000.0, 16000.0)
        ]
    );
    assert_eq!(expected(&s), [750.0, 1500.0, 3000.0, 6000.0, 12000.0]);
    assert_eq!(s.expected_total_ms, 23_250.0);
}

#[test]
fn defaults_decorrelated_jitter() {
    let s = schedule(&defaults(Jitter::Decorrelated), 3);
    // min(cap, base × 3^k): 3 s, 9 s, 27 s, then the 32 s cap.
    assert_eq!(
        ranges(&s),
        [
            (1000.0, 3000.0),
            (1000.0, 9000.0),
            (1000.0, 27000.0),
            (1000.0, 32000.0),
            (1000.0, 32000.0)
        ]
    );
    assert!(s.expected_is_simulated);
    // Retry 1 is uniform(1000, 3000): its mean is 2000 ms; 2,000 runs land
    // within a few percent of it.
    assert!(
        (s.rows[0].expected_ms - 2000.0).abs() < 60.0,
        "{}",
        s.rows[0].expected_ms
    );
    let capped: Vec<bool> = s.rows.iter().map(|r| r.capped).collect();
    assert_eq!(capped, [false, false, false, true, true]);
    // The simulation has its own seed: re-rolling does not move the mean.
    assert_eq!(
        expected(&s),
        expected(&schedule(&defaults(Jitter::Decorrelated), 99))
    );
    assert!(summary_sentence(&s).contains("simulated expected total"));
}

#[test]
fn proportional_cap_before_and_after() {
    let mut p = Policy {
        base_ms: 500,
        multiplier: 1.5,
        cap_ms: 1000,
        max_retries: 4,
        jitter: Jitter::Proportional,
        proportional: Proportional {
            lo: 0.5,
            hi: 1.5,
            cap: CapOrder::Before,
        },
    };
    // exp: 500, 750, 1000 (cap), 1000.
    let s = schedule(&p, 1);
    assert_eq!(
        ranges(&s),
        [
            (250.0, 750.0),
            (375.0, 1125.0),
            (500.0, 1500.0),
            (500.0, 1500.0)
        ]
    );
    assert_eq!(expected(&s), [500.0, 750.0, 1000.0, 1000.0]);

    p.proportional.cap = CapOrder::After;
    // raw: 500, 750, 1125, 1687.5; min(cap, raw × [0.5, 1.5]).
    let s = schedule(&p, 1);
    assert_eq!(
        ranges(&s),
        [
            (250.0, 750.0),
            (375.0, 1000.0),
            (562.5, 1000.0),
            (843.75, 1000.0)
        ]
    );
    // Retry 2: uniform(375, 1125) capped at 1000:
    // (1000² − 375²)/2 + 1000 × 125, over 750.
    let e2 = ((1000.0f64 * 1000.0 - 375.0 * 375.0) / 2.0 + 1000.0 * 125.0) / 750.0;
    assert_eq!(s.rows[0].expected_ms, 500.0);
    assert!((s.rows[1].expected_ms - e2).abs() < 1e-9);
    assert!(s.rows.iter().all(|r| r.sample_ms <= 1000.0));
}

#[test]
fn summary_sentence_reads_like_the_spec() {
    let mut s = schedule(&Policy::default(), 42);
    s.total_ms = 26_100.0;
    assert_eq!(
        summary_sentence(&s),
        "This sample waits 26.1 s in total over 6 attempts; expected total 15.5 s."
    );
    let none = schedule(&Policy::new(1000, 2.0, 32000, 0, Jitter::Full), 0);
    assert_eq!(
        summary_sentence(&none),
        "This sample waits 0 ms in total over 1 attempt; expected total 0 ms."
    );
}

#[test]
fn base_zero_stays_zero() {
    for jitter in Jitter::ALL {
        let s = schedule(&Policy::new(0, 2.0, 32_000, 10, jitter), 7);
        assert!(
            s.rows.iter().all(|r| r.sample_ms == 0.0 && r.max_ms == 0.0),
            "{jitter:?}"
        );
        assert!(s.rows.iter().all(|r| !r.capped));
        assert_eq!(s.total_ms, 0.0);
    }
    assert!(!edge_notes(&Policy::new(0, 2.0, 32_000, 10, Jitter::Full)).is_empty());
}

#[test]
fn multiplier_one_is_constant() {
    let s = schedule(&Policy::new(750, 1.0, 32_000, 6, Jitter::None), 7);
    assert!(s.rows.iter().all(|r| r.sample_ms == 750.0 && !r.capped));
    assert_eq!(s.total_ms, 4_500.0);
}

#[test]
fn base_above_cap_waits_the_cap() {
    for jitter in Jitter::ALL {
        let s = schedule(&Policy::new(5_000, 2.0, 1_000, 4, jitter), 7);
        for r in &s.rows {
            assert!(r.capped, "{jitter:?}");
            assert!(r.max_ms <= 1_000.0 * 1.2, "{jitter:?} {r:?}");
            assert!(r.min_ms <= r.sample_ms && r.sample_ms <= r.max_ms);
        }
    }
    let s = schedule(&Policy::new(5_000, 2.0, 1_000, 4, Jitter::Decorrelated), 7);
    assert!(s.rows.iter().all(|r| r.sample_ms == 1_000.0));
}

#[test]
fn cap_zero_means_no_wait() {
    for jitter in Jitter::ALL {
        let s = schedule(&Policy::new(1_000, 2.0, 0, 5, jitter), 7);
        assert_eq!(s.total_ms, 0.0, "{jitter:?}");
        assert_eq!(s.range_max_ms, 0.0, "{jitter:?}");
    }
}

#[test]
fn zero_retries_is_one_attempt() {
    let s = schedule(&Policy::new(1_000, 2.0, 32_000, 0, Jitter::Decorrelated), 7);
    assert!(s.rows.is_empty());
    assert_eq!(s.attempts, 1);
    assert_eq!(
        (s.total_ms, s.range_max_ms, s.expected_total_ms),
        (0.0, 0.0, 0.0)
    );
}

#[test]
fn a_million_retries_stay_finite() {
    let start = std::time::Instant::now();
    let p = Policy::new(1, 10.0, 1_000_000_000_000, 1_000_000, Jitter::None);
    let exps: Vec<(f64, bool)> = capped_exponentials(&p).collect();
    assert_eq!(exps.len(), 1_000_000);
    assert_eq!(exps.last(), Some(&(1e12, true)));
    for jitter in [
        Jitter::None,
        Jitter::Full,
        Jitter::Equal,
        Jitter::Proportional,
    ] {
        let s = schedule(&Policy { jitter, ..p }, u64::MAX);
        assert_eq!(s.rows.len(), 1_000_000);
        assert!(
            s.total_ms.is_finite() && s.range_max_ms.is_finite() && s.expected_total_ms.is_finite()
        );
        assert!(s.rows.iter().all(|r| r.sample_ms.is_finite()));
    }
    // Decorrelated simulates 2,000 runs per row; 10,000 rows bound its cost.
    let s = schedule(
        &Policy {
            max_retries: 10_000,
            jitter: Jitter::Decorrelated,
            ..p
        },
        1,
    );
    assert!(s.expected_total_ms.is_finite());
    // Proportional with the cap after the factor stops growing at cap / lo.
    let after = Policy {
        jitter: Jitter::Proportional,
        proportional: Proportional {
            lo: 0.01,
            hi: 10.0,
            cap: CapOrder::After,
        },
        ..p
    };
    assert!(schedule(&after, 1).range_max_ms.is_finite());
    assert!(start.elapsed().as_secs() < 60, "took {:?}", start.elapsed());
}

#[test]
fn shown_samples_add_up_to_the_shown_totals() {
    // Found by a person: samples of 65.6 and 571.6 ms showed as 66 and 572
    // above a cumulative of 637.
    let mut s = schedule(&defaults(Jitter::None), 1);
    s.rows.truncate(2);
    s.rows[0].sample_ms = 65.6;
    s.rows[1].sample_ms = 571.6;
    s.rows[0].cumulative_ms = 65.6;
    s.rows[1].cumulative_ms = 65.6 + 571.6;
    assert_eq!(s.whole_samples(), [66, 571]);
}

#[test]
fn reroll_moves_to_another_sample() {
    // The exact samples each seed gives, and the seeds re-rolls step
    // through, are pinned in tests/golden.rs.
    let p = defaults(Jitter::Full);
    assert_eq!(next_seed(u64::MAX), 0);
    assert_ne!(schedule(&p, 5).rows, schedule(&p, next_seed(5)).rows);
}

fn any_jitter() -> impl Strategy<Value = Jitter> {
    prop::sample::select(Jitter::ALL.to_vec())
}

prop_compose! {
    fn any_policy()(
        base_ms in prop_oneof![Just(0u64), 0u64..10_000, 0u64..=1_000_000_000_000],
        multiplier in prop_oneof![Just(1.0f64), 1.0f64..=10.0],
        cap_ms in prop_oneof![Just(0u64), 0u64..100_000, 0u64..=1_000_000_000_000],
        max_retries in 0u32..=60,
        jitter in any_jitter(),
        lo in 0.01f64..=10.0,
        spread in 0.0f64..=1.0,
        after in any::<bool>(),
    ) -> Policy {
        let hi = lo + (10.0 - lo) * spread;
        Policy {
            base_ms, multiplier, cap_ms, max_retries, jitter,
            proportional: Proportional { lo, hi, cap: if after { CapOrder::After } else { CapOrder::Before } },
        }
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn every_schedule_is_consistent(p in any_policy(), seed in any::<u64>()) {
        // Keep the decorrelated simulation short so 10,000 cases stay fast.
        let p = if p.jitter == Jitter::Decorrelated { Policy { max_retries: p.max_retries.min(8), ..p } } else { p };
        let s = schedule(&p, seed);
        prop_assert_eq!(s.rows.len(), p.max_retries as usize);
        prop_assert_eq!(s.attempts, p.max_retries as u64 + 1);
        let mut running = 0.0;
        let mut last = 0.0;
        for (i, r) in s.rows.iter().enumerate() {
            prop_assert_eq!(r.retry as usize, i + 1);
            for v in [r.sample_ms, r.min_ms, r.max_ms, r.expected_ms, r.cumulative_ms] {
                prop_assert!(v.is_finite() && v >= 0.0, "{:?}", r);
            }
            prop_assert!(r.min_ms <= r.sample_ms && r.sample_ms <= r.max_ms, "{:?}", r);
            prop_assert!(r.min_ms <= r.expected_ms + 1e-6 && r.expected_ms <= r.max_ms + 1e-6, "{:?}", r);
            running += r.sample_ms;
            prop_assert_eq!(r.cumulative_ms, running);
            prop_assert!(r.cumulative_ms >= last);
            last = r.cumulative_ms;
            if p.jitter != Jitter::Proportional || p.proportional.cap == CapOrder::After {
                prop_assert!(r.max_ms <= p.cap_ms as f64, "{:?}", r);
            }
        }
        prop_assert_eq!(s.total_ms, running);
        // The whole-ms delays shown add up to each whole-ms total shown, and
        // each is within a millisecond of its own rounding.
        let mut shown = 0u64;
        for (r, whole) in s.rows.iter().zip(s.whole_samples()) {
            shown += whole;
            prop_assert_eq!(shown, round_ms(r.cumulative_ms));
            prop_assert!(whole.abs_diff(round_ms(r.sample_ms)) <= 1, "{:?} shown {}", r, whole);
        }
        prop_assert!(close(s.range_min_ms, s.rows.iter().map(|r| r.min_ms).sum()));
        prop_assert!(close(s.range_max_ms, s.rows.iter().map(|r| r.max_ms).sum()));
        prop_assert!(close(s.expected_total_ms, s.rows.iter().map(|r| r.expected_ms).sum()));
        prop_assert!(s.range_min_ms <= s.total_ms + 1e-6 && s.total_ms <= s.range_max_ms + 1e-6);
        // The page computes the decorrelated means once and passes them
        // in; the other modes ignore whatever is passed.
        let means = if p.jitter == Jitter::Decorrelated {
            decorrelated_means(p.base_ms, p.cap_ms, p.max_retries)
        } else {
            vec![-1.0; p.max_retries as usize]
        };
        prop_assert_eq!(&s, &schedule_with_means(&p, seed, &means));
        prop_assert!(!summary_sentence(&s).is_empty());
    }
}

/// The decorrelated means as first written: one run after another from one
/// generator, with the standard `max`, `clamp` and `min`. The page runs
/// four abreast with plain comparisons, and must agree to the bit.
fn means_one_run_at_a_time(base_ms: u64, cap_ms: u64, retries: u32) -> Vec<f64> {
    use rand::{Rng, SeedableRng};
    let (base, cap) = (base_ms as f64, cap_ms as f64);
    let mut sums = vec![0.0; retries as usize];
    let mut rng = rand_pcg::Pcg32::seed_from_u64(SIMULATION_SEED);
    for _ in 0..SIMULATION_RUNS {
        let mut prev = base;
        for sum in sums.iter_mut() {
            let u = rng.next_u32() as f64 * (1.0 / 4_294_967_296.0);
            let hi = (prev * 3.0).max(base);
            prev = (base + (hi - base) * u).clamp(base, hi).min(cap);
            *sum += prev;
        }
    }
    sums.into_iter()
        .map(|s| s / SIMULATION_RUNS as f64)
        .collect()
}

fn bits(values: &[f64]) -> Vec<u64> {
    values.iter().map(|v| v.to_bits()).collect()
}

#[test]
fn decorrelated_means_agree_at_the_page_sizes() {
    for (base, cap, retries) in [
        (1_000, 32_000, 100),
        (100, 20_000, 1_000),
        (50, 50, 7),
        (0, 0, 3),
    ] {
        assert_eq!(
            bits(&decorrelated_means(base, cap, retries)),
            bits(&means_one_run_at_a_time(base, cap, retries))
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn decorrelated_means_agree_with_one_run_at_a_time(
        base in 0u64..100_000,
        cap in 0u64..1_000_000,
        retries in 0u32..40,
    ) {
        prop_assert_eq!(
            bits(&decorrelated_means(base, cap, retries)),
            bits(&means_one_run_at_a_time(base, cap, retries))
        );
    }
}

#[test]
fn the_glance_line_gives_the_sample_the_worst_case_and_the_attempts() {
    let mut s = schedule(&Policy::default(), 42);
    s.total_ms = 23_456.0;
    assert_eq!(
        glance(&s),
        "23.5 s this sample, 31.0 s worst case, 6 attempts"
    );
}

/// The decorrelated means made a few runs at a time, as the page makes
/// them for a long schedule, are the means made in one go, to the bit;
/// the preview shown meanwhile lies in every retry's range.
#[test]
fn decorrelated_means_in_slices_are_the_means_in_one_go() {
    use backoff_calculator::core::schedule::{decorrelated_preview, MeansRun};
    for (base, cap, retries) in [
        (1000, 32_000, 100),
        (5, 2000, 37),
        (700, 300, 12),
        (0, 10, 5),
    ] {
        let at_once = decorrelated_means(base, cap, retries);
        let mut run = MeansRun::new(base, cap, retries);
        let mut slices = 0;
        while !run.step(12) {
            slices += 1;
        }
        assert!(slices > 100, "made in slices");
        assert_eq!(run.finish(), at_once);
        let policy = Policy::new(base, 2.0, cap, retries, Jitter::Decorrelated);
        let rows = schedule(&policy, 1).rows;
        for (p, r) in decorrelated_preview(base, cap, retries).iter().zip(&rows) {
            assert!(
                r.min_ms <= *p && *p <= r.max_ms,
                "{base} {cap} retry {}: {p} in [{}, {}]",
                r.retry,
                r.min_ms,
                r.max_ms
            );
        }
    }
}
