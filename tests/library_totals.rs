//! A library's totals, ranges, counts and deadline fits are what its runs
//! do: from the runs where its draws depend on each other (Polly), within
//! its time budget after a server's wait (cenkalti), and counted as its
//! rows are where a budget decides them (p-retry, backon).

use backoff_calculator::core::library::{
    library_notes, library_schedule, sample, with_server_wait, Configured, LibId,
};

/// `id` with `pairs` set.
fn configured(id: &str, pairs: &[(&str, &str)]) -> Configured {
    let mut c = Configured::defaults(LibId::parse(id).unwrap());
    for (k, v) in pairs {
        c.values.set_text(k, v).unwrap();
    }
    c
}

/// `2^t · tanh(√(4t))`: Polly's decorrelated curve (RetryHelper.cs).
fn curve(t: f64) -> f64 {
    t.exp2() * (4.0 * t).sqrt().tanh()
}

#[test]
fn polly_jittered_exponential_totals_come_from_its_runs() {
    // The link: ?lib=polly&lib.BackoffType=Exponential&
    // lib.UseJitter=true&deadline=12000 (3 retries, Delay 2 s).
    let c = configured(
        "polly",
        &[("BackoffType", "Exponential"), ("UseJitter", "true")],
    );
    let s = library_schedule(&c, 1).unwrap().schedule;
    // Each run's sleeps telescope: the total is curve(2 + U) / 1.4 × 2 s,
    // in [5.68 s, 11.40 s) however the draws fall.
    let (lo, hi) = (curve(2.0) / 1.4 * 2000.0, curve(3.0) / 1.4 * 2000.0);
    assert!(
        s.range_min_ms >= lo - 1.0 && s.range_min_ms < lo * 1.01,
        "least total {} ms, the curve says {lo}",
        s.range_min_ms
    );
    assert!(
        s.range_max_ms <= hi && s.range_max_ms > hi * 0.99,
        "most total {} ms, the curve says {hi}",
        s.range_max_ms
    );
    let fit = s.against_deadline(12_000);
    assert!(fit.worst_case_fits, "{} ms", s.range_max_ms);
    assert_eq!(fit.retries_fit_worst_case, 3);
    // Each row's worst running total is a total some run reaches: never
    // below a seeded run's, never the sum of the rows' maximums.
    let model = c.lib.model();
    for seed in 0..500 {
        let run = sample(model, &c.values, seed).unwrap();
        let mut total = 0.0;
        for (d, row) in run.iter().zip(&s.rows) {
            total += d;
            assert!(total <= row.worst_cumulative_ms * 1.002, "seed {seed}");
        }
        assert!(total >= s.range_min_ms * 0.998, "seed {seed}: {total}");
    }
    let by_bounds: f64 = s.rows.iter().map(|r| r.max_ms).sum();
    assert!(s.range_max_ms < by_bounds * 0.7, "{by_bounds}");
}

#[test]
fn a_server_wait_keeps_cenkalti_within_max_elapsed_time() {
    // cenkalti at its defaults (MaxElapsedTime 15 min), a server's wait of
    // 5 s at retry 2: the range never passes the 900 s that end its loop.
    let shown = library_schedule(&configured("cenkalti", &[]), 1).unwrap();
    let s = with_server_wait(&shown, 2, 5_000);
    assert_eq!(s.rows[1].sample_ms, 5_000.0);
    assert!(s.range_max_ms <= 900_000.0, "{} ms", s.range_max_ms);
    assert!(s.rows.iter().all(|r| r.worst_cumulative_ms <= 900_000.0));
}

#[test]
fn a_budget_counts_the_attempts_its_rows_show() {
    // p-retry, maxRetryTime 5 s: 1 + 2 + 4 s; the 8 s sleep would be cut
    // short at 5 s, so three retries, then the budget is spent.
    let shown = library_schedule(&configured("p-retry", &[("maxRetryTime", "5000")]), 1).unwrap();
    let rows = shown.schedule.rows.len() as u64;
    assert_eq!(shown.schedule.attempts, rows + 1);
    // backon, total_delay 100 ms under its 1 s first sleep: no retry.
    let shown = library_schedule(&configured("backon", &[("total_delay", "100")]), 1).unwrap();
    assert_eq!(shown.schedule.rows.len(), 0);
    assert_eq!(shown.schedule.attempts, 1);
    let notes = library_notes(&shown);
    assert!(!notes.contains("the first 0 of"), "{notes}");
}

#[test]
fn a_server_wait_replaces_a_cenkalti_sleep_to_the_ms() {
    // v7.0.0: `RetryAfter(d time.Duration, cause error)` (error.go), so a
    // wait of 1.5 s is slept as 1.5 s, where v5's `RetryAfter(seconds int)`
    // took whole seconds. (Retry then calls `BackOff.Reset()`, retry.go;
    // the page keeps the later rows as they were: see docs/libraries.md.)
    let fixed = [
        ("InitialInterval", "1000"),
        ("Multiplier", "2"),
        ("RandomizationFactor", "0"),
        ("MaxTries", "5"),
        ("MaxElapsedTime", "0"),
    ];
    let shown = library_schedule(&configured("cenkalti", &fixed), 1).unwrap();
    let s = with_server_wait(&shown, 2, 1_500);
    let sleeps: Vec<f64> = s.rows.iter().take(2).map(|r| r.sample_ms).collect();
    assert_eq!(sleeps, [1_000.0, 1_500.0]);
    assert!(s.rows[1].server_wait);
}
