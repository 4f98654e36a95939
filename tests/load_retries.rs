//! Whose waits the load model's clients follow (`core::load::Retries`):
//! a library's runs, one sequence of sleeps per client, against hand cases
//! and against the page's policy where the two must wait the same.

use backoff_calculator::core::library::{Configured, Engine, LibId};
use backoff_calculator::core::load::{
    retries_line, study_markdown, Budget, BudgetKind, LoadConfig, Retries, Run, Study,
    FAILURE_SALT, TRIGGER_SALT,
};
use backoff_calculator::core::policy::{Jitter, Policy};

/// Sleeps of 100 ms then 300 ms: what a policy with no jitter, a base of
/// 100 ms, a multiplier of 3 and 2 retries waits.
fn policy_100_300() -> Policy {
    Policy {
        base_ms: 100,
        multiplier: 3.0,
        cap_ms: 60_000,
        max_retries: 2,
        jitter: Jitter::None,
        ..Policy::default()
    }
}

fn runs(by: &'static str, runs: Vec<Vec<f64>>) -> Retries {
    Retries::Runs { by, runs }
}

#[test]
fn clients_given_a_fixed_run_wait_what_it_says() {
    // A policy without jitter draws nothing for its sleeps, so a run whose
    // clients all wait [100, 300] ms is the same run, count for count,
    // through the outage, at 100 % failure and under a budget.
    for budget in [Budget::None, Budget::default_of(BudgetKind::Grpc)] {
        let config = LoadConfig {
            policy: policy_100_300(),
            budget,
            seed: 9,
            ..LoadConfig::default()
        };
        let fixed = runs("a fixed list", vec![vec![100.0, 300.0]]);
        for (c, salt) in [
            (config, TRIGGER_SALT),
            (config.at_total_failure(), FAILURE_SALT),
        ] {
            let by_policy = Run::new(c, salt).finish();
            let by_runs = Run::with_retries(c, salt, &fixed).finish();
            assert_eq!(by_runs, by_policy, "{budget:?}, salt {salt}");
            assert!(by_runs.seconds.iter().any(|s| s.retries > 0));
        }
    }
}

#[test]
fn a_run_with_no_sleeps_makes_no_retry_and_each_client_keeps_its_own() {
    let config = LoadConfig {
        seed: 4,
        ..LoadConfig::default()
    }
    .at_total_failure();
    // No sleeps: no retries, as a policy of 0 retries.
    let none = Run::with_retries(config, FAILURE_SALT, &runs("none", vec![vec![]])).finish();
    let zero = Run::new(
        LoadConfig {
            policy: Policy {
                max_retries: 0,
                ..Policy::default()
            },
            ..config
        },
        FAILURE_SALT,
    )
    .finish();
    assert_eq!(none, zero);
    // Two clients, one with three retries and one with none: the first
    // tries split about evenly, so the retries are about 3 × half of them
    // (every call fails; the last seconds' calls have no time left).
    let two = LoadConfig {
        clients: 2,
        rate: 200.0,
        ..config
    };
    let v = Run::with_retries(
        two,
        FAILURE_SALT,
        &runs("mixed", vec![vec![10.0; 3], vec![]]),
    )
    .finish()
    .verdict(0.0, 60.0);
    let retries = (v.attempts - v.first) as f64;
    let expected = 3.0 * v.first as f64 / 2.0;
    assert!(
        (retries - expected).abs() < 0.05 * expected,
        "{retries} retries for {} first tries",
        v.first
    );
    // With both clients on three retries, every call that starts before
    // 56 s makes all three (its last is sent 3 × (1 s + 10 ms) later);
    // calls after it may be cut off by the run's end.
    let s = Run::with_retries(two, FAILURE_SALT, &runs("three", vec![vec![10.0; 3]])).finish();
    let retries: u32 = s.seconds.iter().map(|x| x.retries).sum();
    let first: u32 = s.seconds.iter().map(|x| x.first).sum();
    let early: u32 = s.seconds[..56].iter().map(|x| x.first).sum();
    assert!(3 * early <= retries && retries <= 3 * first, "{retries}");
}

#[test]
fn a_librarys_clients_follow_its_seeded_runs_from_the_pages_seed() {
    let engine = Engine::new();
    let lib = LibId::parse("urllib3").unwrap();
    let mut chosen = Configured::defaults(lib);
    chosen.values.set("total", 3.0).unwrap();
    chosen.values.set("backoff_factor", 0.5).unwrap();
    let config = LoadConfig {
        clients: 3,
        seed: 40,
        ..LoadConfig::default()
    };
    let mut seeds = Vec::new();
    let retries = Retries::sampled(lib.name(), &config, |s| {
        seeds.push(s);
        (engine.sample)(&chosen, s)
    })
    .unwrap();
    // Client i's run is the library's run with seed + i: client 0 waits
    // what the page's sample shows for the same seed.
    assert_eq!(seeds, [40, 41, 42]);
    let Retries::Runs { by, runs } = &retries else {
        panic!("runs expected")
    };
    assert_eq!(*by, "urllib3 Retry");
    // urllib3 2.8.0: no sleep before the first retry, then
    // backoff_factor × 2^(k − 1) s.
    assert_eq!(runs[0], [0.0, 1000.0, 2000.0]);
    assert_eq!(retries.by(), Some("urllib3 Retry"));
    assert_eq!(Retries::Policy.by(), None);

    // The study names it, and its figures are not the page's policy's.
    let by_lib = Study::with_retries(config, retries.clone())
        .unwrap()
        .run_all();
    let by_page = Study::new(config).unwrap().run_all();
    assert_eq!(by_lib.follows, Some("urllib3 Retry"));
    assert_eq!(by_page.follows, None);
    // The design doc says whose retries ran.
    assert!(study_markdown(&by_lib).contains("retries as urllib3 Retry waits (its seeded runs)"));
    assert!(study_markdown(&by_page).contains("this page's retry policy"));
    let amp = |r: &backoff_calculator::core::load::StudyResult| {
        r.of(BudgetKind::None).failure_amplification
    };
    // urllib3 makes 3 retries (4 attempts), the page's default policy 5.
    assert!(amp(&by_lib) < 4.0 && amp(&by_lib) > 3.5, "{}", amp(&by_lib));
    assert!(amp(&by_page) > 4.5, "{}", amp(&by_page));
    // The page's policy path is the study it always was.
    assert_eq!(
        Study::with_retries(config, Retries::Policy)
            .unwrap()
            .run_all(),
        by_page
    );
}

#[test]
fn an_error_in_a_run_is_returned_and_odd_sleeps_wait_nothing() {
    let five = LoadConfig {
        clients: 5,
        ..LoadConfig::default()
    };
    let r: Result<Retries, &str> = Retries::sampled("x", &five, |s| {
        if s == 3 {
            Err("refused")
        } else {
            Ok(vec![1.0])
        }
    });
    assert_eq!(r, Err("refused"));
    // Sleeps past the run's end are dropped: with a 1 s timeout and 1 s
    // sleeps, retry k comes 2k s after its first try, so 60 s hold 30.
    let long = Retries::sampled("x", &five, |_| Ok::<_, ()>(vec![1000.0; 100])).unwrap();
    let Retries::Runs { runs: kept, .. } = long else {
        panic!("runs expected")
    };
    assert_eq!(kept.len(), 5);
    assert!(kept.iter().all(|r| r.len() == 30), "{}", kept[0].len());
    // NaN, negative or infinite sleeps never stall or panic a run.
    let odd = runs("odd", vec![vec![f64::NAN, -5.0, f64::INFINITY, 1e300]]);
    let config = LoadConfig::default().at_total_failure();
    let s = Run::with_retries(config, FAILURE_SALT, &odd).finish();
    assert!(s.seconds.iter().any(|x| x.retries > 0));
    let empty = Retries::Runs {
        by: "empty",
        runs: Vec::new(),
    };
    // No runs at all: the page's policy.
    assert_eq!(
        Run::with_retries(config, FAILURE_SALT, &empty).finish(),
        Run::new(config, FAILURE_SALT).finish()
    );
}

#[test]
fn the_line_says_whose_schedule_the_clients_follow() {
    assert_eq!(
        retries_line(Some("urllib3 Retry")),
        "Clients retry as urllib3 Retry does with the values under Model: each waits one of its seeded runs."
    );
    assert!(retries_line(None).contains("the page's policy"));
}
