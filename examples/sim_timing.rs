//! Times the contention simulation natively and prints its figures.
//!
//! ```text
//! cargo run --release --example sim_timing -- [CLIENTS RUNS SEED]
//! ```
//!
//! Prints the sweep's means per mode and client count and how long the
//! sweep took, then the cost of one run of each mode with `CLIENTS`
//! clients. Defaults: 50 clients, 100 runs, seed 0 (the page's defaults).

use std::time::Instant;

use backoff_calculator::core::sim::{Mode, Run, SimConfig, Sweep};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers only"))
        .collect();
    let arg = |i: usize, default: u64| args.get(i).copied().unwrap_or(default);
    let config = SimConfig {
        clients: arg(0, 50) as u32,
        runs: arg(1, 100) as u32,
        seed: arg(2, 0),
        ..SimConfig::default()
    };
    let start = Instant::now();
    let mut sweep = Sweep::new(config.clone()).expect("valid configuration");
    while !sweep.step(u64::MAX) {}
    let elapsed = start.elapsed();
    println!("mode,clients,runs,mean_calls,sd_calls,mean_time_ms,sd_time_ms,mean_gave_up");
    for r in sweep.results() {
        println!(
            "{},{},{},{:.3},{:.3},{:.3},{:.3},{}",
            r.mode.as_str(),
            r.clients,
            r.runs,
            r.mean_calls,
            r.sd_calls,
            r.mean_time_ms,
            r.sd_time_ms,
            r.mean_gave_up.map_or(String::new(), |g| format!("{g:.3}")),
        );
    }
    println!(
        "sweep: {:.1} ms, {} events",
        elapsed.as_secs_f64() * 1e3,
        sweep.events()
    );
    for mode in Mode::ALL {
        let start = Instant::now();
        let mut run = Run::new(mode, config.clients, &config.policy, config.seed, 0);
        let events = run.by_ref().count();
        let outcome = run.outcome();
        println!(
            "one run, {} clients, {}: {:.2} ms, {} events, {} calls, {:.0} ms simulated",
            config.clients,
            mode.as_str(),
            start.elapsed().as_secs_f64() * 1e3,
            events,
            outcome.calls,
            outcome.time_ms,
        );
    }
}
