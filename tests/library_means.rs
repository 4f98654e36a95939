//! Expected sleeps with a closed form are shown exactly, not as the mean
//! of 2,000 seeded runs: resilience4j's and Spring Retry's randomized
//! waits and p-retry's `randomize` truncate or round a uniform draw to
//! whole ms, whose mean `floor_uniform_mean` gives.

// Each test file uses only some of the helpers.
#[allow(dead_code)]
#[path = "common/library.rs"]
mod helpers;
use helpers::{model, values};

use backoff_calculator::core::library::{floor_uniform_mean, schedule, Rand};

/// Each row's expected sleep, and whether it is simulated.
fn expected(id: &str, sets: &[(&str, &str)]) -> Vec<(f64, bool)> {
    let s = schedule(model(id), &values(id, sets)).unwrap();
    s.rows
        .iter()
        .map(|r| (r.expected_ms, r.simulated))
        .collect()
}

#[test]
fn floor_uniform_mean_is_the_mean_of_the_floors() {
    // [250, 751): 501 whole ms, each as likely: their mean is 500.
    assert_eq!(floor_uniform_mean(250.0, 751.0, 1.0, f64::INFINITY), 500.0);
    assert_eq!(
        floor_uniform_mean(1000.0, 2000.0, f64::NEG_INFINITY, f64::INFINITY),
        1499.5
    );
    // Clamped: [0, 10) at [1, 5] → 1,1,2,3,4,5,5,5,5,5 → 3.6.
    assert!((floor_uniform_mean(0.0, 10.0, 1.0, 5.0) - 3.6).abs() < 1e-12);
    // Against many draws, near Node's 2³¹ ms too.
    let mut rng = Rand::new(9);
    for (a, b, lo, hi) in [
        (0.3, 7.9, 1.0, 6.0),
        (2.1e9, 2.3e9, f64::NEG_INFINITY, 2_147_483_647.0),
        (12.25, 12.75, 1.0, f64::INFINITY),
    ] {
        let n = 400_000;
        let sum: f64 = (0..n)
            .map(|_| rng.uniform(a, b).clamp(lo, hi).floor())
            .sum();
        let mean = sum / f64::from(n);
        let exact = floor_uniform_mean(a, b, lo, hi);
        let tol = 5.0 * (b - a) / (12f64.sqrt() * f64::from(n).sqrt()) + 1e-9;
        assert!((mean - exact).abs() <= tol, "[{a}, {b}) {mean} vs {exact}");
    }
}

#[test]
fn randomized_waits_show_their_exact_mean() {
    // resilience4j defaults randomized: 500 ms ± 50 %, exactly 500 each.
    let r4j = expected("resilience4j", &[("enableRandomizedWait", "true")]);
    assert_eq!(r4j, vec![(500.0, false); 2]);
    // Spring Retry, 1 s × 2, random: ⌊[1000, 2000)⌋ → 1499.5, then 2999.5.
    let spring = [
        ("maxAttempts", "3"),
        ("multiplier", "2"),
        ("random", "true"),
    ];
    assert_eq!(
        expected("spring-retry", &spring),
        vec![(1499.5, false), (2999.5, false)]
    );
    // p-retry randomize: round([1000, 2000)) → 1500, then 3000.
    let p = [("retries", "2"), ("randomize", "true")];
    assert_eq!(
        expected("p-retry", &p),
        vec![(1500.0, false), (3000.0, false)]
    );
    // With the max cutting the range: still exact, still closed form.
    let capped = [
        ("retries", "3"),
        ("randomize", "true"),
        ("maxTimeout", "3000"),
    ];
    let rows = expected("p-retry", &capped);
    assert!(rows.iter().all(|(_, simulated)| !simulated), "{rows:?}");
    assert_eq!(rows[2].0, 3000.0);
}
