//! A chosen library in the contention simulation: its clients wait what
//! the library waits, give up where it stops, and leave every other
//! mode's figures as they were.

use std::sync::Arc;

use backoff_calculator::core::library::{Configured, Engine, LibId};
use backoff_calculator::core::sim::{
    summary_sentence, sweep, ClientSleeps, EventKind, Mode, Run, SimConfig, Sweep,
};

fn config(clients: u32, runs: u32, seed: u64, library: Option<ClientSleeps>) -> SimConfig {
    SimConfig {
        clients,
        runs,
        seed,
        library: library.map(Arc::new),
        ..SimConfig::default()
    }
}

/// A pool of one library's seeded runs, drawn through the [`Engine`] as
/// the page draws it.
fn pool(chosen: &Configured, clients: u32, runs: u32, seed: u64) -> ClientSleeps {
    let engine = Engine::new();
    ClientSleeps::draw(chosen.lib.name(), clients, runs, seed, |s| {
        (engine.sample)(chosen, s).ok()
    })
}

fn p_retry(randomize: bool) -> Configured {
    let mut c = Configured::defaults(LibId::parse("p-retry").unwrap());
    c.values.set("retries", 6.0).unwrap();
    c.values.set("minTimeout", 20.0).unwrap();
    c.values
        .set("randomize", f64::from(u8::from(randomize)))
        .unwrap();
    c
}

#[test]
fn the_other_modes_keep_their_figures_with_a_library() {
    let without = sweep(config(20, 5, 11, None)).unwrap();
    let with = sweep(config(20, 5, 11, Some(pool(&p_retry(true), 20, 5, 11)))).unwrap();
    let others: Vec<_> = with
        .iter()
        .filter(|r| r.mode != Mode::Library)
        .cloned()
        .collect();
    assert_eq!(others, without);
    let library: Vec<_> = with.iter().filter(|r| r.mode == Mode::Library).collect();
    assert_eq!(library.len(), 5, "one per client count");
    assert!(library.iter().all(|r| r.mean_gave_up.is_some()));
    assert!(
        summary_sentence(&with).contains(" Your library made "),
        "{}",
        summary_sentence(&with)
    );
}

#[test]
fn each_client_waits_its_own_sequence_and_gives_up_where_it_stops() {
    // Client c of run r takes sequence r × 3 + c: c + 1 sleeps of 1 s.
    let sequences: Vec<Vec<f64>> = (0..6).map(|i| vec![1_000.0; i % 3 + 1]).collect();
    let cfg = config(3, 2, 5, Some(ClientSleeps::new("x", sequences)));
    for run in 0..2 {
        let mut retries = [0u32; 3];
        for e in Run::of_config(Mode::Library, 3, &cfg, run) {
            match e.kind {
                EventKind::Retry { retry, backoff_ms } => {
                    assert_eq!(backoff_ms, 1_000.0);
                    retries[e.client as usize] = retry;
                }
                EventKind::GaveUp => {
                    assert_eq!(retries[e.client as usize], e.client + 1, "run {run}");
                }
                _ => {}
            }
        }
        assert!(retries.iter().zip(1..).all(|(&r, most)| r <= most));
    }
}

#[test]
fn a_library_without_sleeps_gives_up_at_once_and_never_panics() {
    let cfg = config(4, 1, 0, Some(ClientSleeps::new("x", Vec::new())));
    let mut run = Run::of_config(Mode::Library, 4, &cfg, 0);
    let out = run.finish();
    assert_eq!(out.succeeded + out.gave_up, 4);
    // Without a pool at all, the same.
    let mut run = Run::new(Mode::Library, 4, &cfg.policy, 0, 0);
    assert_eq!(run.finish().succeeded + run.outcome().gave_up, 4);
}

/// The question the row answers: does the library's jitter spread the
/// herd? p-retry without `randomize` sends its clients back in step; with
/// it, the same clients do less work to get every write in.
#[test]
fn a_jittered_library_spreads_the_herd() {
    let calls = |randomize| {
        let cfg = config(50, 20, 3, Some(pool(&p_retry(randomize), 50, 20, 3)));
        let mut sweep = Sweep::new(cfg).unwrap();
        while !sweep.step(u64::MAX) {}
        let r = sweep
            .results()
            .into_iter()
            .find(|r| r.mode == Mode::Library && r.clients == 50)
            .unwrap();
        r.mean_calls / (50.0 - r.mean_gave_up.unwrap())
    };
    let (in_step, jittered) = (calls(false), calls(true));
    assert!(jittered < in_step, "{jittered} < {in_step}");
}
