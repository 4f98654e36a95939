//! One run's random numbers: the seed of its own stream, uniforms from
//! it, and the network's normal hops.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::Mode;

/// Mean of one network hop, ms.
pub const NET_MEAN_MS: f64 = 10.0;

/// Standard deviation of one network hop before taking the absolute value, ms.
pub const NET_SD_MS: f64 = 2.0;

/// The seed of one run's random stream: SplitMix64 applied in turn to the
/// sweep's seed, the mode, the client count and the run index.
pub fn stream_seed(seed: u64, mode: Mode, clients: u32, run: u32) -> u64 {
    let mut h = splitmix64(seed);
    h = splitmix64(h ^ mode.tag());
    h = splitmix64(h ^ clients as u64);
    splitmix64(h ^ run as u64)
}

/// One SplitMix64 output for the state `z` (Steele, Lea and Flood, 2014).
fn splitmix64(z: u64) -> u64 {
    let mut z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One run's random numbers: uniforms and the network's normal hops.
#[derive(Clone, Debug)]
pub(super) struct Draws {
    /// The run's own generator.
    rng: Pcg64,
    /// The second normal of the last polar-method pair, not yet used.
    spare: Option<f64>,
}

impl Draws {
    /// A generator for the stream `seed`.
    pub(super) fn new(seed: u64) -> Draws {
        Draws {
            rng: Pcg64::seed_from_u64(seed),
            spare: None,
        }
    }

    /// A uniform draw in `[0, 1)` from the top 53 bits of one `u64`, as
    /// the schedule draws.
    fn unit(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A standard normal by Marsaglia's polar method, one pair per two calls.
    fn normal(&mut self) -> f64 {
        if let Some(z) = self.spare.take() {
            return z;
        }
        loop {
            let x = 2.0 * self.unit() - 1.0;
            let y = 2.0 * self.unit() - 1.0;
            let s = x * x + y * y;
            if s > 0.0 && s < 1.0 {
                let f = (-2.0 * s.ln() / s).sqrt();
                self.spare = Some(y * f);
                return x * f;
            }
        }
    }

    /// One network hop: `|Normal(10, 2)|` ms.
    pub(super) fn hop(&mut self) -> f64 {
        (NET_MEAN_MS + NET_SD_MS * self.normal()).abs()
    }

    /// `lo + (hi − lo) × u`, kept inside `[lo, hi]` against rounding.
    pub(super) fn between(&mut self, lo: f64, hi: f64) -> f64 {
        crate::core::clamp(lo + (hi - lo) * self.unit(), lo, hi)
    }
}
