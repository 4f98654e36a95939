//! Rust: `send_with_backoff(make_request)` over `reqwest` on `tokio`.
//!
//! Beside those two the snippet needs only `rand`, for its random numbers and
//! the idempotency key (std's hasher keys are random only by accident of
//! its implementation). It reads HTTP-dates with a few lines of its own. The
//! text is rustfmt-clean and clippy-clean.
//!
//! This file writes the header, the `use` lines, the constants, the
//! `Backoff` state and the order of the parts; `call` writes
//! `send_with_backoff` itself (the retry loop) and the functions it calls,
//! `error` the `RetryError` type, `retry_after` the `Retry-After` reader.

mod call;
mod error;
mod retry_after;

use super::{budget, comment, decimal, wrap, Plan, PROXY_LINE};
use crate::core::policy::{CapOrder, Jitter};

/// Writes the Rust snippet.
pub(super) fn write(plan: &Plan) -> String {
    let deadline = plan.deadline_ms.is_some();
    let mut out = comment(&plan.header(76, None, PROXY_LINE), "// ");
    let budget = plan.budget.then(budget::rs);
    if plan.budget {
        let scope = "every call in this program (every task and thread)";
        out.push_str(&comment(&wrap(&plan.budget_line(scope), 76), "// "));
    }
    out.push_str(&comment(&wrap(HOOK_LINE, 76), "// "));
    out.push('\n');
    out.push_str(&uses(plan));
    out.push('\n');
    out.push_str(&constants(plan));
    out.push_str(
        "/// The most of a retried response's body read before it is dropped.\n\
         const DRAIN_LIMIT_BYTES: usize = 64 * 1024;\n",
    );
    if let Some(budget) = &budget {
        out.push_str(&budget.state);
    }
    out.push_str(&error::error_type(deadline));
    out.push_str(&call::function(plan));
    if let Some(budget) = &budget {
        out.push_str(&budget.functions);
    }
    out.push_str(&backoff(plan));
    if plan.uses_random() {
        out.push_str(UNIFORM);
    }
    if plan.honor {
        out.push_str(retry_after::RETRY_AFTER);
    }
    out
}

/// A float literal: `20.0`, `1.5`.
fn float(x: f64) -> String {
    let text = decimal(x);
    if text.contains('.') {
        text
    } else {
        text + ".0"
    }
}

/// The `use` lines this variant needs, in rustfmt's order.
fn uses(plan: &Plan) -> String {
    let mut out = String::from("use std::fmt;\n");
    if plan.budget {
        out.push_str("use std::sync::atomic::{AtomicU32, Ordering};\n");
    }
    let mut time = vec!["Duration"];
    if plan.deadline_ms.is_some() {
        time.push("Instant");
    }
    if plan.honor {
        time.extend(["SystemTime", "UNIX_EPOCH"]);
    }
    match time.as_slice() {
        [one] => out.push_str(&format!("use std::time::{one};\n")),
        many => out.push_str(&format!("use std::time::{{{}}};\n", many.join(", "))),
    }
    out
}

/// The named constants: `f64` milliseconds and factors, and a `u32` count.
fn constants(plan: &Plan) -> String {
    let mut out = String::new();
    for (name, value) in plan.constants() {
        if name == "MAX_RETRIES" {
            out.push_str(&format!("const {name}: u32 = {};\n", decimal(value)));
        } else {
            out.push_str(&format!("const {name}: f64 = {};\n", float(value)));
        }
    }
    out
}

/// The `Backoff` state and its `next_delay_ms` for the policy's jitter mode.
fn backoff(plan: &Plan) -> String {
    let field = if plan.jitter() == Jitter::Decorrelated {
        "previous_ms"
    } else {
        "backoff_ms"
    };
    let mut out = format!(
        "/// The computed sleeps, one per retry.\n\
         struct Backoff {{\n    \
         {field}: f64,\n\
         }}\n\n\
         impl Backoff {{\n    \
         fn new() -> Self {{\n        \
         Backoff {{\n            \
         {field}: BASE_DELAY_MS,\n        \
         }}\n    \
         }}\n\n    \
         /// The computed sleep before the next retry, in ms.\n    \
         fn next_delay_ms(&mut self) -> f64 {{\n"
    );
    if plan.jitter() == Jitter::Decorrelated {
        out.push_str(
            "        // max() keeps the range whole when the cap is below a third of the base.\n        \
             let high_ms = (self.previous_ms * 3.0).max(BASE_DELAY_MS);\n        \
             self.previous_ms = uniform(BASE_DELAY_MS, high_ms).min(MAX_DELAY_MS);\n        \
             self.previous_ms\n    \
             }\n\
             }\n",
        );
        return out;
    }
    let sleep = match (plan.jitter(), plan.cap_order()) {
        (Jitter::None, _) => "capped_ms",
        (Jitter::Full, _) => "uniform(0.0, capped_ms)",
        (Jitter::Equal, _) => "uniform(capped_ms / 2.0, capped_ms)",
        (Jitter::Proportional, CapOrder::Before) => "capped_ms * uniform(LOW_FACTOR, HIGH_FACTOR)",
        (Jitter::Proportional, CapOrder::After) => {
            "(self.backoff_ms * uniform(LOW_FACTOR, HIGH_FACTOR)).min(MAX_DELAY_MS)"
        }
        (Jitter::Decorrelated, _) => unreachable!("written above"),
    };
    if sleep == "capped_ms" {
        out.push_str("        let sleep_ms = self.backoff_ms.min(MAX_DELAY_MS);\n");
    } else {
        if sleep.contains("capped_ms") {
            out.push_str("        let capped_ms = self.backoff_ms.min(MAX_DELAY_MS);\n");
        }
        out.push_str(&format!("        let sleep_ms = {sleep};\n"));
    }
    if plan.grows_past_cap() {
        out.push_str(
            "        // Once backoff_ms * LOW_FACTOR reaches the cap every sleep is the cap,\n        \
             // so growth stops there and the value never overflows.\n        \
             if self.backoff_ms < MAX_DELAY_MS / LOW_FACTOR {\n",
        );
    } else {
        out.push_str(
            "        // Growth stops at the cap, so the value never overflows.\n        \
             if self.backoff_ms < MAX_DELAY_MS {\n",
        );
    }
    out.push_str(
        "            self.backoff_ms *= MULTIPLIER;\n        \
         }\n        \
         sleep_ms\n    \
         }\n\
         }\n",
    );
    out
}

/// The header's line on the retry hook, Rust's own.
const HOOK_LINE: &str = "Retry hook: send_with_backoff_observed(make_request, on_retry) calls \
     on_retry(retry, wait, outcome) before each wait, with the retry's number \
     (1 for the first), the wait as a Duration, and the status (Ok(&response)) \
     or the error (Err(&error)) that made it retry.";

/// The random draw; the same for every policy that jitters.
const UNIFORM: &str = r#"
/// A uniform draw from [low, high), from rand's ThreadRng: a generator that
/// the operating system seeds, separately in every process and thread.
fn uniform(low: f64, high: f64) -> f64 {
    low + (high - low) * rand::random::<f64>()
}
"#;
