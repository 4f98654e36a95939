//! One retry's range ([`Bounds`]), the means of clamped uniform draws,
//! and the seeded source of the runs ([`Rand`]).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// A seeded source of uniforms.
#[derive(Clone, Debug)]
pub struct Rand(Pcg64);

impl Rand {
    /// The stream for `seed`.
    pub fn new(seed: u64) -> Rand {
        Rand(Pcg64::seed_from_u64(seed))
    }

    /// A uniform draw in `[0, 1)` (53 bits).
    pub fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A uniform draw in `[lo, hi)` (`lo` when they are equal).
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

/// The range of one retry's sleep, ms, and its mean when there is a
/// closed form.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// The shortest sleep.
    pub min_ms: f64,
    /// The longest sleep.
    pub max_ms: f64,
    /// The mean, when a closed form gives it.
    pub expected_ms: Option<f64>,
}

impl Bounds {
    /// A sleep with no randomness.
    pub fn fixed(ms: f64) -> Bounds {
        Bounds {
            min_ms: ms,
            max_ms: ms,
            expected_ms: Some(ms),
        }
    }

    /// A sleep uniform in `[lo, hi]`.
    pub fn uniform(lo: f64, hi: f64) -> Bounds {
        Bounds {
            min_ms: lo,
            max_ms: hi,
            expected_ms: Some((lo + hi) / 2.0),
        }
    }

    /// A sleep in `[lo, hi]` whose mean has no closed form.
    pub fn open(lo: f64, hi: f64) -> Bounds {
        Bounds {
            min_ms: lo,
            max_ms: hi,
            expected_ms: None,
        }
    }
}

/// The mean of `clamp(X, lo, hi)` for `X` uniform in `[a, b]` (`lo ≤ hi`).
pub fn clamp_uniform_mean(a: f64, b: f64, lo: f64, hi: f64) -> f64 {
    if b <= a {
        return crate::core::clamp(a, lo, hi);
    }
    let l = crate::core::clamp(lo, a, b);
    let h = crate::core::clamp(hi, a, b);
    let mid = (h * h - l * l) / 2.0;
    // Each clamped end counts only where it is reached (an infinite `hi`
    // is never reached).
    let below = if l > a { lo * (l - a) } else { 0.0 };
    let above = if b > h { hi * (b - h) } else { 0.0 };
    (below + mid + above) / (b - a)
}

/// The mean of `⌊clamp(Y, lo, hi)⌋` for `Y` uniform in `[a, b)`, with `lo`
/// and `hi` whole numbers (or infinite): the expected sleep of a library
/// that truncates a uniform draw to whole ms and clamps it to whole-ms
/// bounds (resilience4j, Spring Retry, p-retry's `Math.round` as
/// `⌊Y + 0.5⌋`). Exact: `∫⌊y⌋ = ∫y − ∫frac(y)`, written so that delays
/// of 2³¹ ms keep their sub-ms digits.
pub fn floor_uniform_mean(a: f64, b: f64, lo: f64, hi: f64) -> f64 {
    if b <= a {
        return crate::core::clamp(a, lo, hi).floor();
    }
    // ∫₀ᵗ frac(y) dy = ⌊t⌋/2 + frac(t)²/2, as differences.
    let frac_integral = |l: f64, h: f64| {
        let (fl, fh) = (l - l.floor(), h - h.floor());
        (h.floor() - l.floor()) / 2.0 + (fh * fh - fl * fl) / 2.0
    };
    let (l, h) = (a.max(lo), b.min(hi));
    let middle = if h > l {
        (h - l) * (h + l) / 2.0 - frac_integral(l, h)
    } else {
        0.0
    };
    let below = if lo > a { lo * (lo.min(b) - a) } else { 0.0 };
    let above = if hi < b { hi * (b - hi.max(a)) } else { 0.0 };
    (below + middle + above) / (b - a)
}
