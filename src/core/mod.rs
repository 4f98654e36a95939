//! The calculator's pure core: no Leptos, no web APIs, no clock.
//!
//! Everything the page computes lives here and is tested natively: the
//! policy and its checks, the schedule, what fits a deadline, number
//! formatting, the share link, the `Retry-After` reader and the code writers.

pub mod chart;
pub mod compare;
pub mod decimal;
pub mod decimal_text;
pub mod due;
pub mod export;
pub mod fit;
pub mod format;
pub mod highlight;
pub mod html;
pub mod inputs;
pub mod library;
pub mod load;
pub mod policy;
pub mod presets;
pub mod retry_after;
pub mod schedule;
pub mod server_wait;
pub mod share;
pub mod sim;
pub mod snippets;
pub mod units;

/// `x` held within `lo..=hi` (NaN stays NaN), as `f64::clamp` does but
/// without its check that `lo ≤ hi`: that check's panic message writes
/// both bounds with `{:?}`, and so brings the standard float writer
/// (about 6 KB of gzip) into the first screen's wasm. Every bound here is
/// a constant or already ordered.
pub fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}
