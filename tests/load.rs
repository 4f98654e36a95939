//! The load model (`src/core/load/`) against hand-computed cases: a
//! server below capacity, an outage without retries, each budget's token
//! arithmetic on a scripted sequence of outcomes, amplification at 100 %
//! failure, and the seed.

use backoff_calculator::core::load::{
    Budget, BudgetKind, Failure, LoadConfig, Run, Study, Tokens, Trigger, TriggerKind,
    FAILURE_SALT, TRIGGER_SALT,
};
use backoff_calculator::core::policy::{Jitter, Policy};

fn quiet() -> LoadConfig {
    LoadConfig {
        trigger: Trigger {
            length_s: 0.0,
            ..Trigger::default()
        },
        ..LoadConfig::default()
    }
}

fn run(config: LoadConfig) -> backoff_calculator::core::load::Series {
    Run::new(config, TRIGGER_SALT).finish()
}

#[test]
fn below_capacity_the_queue_stays_short_and_nothing_fails() {
    // 800 calls/s into a server that serves 1,000/s, no trigger.
    let config = quiet();
    let s = run(config);
    let v = s.verdict(10.0, 10.0);
    assert_eq!(v.recovered_s, Some(0.0));
    assert_eq!(v.amplification, 1.0, "no attempt timed out, so no retry");
    assert!(s.seconds.iter().all(|x| x.timeouts == 0 && x.retries == 0));
    // M/D/1 (Pollaczek–Khinchine): mean wait ρ / (2 μ (1 − ρ)) =
    // 0.8 / (2 × 1,000 × 0.2) = 2 ms, plus 1 ms of service: 3 ms.
    let (served, sum) = s.seconds.iter().fold((0u64, 0.0), |(n, t), x| {
        (n + x.served as u64, t + x.latency_sum)
    });
    let mean_ms = 1000.0 * sum / served as f64;
    assert!(
        (mean_ms - 3.0).abs() < 0.3,
        "mean time in server {mean_ms} ms"
    );
    // 60 s × 800/s first tries, within 4 standard deviations (√48,000).
    let first: u64 = s.seconds.iter().map(|x| x.first as u64).sum();
    assert!(
        (first as f64 - 48_000.0).abs() < 4.0 * 48_000f64.sqrt(),
        "{first}"
    );
    assert!(
        s.seconds.iter().all(|x| x.queue < 100),
        "the queue stays short"
    );
}

#[test]
fn an_outage_without_retries_recovers_within_the_time_to_drain_the_queue() {
    // No retries: a 5 s outage leaves about 800 × 5 = 4,000 calls queued,
    // which drain at 1,000 − 800 = 200/s: 20 s at most. Attempts succeed
    // again once the queue is under 1 s of work (1,000 calls), after
    // about (4,000 − 1,000) / 200 = 15 s.
    let config = LoadConfig {
        policy: Policy {
            max_retries: 0,
            ..Policy::default()
        },
        ..LoadConfig::default()
    };
    let s = run(config);
    let v = s.verdict(10.0, 15.0);
    let r = v.recovered_s.expect("it comes back");
    assert!((13.0..=20.0).contains(&r), "recovered after {r} s");
    assert_eq!(v.amplification, 1.0);
    // The queue at the outage's end is the calls sent during it.
    let q = s.seconds[14].queue as f64;
    assert!((q - 4_000.0).abs() < 300.0, "queue {q}");
    // Nothing is served during the outage but the call in service when
    // it began.
    assert!(s.seconds[10].served <= 1);
    assert!(s.seconds[11..15].iter().all(|x| x.served == 0));
}

#[test]
fn retries_keep_the_defaults_down_and_a_budget_brings_them_back() {
    let result = Study::new(LoadConfig::default()).unwrap().run_all();
    assert_eq!(result.of(BudgetKind::None).verdict.recovered_s, None);
    for kind in [BudgetKind::Aws, BudgetKind::Grpc, BudgetKind::Bucket] {
        let r = result.of(kind).verdict.recovered_s;
        assert!(r.is_some(), "{kind:?} comes back");
    }
    // No budget: every second of the run's end is past saving.
    let none = &result.of(BudgetKind::None).series;
    assert!(none.seconds[50..].iter().all(|x| !x.healthy()));
    assert!(
        none.seconds[59].queue > none.seconds[30].queue,
        "the queue grows"
    );
}

#[test]
fn aws_quota_arithmetic() {
    let mut t = Tokens::new(Budget::default_of(BudgetKind::Aws));
    assert_eq!(t.level(0.0), 500.0);
    // 35 retries of 14 leave 10, less than a retry's cost.
    for _ in 0..35 {
        assert_eq!(t.on_failure(0.0, false, Failure::Timeout, true), Some(14));
    }
    assert_eq!(t.level(0.0), 10.0);
    assert_eq!(t.on_failure(0.0, false, Failure::Timeout, true), None);
    assert_eq!(t.level(0.0), 10.0, "a refused retry takes nothing");
    // A throttling error costs 5.
    assert_eq!(t.on_failure(0.0, false, Failure::Throttled, true), Some(5));
    assert_eq!(t.level(0.0), 5.0);
    // A success after a retry gives that retry's cost back; one without
    // a retry gives 1.
    t.on_success(0.0, true, Some(14));
    assert_eq!(t.level(0.0), 19.0);
    t.on_success(0.0, false, None);
    assert_eq!(t.level(0.0), 20.0);
    // No retry wanted (the policy's last): nothing taken.
    assert_eq!(t.on_failure(0.0, false, Failure::Timeout, false), None);
    assert_eq!(t.level(0.0), 20.0);
    // Never above the capacity.
    let mut full = Tokens::new(Budget::default_of(BudgetKind::Aws));
    full.on_success(0.0, false, None);
    assert_eq!(full.level(0.0), 500.0);
}

#[test]
fn grpc_throttling_arithmetic() {
    let mut t = Tokens::new(Budget::default_of(BudgetKind::Grpc));
    // maxTokens 10: failures take it to 9, 8, 7, 6 (retried), then 5,
    // which is not above half: throttled.
    for expected in [9.0, 8.0, 7.0, 6.0] {
        assert_eq!(t.on_failure(0.0, false, Failure::Timeout, true), Some(0));
        assert_eq!(t.level(0.0), expected);
    }
    assert_eq!(t.on_failure(0.0, false, Failure::Timeout, true), None);
    assert_eq!(t.level(0.0), 5.0);
    // A failure with no retry wanted still takes a token.
    assert_eq!(t.on_failure(0.0, false, Failure::Timeout, false), None);
    assert_eq!(t.level(0.0), 4.0);
    // tokenRatio 0.1 per success: 21 successes reach 6.1 (above 5 again).
    for _ in 0..21 {
        t.on_success(0.0, false, None);
    }
    assert!((t.level(0.0) - 6.1).abs() < 1e-9);
    assert_eq!(t.on_failure(0.0, false, Failure::Timeout, true), Some(0));
    // Never below 0.
    let mut t = Tokens::new(Budget::Grpc {
        max_tokens: 1.0,
        token_ratio: 0.1,
    });
    for _ in 0..3 {
        assert_eq!(t.on_failure(0.0, false, Failure::Timeout, true), None);
    }
    assert_eq!(t.level(0.0), 0.0);
}

#[test]
fn envoy_budget_arithmetic() {
    let mut t = Tokens::new(Budget::default_of(BudgetKind::Envoy));
    for _ in 0..10 {
        t.on_send();
    }
    // 9, 8, 7 in flight: 20 % of them is under 3, so the minimum of 3
    // concurrent retries applies: three go, the fourth does not.
    for held in 1..=3 {
        assert_eq!(t.on_failure(0.0, false, Failure::Timeout, true), Some(0));
        assert_eq!(t.level(0.0), held as f64);
    }
    assert_eq!(t.on_failure(0.0, false, Failure::Timeout, true), None);
    // A retry's attempt ending gives its place back.
    t.on_send();
    t.on_success(0.0, true, None);
    assert_eq!(t.level(0.0), 2.0);
    // With 25 in flight, 20 % is 5 concurrent retries.
    let mut t = Tokens::new(Budget::default_of(BudgetKind::Envoy));
    for _ in 0..26 {
        t.on_send();
    }
    let allowed = (0..10)
        .filter(|_| {
            t.on_send();
            t.on_failure(0.0, false, Failure::Timeout, true).is_some()
        })
        .count();
    assert_eq!(allowed, 5);
}

#[test]
fn envoy_max_retries_arithmetic() {
    let mut t = Tokens::new(Budget::default_of(BudgetKind::EnvoyMaxRetries));
    for _ in 0..100 {
        t.on_send();
    }
    let allowed = (0..10)
        .filter(|_| t.on_failure(0.0, false, Failure::Timeout, true).is_some())
        .count();
    assert_eq!(allowed, 3, "max_retries 3, whatever the traffic");
    t.on_send();
    assert_eq!(t.on_failure(0.0, true, Failure::Timeout, true), Some(0));
}

#[test]
fn finagle_budget_arithmetic() {
    let mut t = Tokens::new(Budget::default_of(BudgetKind::Finagle));
    // Reserve: 10 per second × 10 s = 100 retries with no deposit.
    assert_eq!(t.level(0.0), 100.0);
    let allowed = (0..150)
        .filter(|_| t.on_failure(0.5, false, Failure::Timeout, true).is_some())
        .count();
    assert_eq!(allowed, 100);
    // Five calls deposit 5 × 1,000; a retry costs 1,000 / 0.2 = 5,000.
    for _ in 0..5 {
        t.on_call(0.5);
    }
    assert_eq!(t.on_failure(0.5, false, Failure::Timeout, true), Some(0));
    assert_eq!(t.on_failure(0.5, false, Failure::Timeout, true), None);
    // Withdrawals expire with their slice, a ttl later.
    assert_eq!(t.on_failure(9.9, false, Failure::Timeout, true), None);
    assert_eq!(t.level(10.0), 100.0);
    assert_eq!(t.on_failure(10.0, false, Failure::Timeout, true), Some(0));
}

#[test]
fn token_bucket_arithmetic() {
    let mut t = Tokens::new(Budget::default_of(BudgetKind::Bucket));
    let allowed = (0..20)
        .filter(|_| t.on_failure(0.0, false, Failure::Timeout, true).is_some())
        .count();
    assert_eq!(allowed, 10, "a bucket of 10");
    // Ten successes of 0.1 make one whole token (allowing for rounding).
    for _ in 0..10 {
        t.on_success(0.0, false, None);
    }
    assert_eq!(t.on_failure(0.0, false, Failure::Timeout, true), Some(0));
    assert_eq!(t.on_failure(0.0, false, Failure::Timeout, true), None);
    for _ in 0..1_000 {
        t.on_success(0.0, false, None);
    }
    assert_eq!(t.level(0.0), 10.0, "never above its size");
}

#[test]
fn circuit_breaker_arithmetic() {
    let mut t = Tokens::new(Budget::default_of(BudgetKind::Breaker));
    for _ in 0..5 {
        t.on_success(0.0, false, None);
    }
    // Failures 1..4 are retried; the 5th fills the window at 50 %: it
    // opens, and that retry is refused.
    for _ in 0..4 {
        assert_eq!(t.on_failure(1.0, false, Failure::Timeout, true), Some(0));
    }
    assert_eq!(t.on_failure(1.0, false, Failure::Timeout, true), None);
    // Open for 5 s: refused until 6 s, then allowed again.
    assert_eq!(t.on_failure(5.9, false, Failure::Timeout, true), None);
    assert_eq!(t.on_failure(6.0, false, Failure::Timeout, true), Some(0));
}

#[test]
fn params_give_the_defaults() {
    for kind in BudgetKind::ALL {
        let values: Vec<f64> = kind.params().iter().map(|p| p.default).collect();
        assert_eq!(Budget::with(kind, &values), Budget::default_of(kind));
        assert_eq!(Budget::default_of(kind).kind(), kind);
        assert_eq!(BudgetKind::parse(kind.as_str()), Some(kind));
        for p in kind.params() {
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.label);
        }
    }
}

/// N retries with no backoff against a server that fails everything:
/// 1 + N times the work (Brooker 2022), less the calls too late in the
/// run to use all their retries.
#[test]
fn amplification_at_total_failure() {
    let policy = Policy {
        base_ms: 0,
        jitter: Jitter::None,
        max_retries: 3,
        ..Policy::default()
    };
    let config = LoadConfig {
        policy,
        ..LoadConfig::default()
    }
    .at_total_failure();
    let v = Run::new(config, FAILURE_SALT).finish().verdict(0.0, 60.0);
    // Each call takes 4 attempts of 1 s: the last 4 s of calls are cut.
    assert!((v.amplification - 4.0).abs() < 0.15, "{}", v.amplification);
    assert_eq!(v.ok, 0);
    // A bucket of 10 tokens per client and no success to refill it: each
    // of the 100 clients retries exactly 10 times.
    let bucket = Run::new(
        LoadConfig {
            budget: Budget::default_of(BudgetKind::Bucket),
            ..config
        },
        FAILURE_SALT,
    )
    .finish()
    .verdict(0.0, 60.0);
    assert_eq!(bucket.attempts - bucket.first, 1_000);
    // gRPC: 4 retries per client (tokens 9, 8, 7, 6 are above 5).
    let grpc = Run::new(
        LoadConfig {
            budget: Budget::default_of(BudgetKind::Grpc),
            ..config
        },
        FAILURE_SALT,
    )
    .finish()
    .verdict(0.0, 60.0);
    assert_eq!(grpc.attempts - grpc.first, 400);
    // AWS: 500 / 14 = 35 retries per client.
    let aws = Run::new(
        LoadConfig {
            budget: Budget::default_of(BudgetKind::Aws),
            ..config
        },
        FAILURE_SALT,
    )
    .finish()
    .verdict(0.0, 60.0);
    assert_eq!(aws.attempts - aws.first, 3_500);
}

#[test]
fn the_seed_decides_and_slicing_does_not_matter() {
    // A smaller setting, so the test stays quick in a debug build.
    let small = LoadConfig {
        clients: 20,
        rate: 200.0,
        capacity: 250.0,
        duration_s: 30,
        ..LoadConfig::default()
    };
    let a = Study::new(small).unwrap().run_all();
    let mut sliced = Study::new(small).unwrap();
    let mut steps = 0;
    while !sliced.step(1_000) {
        steps += 1;
    }
    assert!(steps > 16);
    assert_eq!(sliced.result(), a);
    let other = Study::new(LoadConfig { seed: 7, ..small })
        .unwrap()
        .run_all();
    assert_ne!(other.budgets[0].series, a.budgets[0].series);
}

#[test]
fn a_spike_adds_first_tries_for_its_length() {
    let config = LoadConfig {
        trigger: Trigger {
            kind: TriggerKind::Spike,
            spike_percent: 100.0,
            ..Trigger::default()
        },
        policy: Policy {
            max_retries: 0,
            ..Policy::default()
        },
        ..LoadConfig::default()
    };
    let s = run(config);
    let spike: u32 = s.seconds[10..15].iter().map(|x| x.first).sum();
    // 5 s at 1,600/s: 8,000, within 4 standard deviations.
    assert!(
        (spike as f64 - 8_000.0).abs() < 4.0 * 8_000f64.sqrt(),
        "{spike}"
    );
    // The server serves at most 1,000 a second.
    assert!(s.seconds.iter().all(|x| x.served <= 1_001));
}

#[test]
fn bad_settings_are_refused() {
    let bad = LoadConfig {
        clients: 0,
        ..LoadConfig::default()
    };
    assert!(Study::new(bad).is_err());
    let bad = LoadConfig {
        capacity: f64::NAN,
        ..LoadConfig::default()
    };
    assert_eq!(
        Study::new(bad).unwrap_err().to_string(),
        "Capacity must be from 1 to 20,000."
    );
}

#[test]
fn the_design_doc_holds_the_load_figures_before_its_sources() {
    use backoff_calculator::core::export::with_load_section;
    use backoff_calculator::core::load::LOAD_NOT_RUN;
    let doc = "## Retry policy\n\ntext\n\n### Sources\n\n- a\n".to_string();
    let none = with_load_section(doc.clone(), None);
    assert!(none.contains(LOAD_NOT_RUN));
    assert!(none.find("### Retries under load").unwrap() < none.find("### Sources").unwrap());
    let small = LoadConfig {
        clients: 20,
        rate: 200.0,
        capacity: 250.0,
        duration_s: 30,
        budget: Budget::default_of(BudgetKind::Grpc),
        ..LoadConfig::default()
    };
    let r = Study::new(small).unwrap().run_all();
    let with = with_load_section(doc, Some(&r));
    assert!(!with.contains(LOAD_NOT_RUN));
    for kind in BudgetKind::ALL {
        assert!(with.contains(&format!("| {} |", kind.label())), "{kind:?}");
    }
    assert!(with.contains("With gRPC retryThrottling:"));
    assert!(with.contains("Without a budget:"));
    assert!(with.contains("Metastable Failures in the Wild"));
    assert!(with.ends_with("### Sources\n\n- a\n"));
}
