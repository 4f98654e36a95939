//! Times the load model natively and prints its figures.
//!
//! ```text
//! cargo run --release --example load_timing -- [CLIENTS SEED]
//! ```
//!
//! Runs the page's defaults (a 5 s outage at 80 % of capacity) with
//! `CLIENTS` clients (default 100) for every budget, prints each budget's
//! time to recover, peak amplification and amplification at 100 %
//! failure, and how long one 60 s run and the whole study took.

use std::time::Instant;

use backoff_calculator::core::load::{
    amplification_text, recovery_text, BudgetKind, LoadConfig, Run, Study, TRIGGER_SALT,
};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers only"))
        .collect();
    let config = LoadConfig {
        clients: args.first().copied().unwrap_or(100) as u32,
        seed: args.get(1).copied().unwrap_or(0),
        ..LoadConfig::default()
    };
    let start = Instant::now();
    let mut run = Run::new(config, TRIGGER_SALT);
    while !run.step(u64::MAX) {}
    let one = start.elapsed();
    let events = run.events();
    let start = Instant::now();
    let result = Study::new(config).expect("valid").run_all();
    let all = start.elapsed();
    println!("budget,recovered,peak_amplification,amplification,failure_amplification");
    for (kind, r) in BudgetKind::ALL.iter().zip(&result.budgets) {
        println!(
            "{},{},{},{},{}",
            kind.as_str(),
            recovery_text(&r.verdict),
            amplification_text(r.verdict.peak_amplification),
            amplification_text(r.verdict.amplification),
            amplification_text(r.failure_amplification)
        );
    }
    println!(
        "one run ({} clients, {} s, no budget): {:.1} ms, {events} events; all {} runs: {:.1} ms",
        config.clients,
        config.duration_s,
        one.as_secs_f64() * 1e3,
        2 * BudgetKind::ALL.len(),
        all.as_secs_f64() * 1e3
    );
}
