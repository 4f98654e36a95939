//! Benchmarks of the contention simulation: the page's default sweep
//! (10 to 50 clients, 100 runs, six modes), the same sweep cut into the
//! slices a page would run between frames, and single 1,000-client runs.

use std::hint::black_box;

use backoff_calculator::core::policy::Policy;
use backoff_calculator::core::sim::{sweep, Mode, Run, SimConfig, Sweep};
use criterion::{criterion_group, criterion_main, Criterion};

fn bench_sim(c: &mut Criterion) {
    let mut group = c.benchmark_group("contention");
    group.sample_size(10);
    group.bench_function("default sweep: 50 clients, 100 runs, six modes", |b| {
        b.iter(|| sweep(black_box(SimConfig::default())).unwrap())
    });
    group.bench_function("default sweep in 20,000-event slices", |b| {
        b.iter(|| {
            let mut s = Sweep::new(black_box(SimConfig::default())).unwrap();
            while !s.step(20_000) {}
            s.results()
        })
    });
    for mode in [Mode::Full, Mode::Exponential, Mode::None] {
        let name = format!("one run, 1,000 clients, {}", mode.as_str());
        group.bench_function(name, |b| {
            b.iter(|| Run::new(mode, 1_000, &Policy::default(), black_box(1), 0).finish())
        });
    }
    group.finish();
}

criterion_group!(benches, bench_sim);
criterion_main!(benches);
