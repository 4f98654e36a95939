//! JavaScript and TypeScript: `fetchWithBackoff(url, init)` over the global
//! `fetch`, as an ES module.
//!
//! One writer serves both: the TypeScript text is the JavaScript text with
//! type annotations, so the two tabs never drift apart. The annotations make
//! it pass `tsc --strict --noUncheckedIndexedAccess
//! --noPropertyAccessFromIndexSignature --target es2022 --module nodenext`.
//!
//! This file writes the header, the constants and the order of the parts;
//! `call` writes `fetchWithBackoff` itself (the retry loop), `helpers` the
//! small functions it calls, `retry_after` the strict `Retry-After` reader.

mod call;
mod helpers;
mod retry_after;

use super::{budget, comment, decimal, wrap, Plan, PROXY_LINE, RETRIED_METHODS};
use crate::core::policy::{CapOrder, Jitter};

/// Writes the JavaScript snippet, or the TypeScript one when `typed`.
pub(super) fn write(plan: &Plan, typed: bool) -> String {
    // `ty(": number")` is the annotation in TypeScript and nothing in JavaScript.
    let ty = |annotation: &'static str| if typed { annotation } else { "" };
    let mut out = comment(&plan.header(76, None, PROXY_LINE), "// ");
    let budget = plan.budget.then(|| budget::js(typed));
    if plan.budget {
        let scope = "every call in this process (or worker)";
        out.push_str(&comment(&wrap(&plan.budget_line(scope), 76), "// "));
    }
    out.push('\n');
    out.push_str(&constants(plan));
    out.push_str(&format!(
        "// The most of a retried response's body read before letting it go.\n\
         const DRAIN_LIMIT_BYTES = {DRAIN_LIMIT_BYTES};\n"
    ));
    if !plan.key {
        let methods: Vec<String> = RETRIED_METHODS.iter().map(|m| format!("\"{m}\"")).collect();
        out.push_str(&format!(
            "// The idempotent methods (RFC 9110, section 9.2.2): the only ones retried.\n\
             const RETRIED_METHODS = [{}];\n",
            methods.join(", ")
        ));
    }
    if let Some(budget) = &budget {
        out.push_str(&budget.state);
    }
    out.push('\n');
    if typed {
        out.push_str(
            "/** What onRetry is told before each wait. */\n\
             export interface RetryEvent {\n  \
             /** 1 before the first retry. */\n  \
             retry: number;\n  \
             /** How long the wait about to start is. */\n  \
             waitMs: number;\n  \
             /** The status that is retried, if a response came. */\n  \
             status?: number;\n  \
             /** Otherwise the error that is retried (a TimeoutError: no answer in time). */\n  \
             error?: unknown;\n\
             }\n\n",
        );
    }
    out.push_str(&call::function(plan, typed));
    out.push_str(&helpers::functions(plan, typed));
    if let Some(budget) = &budget {
        out.push_str(&budget.functions);
    }

    out.push_str(&delays(plan, typed));
    if plan.uses_random() {
        out.push_str(&format!(
            "\n/** A uniform draw from [low, high). */\n\
             function uniform(low{n}, high{n}){n} {{\n  \
             return low + (high - low) * Math.random();\n\
             }}\n",
            n = ty(": number"),
        ));
    }
    if plan.honor {
        out.push('\n');
        out.push_str(&retry_after::reader(typed));
    }
    out
}

/// How much of a retried response's body is read before it is let go.
const DRAIN_LIMIT_BYTES: u32 = 65_536;

/// The named constants.
fn constants(plan: &Plan) -> String {
    let mut out = String::new();
    for (name, value) in plan.constants() {
        out.push_str(&format!("const {name} = {};\n", decimal(value)));
    }
    out
}

/// The generator of computed sleeps for the policy's jitter mode.
fn delays(plan: &Plan, typed: bool) -> String {
    let signature = if typed {
        "function* backoffDelays(): Generator<number, never, void> {\n"
    } else {
        "function* backoffDelays() {\n"
    };
    let mut out = String::from("/** Yields the computed sleep before each retry, in ms. */\n");
    out.push_str(signature);
    if plan.jitter() == Jitter::Decorrelated {
        out.push_str(
            "  let previousMs = BASE_DELAY_MS;\n  \
             for (;;) {\n    \
             // Math.max keeps the range whole when the cap is below a third of the base.\n    \
             const highMs = Math.max(BASE_DELAY_MS, previousMs * 3);\n    \
             previousMs = Math.min(MAX_DELAY_MS, uniform(BASE_DELAY_MS, highMs));\n    \
             yield previousMs;\n  \
             }\n\
             }\n",
        );
        return out;
    }
    let sleep = match (plan.jitter(), plan.cap_order()) {
        (Jitter::None, _) => "cappedMs",
        (Jitter::Full, _) => "uniform(0, cappedMs)",
        (Jitter::Equal, _) => "uniform(cappedMs / 2, cappedMs)",
        (Jitter::Proportional, CapOrder::Before) => "cappedMs * uniform(LOW_FACTOR, HIGH_FACTOR)",
        (Jitter::Proportional, CapOrder::After) => {
            "Math.min(MAX_DELAY_MS, backoffMs * uniform(LOW_FACTOR, HIGH_FACTOR))"
        }
        (Jitter::Decorrelated, _) => unreachable!("written above"),
    };
    out.push_str("  let backoffMs = BASE_DELAY_MS;\n  for (;;) {\n");
    if sleep.contains("cappedMs") {
        out.push_str("    const cappedMs = Math.min(MAX_DELAY_MS, backoffMs);\n");
    }
    out.push_str(&format!("    yield {sleep};\n"));
    if plan.grows_past_cap() {
        out.push_str(
            "    // Once backoffMs * LOW_FACTOR reaches the cap every sleep is the cap,\n    \
             // so growth stops there and the value never overflows.\n    \
             if (backoffMs < MAX_DELAY_MS / LOW_FACTOR) backoffMs *= MULTIPLIER;\n",
        );
    } else {
        out.push_str(
            "    // Growth stops at the cap, so the value never overflows.\n    \
             if (backoffMs < MAX_DELAY_MS) backoffMs *= MULTIPLIER;\n",
        );
    }
    out.push_str("  }\n}\n");
    out
}
