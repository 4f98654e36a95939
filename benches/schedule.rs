//! Benchmarks of the core: the costliest schedule the page computes, a
//! 100-retry decorrelated schedule with its 2,000-run simulated mean, next
//! to the closed-form modes for comparison.

use std::hint::black_box;

use backoff_calculator::core::policy::{Jitter, Policy};
use backoff_calculator::core::schedule::schedule;
use criterion::{criterion_group, criterion_main, Criterion};

fn bench_schedules(c: &mut Criterion) {
    let policy = |jitter| Policy {
        max_retries: 100,
        jitter,
        ..Policy::default()
    };
    c.bench_function("decorrelated, 100 retries, 2,000-run mean", |b| {
        let p = policy(Jitter::Decorrelated);
        b.iter(|| schedule(black_box(&p), black_box(42)))
    });
    c.bench_function("full jitter, 100 retries", |b| {
        let p = policy(Jitter::Full);
        b.iter(|| schedule(black_box(&p), black_box(42)))
    });
    c.bench_function("full jitter, 1,000 retries", |b| {
        let p = Policy {
            max_retries: 1_000,
            ..policy(Jitter::Full)
        };
        b.iter(|| schedule(black_box(&p), black_box(42)))
    });
}

criterion_group!(benches, bench_schedules);
criterion_main!(benches);
