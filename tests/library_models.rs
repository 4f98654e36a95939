//! The models of the libraries a registry here carries reproduce the
//! sequences in docs/libraries.md: the ones observed by running the real
//! library (urllib3 2.8.0, tenacity 9.2.1, p-retry 9.0.0, axios-retry 4.5.0,
//! google-api-core 2.44.0, botocore 1.44.8) and the ones computed from the
//! cited code. `tests/libraries/` reruns the real
//! libraries against these models.

#[path = "common/library.rs"]
mod helpers;
use helpers::{model, ms, ranges, values};

use backoff_calculator::core::library::{self, schedule, LibError};

/// The rows of a deterministic schedule, ms.
fn fixed(id: &str, sets: &[(&str, &str)]) -> Vec<f64> {
    ranges(id, sets)
        .into_iter()
        .map(|(lo, hi)| {
            assert!(
                (hi - lo).abs() < 1e-9,
                "{id} {sets:?}: not fixed: [{lo}, {hi}]"
            );
            lo
        })
        .collect()
}

#[test]
fn urllib3_retry_one_never_waits() {
    // retry.py: `if consecutive_errors_len <= 1: return 0`
    assert_eq!(fixed("urllib3", &[]), vec![0.0; 10]);
    let half = [("total", "5"), ("backoff_factor", "0.5")];
    assert_eq!(fixed("urllib3", &half), ms(&[0.0, 1.0, 2.0, 4.0, 8.0]));
    let capped = [
        ("total", "8"),
        ("backoff_factor", "1"),
        ("backoff_max", "10"),
    ];
    assert_eq!(
        fixed("urllib3", &capped),
        ms(&[0.0, 2.0, 4.0, 8.0, 10.0, 10.0, 10.0, 10.0])
    );
    // The run: backoff_factor=1, backoff_max=32.
    let run = [
        ("total", "6"),
        ("backoff_factor", "1"),
        ("backoff_max", "32"),
    ];
    assert_eq!(
        fixed("urllib3", &run),
        ms(&[0.0, 2.0, 4.0, 8.0, 16.0, 32.0])
    );
}

#[test]
fn urllib3_jitter_is_added_then_capped() {
    let j = [
        ("total", "4"),
        ("backoff_factor", "1"),
        ("backoff_jitter", "0.5"),
    ];
    let want = [(0.0, 0.0), (2.0, 2.5), (4.0, 4.5), (8.0, 8.5)];
    assert_eq!(ranges("urllib3", &j), want.map(|(a, b)| (a * 1e3, b * 1e3)));
    let capped = [
        ("total", "4"),
        ("backoff_factor", "1"),
        ("backoff_max", "3"),
        ("backoff_jitter", "2"),
    ];
    let want = [(0.0, 0.0), (2.0, 3.0), (3.0, 3.0), (3.0, 3.0)];
    assert_eq!(
        ranges("urllib3", &capped),
        want.map(|(a, b)| (a * 1e3, b * 1e3))
    );
    // Retry 2 in [2, 4) capped at 3: half the runs wait 3 s, the rest 2–3 s.
    let s = schedule(model("urllib3"), &values("urllib3", &capped)).unwrap();
    assert!((s.rows[1].expected_ms - 2750.0).abs() < 1e-9);
}

#[test]
fn tenacity_waits() {
    let five = ("stop_after_attempt", "5");
    assert_eq!(fixed("tenacity", &[five]), ms(&[1.0, 2.0, 4.0, 8.0]));
    let half = [
        ("stop_after_attempt", "6"),
        ("multiplier", "0.5"),
        ("max", "5"),
    ];
    assert_eq!(fixed("tenacity", &half), ms(&[0.5, 1.0, 2.0, 4.0, 5.0]));
    let floor = [five, ("min", "4"), ("max", "10")];
    assert_eq!(fixed("tenacity", &floor), ms(&[4.0, 4.0, 4.0, 8.0]));
    assert_eq!(
        fixed("tenacity", &[five, ("exp_base", "3")]),
        ms(&[1.0, 3.0, 9.0, 27.0])
    );
    let random = [five, ("wait", "wait_random_exponential"), ("max", "60")];
    let want = [(0.0, 1.0), (0.0, 2.0), (0.0, 4.0), (0.0, 8.0)];
    assert_eq!(
        ranges("tenacity", &random),
        want.map(|(a, b)| (a * 1e3, b * 1e3))
    );
    let floored = [
        five,
        ("wait", "wait_random_exponential"),
        ("min", "2"),
        ("max", "60"),
    ];
    let want = [(2.0, 2.0), (2.0, 2.0), (2.0, 4.0), (2.0, 8.0)];
    assert_eq!(
        ranges("tenacity", &floored),
        want.map(|(a, b)| (a * 1e3, b * 1e3))
    );
    let jitter = [five, ("wait", "wait_exponential_jitter")];
    let want = [(1.0, 2.0), (2.0, 3.0), (4.0, 5.0), (8.0, 9.0)];
    assert_eq!(
        ranges("tenacity", &jitter),
        want.map(|(a, b)| (a * 1e3, b * 1e3))
    );
    let jmax = [
        ("stop_after_attempt", "6"),
        ("wait", "wait_exponential_jitter"),
        ("max", "5"),
    ];
    let want = [(1.0, 2.0), (2.0, 3.0), (4.0, 5.0), (5.0, 5.0), (5.0, 5.0)];
    assert_eq!(
        ranges("tenacity", &jmax),
        want.map(|(a, b)| (a * 1e3, b * 1e3))
    );
}

#[test]
fn p_retry_delays_and_budget() {
    let d: Vec<f64> = (0..10).map(|k| 1000.0 * 2f64.powi(k)).collect();
    assert_eq!(fixed("p-retry", &[]), d);
    let capped = [("retries", "5"), ("maxTimeout", "10000")];
    assert_eq!(
        fixed("p-retry", &capped),
        vec![1000.0, 2000.0, 4000.0, 8000.0, 10000.0]
    );
    let f15 = [("retries", "4"), ("factor", "1.5"), ("minTimeout", "200")];
    assert_eq!(fixed("p-retry", &f15), vec![200.0, 300.0, 450.0, 675.0]);
    assert_eq!(
        fixed("p-retry", &[("retries", "3"), ("factor", "0")]),
        vec![1000.0; 3]
    );
    assert_eq!(
        fixed("p-retry", &[("retries", "3"), ("minTimeout", "0")]),
        vec![0.0; 3]
    );
    let r = [("retries", "4"), ("randomize", "true")];
    let want = [
        (1000.0, 2000.0),
        (2000.0, 4000.0),
        (4000.0, 8000.0),
        (8000.0, 16000.0),
    ];
    assert_eq!(ranges("p-retry", &r), want);
    let rc = [
        ("retries", "4"),
        ("randomize", "true"),
        ("maxTimeout", "3000"),
    ];
    let want = [
        (1000.0, 2000.0),
        (2000.0, 3000.0),
        (3000.0, 3000.0),
        (3000.0, 3000.0),
    ];
    assert_eq!(ranges("p-retry", &rc), want);
    // maxRetryTime shortens the last sleep: 1000, 2000, 4000, then 3000.
    let budget = [("maxRetryTime", "10000")];
    let v = values("p-retry", &budget);
    assert_eq!(
        library::sample(model("p-retry"), &v, 1).unwrap(),
        vec![1000.0, 2000.0, 4000.0, 3000.0]
    );
    assert_eq!(
        fixed("p-retry", &budget),
        vec![1000.0, 2000.0, 4000.0, 3000.0]
    );
}

#[test]
fn axios_retry_starts_at_twice_the_factor() {
    let want = [(200.0, 240.0), (400.0, 480.0), (800.0, 960.0)];
    assert_eq!(ranges("axios-retry", &[]), want);
    let big = [("retries", "5"), ("delayFactor", "1000")];
    let lows: Vec<f64> = ranges("axios-retry", &big).iter().map(|r| r.0).collect();
    assert_eq!(lows, vec![2000.0, 4000.0, 8000.0, 16000.0, 32000.0]);
    let s = schedule(model("axios-retry"), &values("axios-retry", &[])).unwrap();
    assert_eq!(s.rows[0].expected_ms, 220.0);
}

#[test]
fn google_api_core_full_jitter_within_its_budget() {
    let v = values("google-api-core", &[]);
    let s = schedule(model("google-api-core"), &v).unwrap();
    let caps: Vec<f64> = s.rows.iter().take(8).map(|r| r.max_ms).collect();
    assert_eq!(caps, ms(&[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0]));
    let b = s.budget.unwrap();
    assert_eq!(b.budget_ms, 120_000.0);
    // 1+2+4+8+16+32 = 63 s always fits; 63 + 60 > 120.
    assert_eq!(b.always, 6);
    assert!(b.beyond <= 0.001, "{b:?}");
    assert!(
        s.rows.len() > 10,
        "about 20 % of runs retry more than 10 times"
    );
    assert!(s.rows.iter().all(|r| r.simulated));
    assert_eq!(s.rows[5].reach, 1.0);
}

#[test]
fn aws_full_jitter_and_the_retry_quota() {
    assert_eq!(ranges("aws", &[]), vec![(0.0, 50.0), (0.0, 100.0)]);
    let six: Vec<f64> = ranges("aws", &[("max_attempts", "6")])
        .iter()
        .map(|r| r.1)
        .collect();
    assert_eq!(six, vec![50.0, 100.0, 200.0, 400.0, 800.0]);
    let t = [("max_attempts", "8"), ("throttling", "true")];
    let highs: Vec<f64> = ranges("aws", &t).iter().map(|r| r.1).collect();
    assert_eq!(highs, ms(&[1.0, 2.0, 4.0, 8.0, 16.0, 20.0, 20.0]));
    // 500 tokens: 35 retries at 14, 100 at 5.
    assert_eq!(ranges("aws", &[("max_attempts", "40")]).len(), 35);
    assert_eq!(
        ranges("aws", &[("max_attempts", "200"), ("throttling", "true")]).len(),
        100
    );
}

#[test]
fn bad_parameters_are_refused() {
    let mut v = library::defaults(model("urllib3"));
    assert!(matches!(
        v.set("backoff_factor", -1.0),
        Err(LibError::OutOfRange { .. })
    ));
    assert!(matches!(
        v.set("total", 2.5),
        Err(LibError::NotWhole { .. })
    ));
    assert!(matches!(
        v.set_text("total", "ten"),
        Err(LibError::NotANumber { .. })
    ));
    assert!(matches!(
        v.set("backoff", 1.0),
        Err(LibError::UnknownParameter { .. })
    ));
    assert!(matches!(
        v.set("backoff_max", f64::INFINITY),
        Err(LibError::OutOfRange { .. })
    ));
    let mut g = library::defaults(model("google-api-core"));
    assert!(g.set("initial", 0.0).is_err(), "initial must be > 0");
    assert!(g.set_text("timeout", "None").is_ok());
    let mut t = library::defaults(model("tenacity"));
    assert!(t.set_text("wait", "wait_random").is_err());
    // Counts as people type them: thousands commas, where they belong.
    let mut u = library::defaults(model("urllib3"));
    u.set_text("total", "1,000").unwrap();
    assert_eq!(u.get("total"), 1_000.0);
    assert!(matches!(
        u.set_text("total", "1,00"),
        Err(LibError::NotANumber { .. })
    ));
    assert_eq!(
        v,
        library::defaults(model("urllib3")),
        "a refused value changes nothing"
    );
}

/// urllib3 retries a status only when it is in `status_forcelist` (or the
/// response carries a `Retry-After` on 413, 429 or 503): the config must
/// name the statuses, or a pasted `Retry` never retries a plain 503.
#[test]
fn urllib3_config_names_the_statuses_it_retries() {
    let writer = library::LibId::parse("urllib3").unwrap().writer();
    let config = writer.config(&values("urllib3", &[("total", "3")]));
    assert!(
        config.contains("    status_forcelist=[408, 429, 500, 502, 503, 504],\n"),
        "{config}"
    );
}

/// The seeded runs that decide a schedule, made a slice at a time as the
/// page makes them, give exactly the schedule made in one go; the preview
/// shown meanwhile holds the rows known in closed form, each with the
/// range the decided row has, and under a budget only the retries that
/// happen in every run.
#[test]
fn a_schedule_decided_in_slices_is_the_one_decided_at_once() {
    use library::{plan, Plan};
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("google-api-core", &[]),
        ("p-retry", &[("maxRetryTime", "5000")]),
        ("cenkalti", &[]),
        ("backon", &[("total_delay", "100")]),
        (
            "polly",
            &[
                ("BackoffType", "Exponential"),
                ("UseJitter", "true"),
                ("MaxDelay", "5"),
            ],
        ),
        ("urllib3", &[("backoff_factor", "0.5")]),
    ];
    let mut deciding_seen = 0;
    for (id, sets) in cases {
        let v = values(id, sets);
        let m = model(id);
        let at_once = schedule(m, &v).unwrap();
        match plan(m, &v).unwrap() {
            Plan::Known(s) => assert_eq!(s, at_once, "{id}"),
            Plan::Deciding(mut d) => {
                deciding_seen += 1;
                let preview = d.preview();
                assert!(preview.rows.len() <= at_once.rows.len(), "{id}");
                for (p, a) in preview.rows.iter().zip(&at_once.rows) {
                    assert_eq!(
                        (p.min_ms, p.max_ms),
                        (a.min_ms, a.max_ms),
                        "{id} retry {}",
                        p.retry
                    );
                }
                if let (Some(p), Some(a)) = (preview.budget, at_once.budget) {
                    assert_eq!(p.always, a.always, "{id}");
                    assert_eq!(preview.rows.len() as u32, a.always, "{id}");
                    assert_eq!(p.runs, 0, "{id}: no runs made yet");
                }
                let mut slices = 0;
                while !d.step(37) {
                    slices += 1;
                }
                assert!(slices > 10, "{id}: made in slices");
                assert_eq!(d.progress().0, d.progress().1);
                assert_eq!(d.finish(), at_once, "{id}");
            }
        }
    }
    assert_eq!(deciding_seen, 5, "every case but urllib3 needs runs");
}
