//! Benchmarks of the load model: one run of 60 simulated seconds with
//! 1,000 clients (the page's other defaults: 800 calls/s into 1,000/s, a
//! 5 s outage, the default policy), with no budget and with gRPC's, and
//! the whole study the page runs (every budget, through the outage and at
//! 100 % failure).

use std::hint::black_box;

use backoff_calculator::core::load::{Budget, BudgetKind, LoadConfig, Run, Study, TRIGGER_SALT};
use criterion::{criterion_group, criterion_main, Criterion};

fn bench_load(c: &mut Criterion) {
    let mut group = c.benchmark_group("load");
    group.sample_size(10);
    let thousand = LoadConfig {
        clients: 1_000,
        ..LoadConfig::default()
    };
    for kind in [BudgetKind::None, BudgetKind::Grpc] {
        let config = LoadConfig {
            budget: Budget::default_of(kind),
            ..thousand
        };
        let name = format!("one run, 60 s, 1,000 clients, {}", kind.as_str());
        group.bench_function(name, |b| {
            b.iter(|| Run::new(black_box(config), TRIGGER_SALT).finish())
        });
    }
    group.bench_function("the page's study at its defaults (16 runs)", |b| {
        b.iter(|| {
            Study::new(black_box(LoadConfig::default()))
                .unwrap()
                .run_all()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_load);
criterion_main!(benches);
