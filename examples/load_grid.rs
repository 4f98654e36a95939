//! The load model's figures on a grid of settings, as JSON, for the
//! Python reference to check (`scripts/load_reference.py`, run by
//! `scripts/test.sh`):
//!
//! ```text
//! cargo run --release --example load_grid > target/load_grid.json
//! python3 scripts/load_reference.py target/load_grid.json
//! ```

use backoff_calculator::core::library::{Configured, Engine, LibId};
use backoff_calculator::core::load::{
    Budget, BudgetKind, LoadConfig, Retries, Run, Trigger, TriggerKind, FAILURE_SALT, TRIGGER_SALT,
};
use backoff_calculator::core::policy::{CapOrder, Jitter, Policy, Proportional};

/// A small setting that runs quickly in Python: 20 clients, 200 calls/s
/// into 250/s (80 %), 40 s, a 5 s outage at 5 s.
fn small() -> LoadConfig {
    LoadConfig {
        clients: 20,
        rate: 200.0,
        capacity: 250.0,
        duration_s: 40,
        seed: 1,
        trigger: Trigger {
            at_s: 5.0,
            ..Trigger::default()
        },
        ..LoadConfig::default()
    }
}

/// Settings whose clients wait explicit sequences of sleeps (ms): a fixed
/// list, one sequence per client and one client with none, and urllib3's
/// runs (deterministic: no jitter), as the page makes them for a library.
fn runs_grid() -> Vec<(String, LoadConfig, u64, Retries)> {
    let fixed = Retries::Runs {
        by: "a fixed list",
        runs: vec![vec![100.0, 300.0, 900.0], vec![50.0], vec![]],
    };
    let c = small();
    let mut urllib3 = Configured::defaults(LibId::parse("urllib3").expect("urllib3"));
    urllib3.values.set("total", 4.0).expect("total");
    urllib3
        .values
        .set("backoff_factor", 0.2)
        .expect("backoff_factor");
    let engine = Engine::new();
    let lib = LoadConfig {
        budget: Budget::default_of(BudgetKind::Grpc),
        ..c
    };
    let sampled = Retries::sampled("urllib3 Retry", &lib, |s| (engine.sample)(&urllib3, s))
        .expect("urllib3 runs");
    vec![
        (
            "fixed runs, outage, none".into(),
            c,
            TRIGGER_SALT,
            fixed.clone(),
        ),
        (
            "fixed runs, 100 % failure, none".into(),
            c.at_total_failure(),
            FAILURE_SALT,
            fixed,
        ),
        (
            "urllib3 runs, outage, grpc".into(),
            lib,
            TRIGGER_SALT,
            sampled,
        ),
    ]
}

fn grid() -> Vec<(String, LoadConfig, u64)> {
    let mut cases = Vec::new();
    for kind in BudgetKind::ALL {
        let c = LoadConfig {
            budget: Budget::default_of(kind),
            ..small()
        };
        cases.push((format!("outage, {}", kind.as_str()), c, TRIGGER_SALT));
        cases.push((
            format!("100 % failure, {}", kind.as_str()),
            c.at_total_failure(),
            FAILURE_SALT,
        ));
    }
    let spike = Trigger {
        kind: TriggerKind::Spike,
        spike_percent: 150.0,
        ..small().trigger
    };
    for kind in [BudgetKind::None, BudgetKind::Finagle, BudgetKind::Breaker] {
        let c = LoadConfig {
            trigger: spike,
            budget: Budget::default_of(kind),
            seed: 2,
            ..small()
        };
        cases.push((format!("spike, {}", kind.as_str()), c, TRIGGER_SALT));
    }
    let jitters = [
        (Jitter::None, CapOrder::Before),
        (Jitter::Equal, CapOrder::Before),
        (Jitter::Decorrelated, CapOrder::Before),
        (Jitter::Proportional, CapOrder::Before),
        (Jitter::Proportional, CapOrder::After),
    ];
    for (i, (jitter, order)) in jitters.into_iter().enumerate() {
        let policy = Policy {
            base_ms: 200,
            multiplier: 3.0,
            cap_ms: 5_000,
            max_retries: 4,
            jitter,
            proportional: Proportional {
                cap: order,
                ..Proportional::default()
            },
        };
        let kind = [BudgetKind::None, BudgetKind::Envoy, BudgetKind::Bucket][i % 3];
        let c = LoadConfig {
            policy,
            budget: Budget::default_of(kind),
            timeout_ms: 500.0,
            seed: 3 + i as u64,
            ..small()
        };
        cases.push((
            format!(
                "{} {} jitter, {}",
                jitter.as_str(),
                order.as_str(),
                kind.as_str()
            ),
            c,
            TRIGGER_SALT,
        ));
    }
    // The page's defaults: no budget and gRPC.
    for kind in [BudgetKind::None, BudgetKind::Grpc] {
        let c = LoadConfig {
            budget: Budget::default_of(kind),
            ..LoadConfig::default()
        };
        cases.push((format!("page defaults, {}", kind.as_str()), c, TRIGGER_SALT));
    }
    cases
}

fn budget_json(b: &Budget) -> String {
    let kind = b.kind();
    let fields = match *b {
        Budget::None => String::new(),
        Budget::Aws {
            capacity,
            retry_cost,
            success_increment,
            ..
        } => format!(
            r#","capacity":{capacity},"retry_cost":{retry_cost},"success_increment":{success_increment}"#
        ),
        Budget::Grpc {
            max_tokens,
            token_ratio,
        } => format!(r#","max_tokens":{max_tokens:?},"token_ratio":{token_ratio:?}"#),
        Budget::Envoy {
            budget_percent,
            min_retry_concurrency,
        } => format!(
            r#","budget_percent":{budget_percent:?},"min_retry_concurrency":{min_retry_concurrency}"#
        ),
        Budget::EnvoyMaxRetries { max_retries } => format!(r#","max_retries":{max_retries}"#),
        Budget::Finagle {
            ttl_s,
            min_retries_per_sec,
            percent_can_retry,
        } => format!(
            r#","ttl_s":{ttl_s},"min_retries_per_sec":{min_retries_per_sec},"percent_can_retry":{percent_can_retry:?}"#
        ),
        Budget::Bucket { size, per_success } => {
            format!(r#","size":{size:?},"per_success":{per_success:?}"#)
        }
        Budget::Breaker {
            window,
            threshold_percent,
            open_s,
        } => format!(
            r#","window":{window},"threshold_percent":{threshold_percent},"open_s":{open_s:?}"#
        ),
    };
    format!(r#"{{"kind":"{}"{fields}}}"#, kind.as_str())
}

fn config_json(c: &LoadConfig) -> String {
    let p = &c.policy;
    let t = &c.trigger;
    format!(
        concat!(
            r#"{{"clients":{},"rate":{:?},"capacity":{:?},"timeout_ms":{:?},"duration_s":{},"seed":{},"#,
            r#""trigger":{{"kind":"{}","at_s":{:?},"length_s":{:?},"spike_percent":{:?}}},"#,
            r#""policy":{{"base_ms":{},"multiplier":{:?},"cap_ms":{},"max_retries":{},"jitter":"{}","lo":{:?},"hi":{:?},"order":"{}"}},"#,
            r#""budget":{}}}"#
        ),
        c.clients,
        c.rate,
        c.capacity,
        c.timeout_ms,
        c.duration_s,
        c.seed,
        t.kind.as_str(),
        t.at_s,
        t.length_s,
        t.spike_percent,
        p.base_ms,
        p.multiplier,
        p.cap_ms,
        p.max_retries,
        p.jitter.as_str(),
        p.proportional.lo,
        p.proportional.hi,
        p.proportional.cap.as_str(),
        budget_json(&c.budget)
    )
}

/// The sequences as JSON, or `null` for the page's policy.
fn runs_json(r: &Retries) -> String {
    match r {
        Retries::Policy => "null".into(),
        Retries::Runs { runs, .. } => {
            let each: Vec<String> = runs
                .iter()
                .map(|run| {
                    let ms: Vec<String> = run.iter().map(|x| format!("{x:?}")).collect();
                    format!("[{}]", ms.join(","))
                })
                .collect();
            format!("[{}]", each.join(","))
        }
    }
}

fn main() {
    let mut out = Vec::new();
    let cases = grid()
        .into_iter()
        .map(|(n, c, s)| (n, c, s, Retries::Policy))
        .chain(runs_grid());
    for (name, config, salt, retries) in cases {
        let series = Run::with_retries(config, salt, &retries).finish();
        let v = series.verdict(config.trigger.at_s, config.trigger.end_s());
        let seconds: Vec<String> = series
            .seconds
            .iter()
            .map(|s| {
                format!(
                    r#"{{"first":{},"retries":{},"ok":{},"timeouts":{},"served":{},"queue":{},"latency":{:?}}}"#,
                    s.first,
                    s.retries,
                    s.ok,
                    s.timeouts,
                    s.served,
                    s.queue,
                    s.latency()
                )
            })
            .collect();
        let recovered = v
            .recovered_s
            .map_or("null".to_string(), |r| format!("{r:?}"));
        out.push(format!(
            r#"{{"name":"{name}","salt":{salt},"runs":{},"config":{},"rust":{{"recovered_s":{recovered},"peak_amplification":{:?},"amplification":{:?},"seconds":[{}]}}}}"#,
            runs_json(&retries),
            config_json(&config),
            v.peak_amplification,
            v.amplification,
            seconds.join(",")
        ));
    }
    println!("[\n{}\n]", out.join(",\n"));
}
