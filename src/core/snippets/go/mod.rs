//! Go: `DoWithBackoff(client, newRequest)` over `net/http`, in a package of
//! its own. The text is gofmt-clean and builds on Go 1.19: no `min`/`max`
//! builtins, and a seeded `math/rand` source (before Go 1.20 the shared one
//! starts from the same seed in every process).
//!
//! Each attempt runs under `context.WithTimeout` of the request's own
//! context (the attempt timeout, or the time left before the deadline), so
//! the caller's cancellation is told from an attempt's timeout by asking the
//! caller's context. A handed-back response keeps its attempt's context
//! until its body is closed (`cancelOnClose`); a retried one's is cancelled
//! before the wait. `OnRetry` is a package-level hook, the Go way to watch a
//! package's retries without changing `DoWithBackoff`'s signature.
//!
//! This file writes the package around the function: header, imports,
//! constants, the backoff closure and the order of the parts; `call` writes
//! `DoWithBackoff` itself (the retry loop), `error` the `RetryError` type,
//! `retry_after` the strict `Retry-After` reader.

mod call;
mod error;
mod retry_after;

use super::{budget, comment, decimal, wrap, Plan, PROXY_LINE};
use crate::core::policy::{CapOrder, Jitter};

/// Writes the Go snippet.
pub(super) fn write(plan: &Plan) -> String {
    let deadline = plan.deadline_ms.is_some();
    let mut out = comment(&plan.header(76, None, PROXY_LINE), "// ");
    let budget = plan.budget.then(budget::go);
    if plan.budget {
        let scope = "every call in this program (every goroutine)";
        out.push_str(&comment(&wrap(&plan.budget_line(scope), 76), "// "));
    }
    out.push_str(&comment(
        &wrap(
            "Retry hook: set OnRetry to see each retry before its wait (its number, \
             the wait, and the response or error), to log or count retries.",
            76,
        ),
        "// ",
    ));
    out.push_str("\n// Package retry sends HTTP requests with capped exponential backoff.\n");
    out.push_str("package retry\n\n");
    out.push_str(&imports(plan));
    out.push('\n');
    out.push_str(&constants(plan));
    if let Some(budget) = &budget {
        out.push_str(&budget.state);
    }
    out.push_str(
        "\n// drainLimitBytes is the most of a retried response's body read before it is\n\
         // closed: a drained body lets the next attempt reuse the connection.\n\
         const drainLimitBytes = 64 << 10\n\n",
    );
    out.push_str(&error::error_type(deadline));
    out.push_str(
        "// OnRetry, when set, is called before each wait with the retry's number (1\n\
         // for the first retry), the wait, and what is retried: the response, whose\n\
         // body is already closed (read its status and headers only), or the error.\n\
         // Use it to log or count retries. Set it before the first call: every call\n\
         // reads it.\n\
         var OnRetry func(retry int, wait time.Duration, resp *http.Response, err error)\n\n",
    );
    out.push_str(&call::function(plan));
    if !plan.key {
        out.push_str(&call::is_idempotent());
    }
    if let Some(budget) = &budget {
        out.push_str(&budget.functions);
    }
    out.push_str(
        "// cancelOnClose is a response body whose Close also ends its attempt's\n\
         // context, which stops the attempt's timer.\n\
         type cancelOnClose struct {\n\
         \tio.ReadCloser\n\
         \tcancel context.CancelFunc\n\
         }\n\n\
         func (b cancelOnClose) Close() error {\n\
         \terr := b.ReadCloser.Close()\n\
         \tb.cancel()\n\
         \treturn err\n\
         }\n\n",
    );
    out.push_str(&delays(plan));
    if plan.uses_random() {
        out.push_str(
            "\n// uniform draws from [low, high).\n\
             func uniform(rng *rand.Rand, low, high float64) float64 {\n\
             \treturn low + (high-low)*rng.Float64()\n\
             }\n",
        );
    }
    out.push_str(
        "\n// milliseconds turns a count of milliseconds into a Duration.\n\
         func milliseconds(ms float64) time.Duration {\n",
    );
    if plan.sleep_may_overflow() {
        out.push_str(
            "\t// A Duration holds about 292 years; a longer wait is held to that.\n\
             \tif ms >= float64(math.MaxInt64/time.Millisecond) {\n\
             \t\treturn math.MaxInt64\n\
             \t}\n",
        );
    }
    out.push_str(
        "\treturn time.Duration(ms * float64(time.Millisecond))\n\
         }\n",
    );
    if plan.honor {
        out.push('\n');
        out.push_str(retry_after::RETRY_AFTER);
    }
    out
}

/// The import block: only the packages this variant uses (Go refuses
/// unused imports), in gofmt's order.
fn imports(plan: &Plan) -> String {
    let mut packages = vec!["\"context\""];
    if plan.key {
        packages.extend(["crand \"crypto/rand\"", "\"encoding/hex\""]);
    }
    packages.extend(["\"errors\"", "\"fmt\"", "\"io\"", "\"math\""]);
    if plan.uses_random() {
        packages.push("\"math/rand\"");
    }
    packages.extend(["\"net\"", "\"net/http\"", "\"net/url\""]);
    if plan.honor {
        packages.extend(["\"regexp\"", "\"strconv\"", "\"strings\""]);
    }
    if plan.budget {
        packages.push("\"sync\"");
    }
    packages.push("\"time\"");
    let mut out = String::from("import (\n");
    for package in packages {
        out.push_str(&format!("\t{package}\n"));
    }
    out.push_str(")\n");
    out
}

/// The constant block in Go's camel case (`baseDelayMs`), aligned the way
/// gofmt aligns it. The constants are untyped, so they mix with `float64`
/// and `int` alike.
fn constants(plan: &Plan) -> String {
    let pairs: Vec<(String, String)> = plan
        .constants()
        .into_iter()
        .map(|(name, value)| (camel_case(name), decimal(value)))
        .collect();
    let width = pairs.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    let mut out = String::from("const (\n");
    for (name, value) in pairs {
        out.push_str(&format!("\t{name:<width$} = {value}\n"));
    }
    out.push_str(")\n");
    out
}

/// `BASE_DELAY_MS` as `baseDelayMs`: unexported, in Go's style.
fn camel_case(name: &str) -> String {
    let mut out = String::new();
    for (i, word) in name.split('_').enumerate() {
        let word = word.to_ascii_lowercase();
        if i == 0 {
            out.push_str(&word);
        } else {
            let mut chars = word.chars();
            if let Some(first) = chars.next() {
                out.push(first.to_ascii_uppercase());
                out.push_str(chars.as_str());
            }
        }
    }
    out
}

/// `backoffDelays`, which returns the closure of computed sleeps for the
/// policy's jitter mode.
fn delays(plan: &Plan) -> String {
    let mut out = String::from(
        "// backoffDelays returns a function that gives the computed sleep before\n\
         // each retry.\n\
         func backoffDelays() func() time.Duration {\n",
    );
    if plan.uses_random() {
        out.push_str(
            "\t// Before Go 1.20, math/rand's shared source starts from the same seed in\n\
             \t// every process, which would give every client the same jitter.\n\
             \trng := rand.New(rand.NewSource(time.Now().UnixNano()))\n",
        );
    }
    if plan.jitter() == Jitter::Decorrelated {
        out.push_str(
            "\tpreviousMs := float64(baseDelayMs)\n\
             \treturn func() time.Duration {\n\
             \t\t// math.Max keeps the range whole when the cap is below a third of the base.\n\
             \t\thighMs := math.Max(baseDelayMs, previousMs*3)\n\
             \t\tpreviousMs = math.Min(maxDelayMs, uniform(rng, baseDelayMs, highMs))\n\
             \t\treturn milliseconds(previousMs)\n\
             \t}\n\
             }\n",
        );
        return out;
    }
    let sleep = match (plan.jitter(), plan.cap_order()) {
        (Jitter::None, _) => "cappedMs",
        (Jitter::Full, _) => "uniform(rng, 0, cappedMs)",
        (Jitter::Equal, _) => "uniform(rng, cappedMs/2, cappedMs)",
        (Jitter::Proportional, CapOrder::Before) => {
            "cappedMs * uniform(rng, lowFactor, highFactor)"
        }
        (Jitter::Proportional, CapOrder::After) => {
            "math.Min(maxDelayMs, backoffMs*uniform(rng, lowFactor, highFactor))"
        }
        (Jitter::Decorrelated, _) => unreachable!("written above"),
    };
    out.push_str("\tbackoffMs := float64(baseDelayMs)\n\treturn func() time.Duration {\n");
    if sleep == "cappedMs" {
        out.push_str("\t\tsleepMs := math.Min(maxDelayMs, backoffMs)\n");
    } else {
        if sleep.contains("cappedMs") {
            out.push_str("\t\tcappedMs := math.Min(maxDelayMs, backoffMs)\n");
        }
        out.push_str(&format!("\t\tsleepMs := {sleep}\n"));
    }
    if plan.grows_past_cap() {
        out.push_str(
            "\t\t// Once backoffMs * lowFactor reaches the cap every sleep is the cap,\n\
             \t\t// so growth stops there and the value never overflows.\n\
             \t\tif backoffMs < float64(maxDelayMs)/lowFactor {\n",
        );
    } else {
        out.push_str(
            "\t\t// Growth stops at the cap, so the value never overflows.\n\
             \t\tif backoffMs < maxDelayMs {\n",
        );
    }
    out.push_str(
        "\t\t\tbackoffMs *= multiplier\n\
         \t\t}\n\
         \t\treturn milliseconds(sleepMs)\n\
         \t}\n\
         }\n",
    );
    out
}
