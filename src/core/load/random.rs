//! The load model's random numbers: one SplitMix64 stream per run, simple
//! enough that the Python reference (`scripts/load_reference.py`) draws
//! exactly the same numbers.

/// A SplitMix64 generator (Steele, Lea and Flood, 2014).
#[derive(Clone, Debug)]
pub struct Stream {
    state: u64,
}

/// SplitMix64's increment.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

impl Stream {
    /// The stream of a run with `seed`; `salt` tells apart the runs one
    /// seed makes (the budgets, the total-failure runs).
    pub fn new(seed: u64, salt: u64) -> Stream {
        Stream {
            state: seed ^ salt.wrapping_mul(GOLDEN),
        }
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform in `[0, 1)` from the top 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// `lo + (hi − lo) × u`, kept inside `[lo, hi]`.
    pub fn between(&mut self, lo: f64, hi: f64) -> f64 {
        crate::core::clamp(lo + (hi - lo) * self.unit(), lo, hi)
    }
}
