//! Decorrelated jitter: its step from one sleep to the next, which the
//! sample takes too, and its expected column. Each sleep depends on the
//! one before, so the mean has no simple closed form and is simulated,
//! with a fixed seed so it does not move when the sample is re-rolled.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// How many runs the decorrelated expected column averages.
pub const SIMULATION_RUNS: usize = 2_000;

/// Seed of the decorrelated simulation, fixed so its mean is stable.
pub const SIMULATION_SEED: u64 = 0x5EED_0FBA_C0FF;

/// The decorrelated sleep after `prev`: `min(cap, uniform(base, prev × 3))`.
///
/// When the cap is below the base every sleep is the cap.
///
/// Written with plain comparisons rather than `max`, `clamp` and `min`,
/// and always inlined: in wasm those become calls (`fmax`, `fmin`) that
/// handle NaN, and the simulation takes this step 2,000 × retries times.
/// Every value here is finite and not negative, so the results are the
/// same to the bit (`tests/schedule.rs` checks the means against them).
#[inline(always)]
pub(super) fn decorrelated_step(base: f64, cap: f64, prev: f64, u: f64) -> f64 {
    let tripled = prev * 3.0;
    let hi = if tripled > base { tripled } else { base };
    let x = base + (hi - base) * u;
    let x = if x < base {
        base
    } else if x > hi {
        hi
    } else {
        x
    };
    if x < cap {
        x
    } else {
        cap
    }
}

/// Mean of each decorrelated sleep over [`SIMULATION_RUNS`] runs, for
/// `retries` retries with the given base and cap.
///
/// It depends on nothing else (not the multiplier, not the seed), so the
/// page computes it once per base, cap and retry count and hands it to
/// [`schedule_with_means`](super::schedule_with_means).
pub fn decorrelated_means(base_ms: u64, cap_ms: u64, retries: u32) -> Vec<f64> {
    MeansRun::new(base_ms, cap_ms, retries).finish()
}

/// What each decorrelated sleep averages before any run is made: the
/// middle of its range, from the base (or the cap, when it is lower) to
/// `min(cap, base × 3^k)`. A page shows it, marked, while a [`MeansRun`]
/// is made in slices.
pub fn decorrelated_preview(base_ms: u64, cap_ms: u64, retries: u32) -> Vec<f64> {
    let (base, cap) = (base_ms as f64, cap_ms as f64);
    let lo = if base < cap { base } else { cap };
    let mut hi = base;
    (0..retries)
        .map(|_| {
            hi = if hi * 3.0 < cap { hi * 3.0 } else { cap };
            (lo + hi.max(lo)) / 2.0
        })
        .collect()
}

/// The simulation behind [`decorrelated_means`], made a few runs at a time
/// ([`MeansRun::step`]) so a page can stay responsive while it runs; its
/// means are those of [`decorrelated_means`] to the bit.
#[derive(Clone, Debug)]
pub struct MeansRun {
    base: f64,
    cap: f64,
    retries: u64,
    rng: Pcg32,
    sums: Vec<f64>,
    /// Runs made so far (four at a time).
    done: usize,
}

impl MeansRun {
    /// The runs for `retries` retries with this base and cap, none made.
    pub fn new(base_ms: u64, cap_ms: u64, retries: u32) -> MeansRun {
        MeansRun {
            base: base_ms as f64,
            cap: cap_ms as f64,
            retries: u64::from(retries),
            // Pcg32, not the sample's Pcg64: its 64-bit state steps with one
            // native multiply in wasm, where Pcg64's 128-bit arithmetic is
            // emulated; the simulation is the costliest part of an update. 32
            // bits per draw are plenty for a mean.
            rng: Pcg32::seed_from_u64(SIMULATION_SEED),
            sums: vec![0.0; retries as usize],
            done: 0,
        }
    }

    /// Makes up to `runs` more runs (rounded up to four); whether every
    /// run is made.
    pub fn step(&mut self, runs: usize) -> bool {
        let (base, cap, n) = (self.base, self.cap, self.retries);
        let draw = |lane: &mut Pcg32| lane.next_u32() as f64 * (1.0 / 4_294_967_296.0);
        // Each sleep waits on the one before, so the runs go four abreast
        // and the processor works on four such chains at once (a third
        // faster in V8). Each lane's generator is moved ahead to its own
        // run's first draw, and each sum adds the runs in run order: the
        // means are bit for bit those of the runs taken one after another.
        const _: () = assert!(SIMULATION_RUNS.is_multiple_of(4));
        let end = self.done.saturating_add(runs).min(SIMULATION_RUNS);
        while self.done < end {
            let rng = &self.rng;
            let lane = |k: u64| {
                let mut lane = rng.clone();
                lane.advance(k * n);
                lane
            };
            let (mut r0, mut r1, mut r2, mut r3) = (lane(0), lane(1), lane(2), lane(3));
            let (mut p0, mut p1, mut p2, mut p3) = (base, base, base, base);
            for sum in self.sums.iter_mut() {
                p0 = decorrelated_step(base, cap, p0, draw(&mut r0));
                p1 = decorrelated_step(base, cap, p1, draw(&mut r1));
                p2 = decorrelated_step(base, cap, p2, draw(&mut r2));
                p3 = decorrelated_step(base, cap, p3, draw(&mut r3));
                *sum += p0;
                *sum += p1;
                *sum += p2;
                *sum += p3;
            }
            self.rng.advance(4 * n);
            self.done += 4;
        }
        self.done == SIMULATION_RUNS
    }

    /// The means, once every run is made (the rest are made now).
    pub fn finish(mut self) -> Vec<f64> {
        self.step(SIMULATION_RUNS);
        self.sums
            .into_iter()
            .map(|s| s / SIMULATION_RUNS as f64)
            .collect()
    }
}
