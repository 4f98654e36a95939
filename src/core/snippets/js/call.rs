//! `fetchWithBackoff` itself: its signature, the retry loop (attempt,
//! timeout, deadline, hook, wait) and its doc comment. Kept apart from the
//! helpers it calls, since this is the part a reader follows first.

use crate::core::snippets::Plan;

/// The exported `fetchWithBackoff`, with its doc comment.
pub(super) fn function(plan: &Plan, typed: bool) -> String {
    // `ty(": number")` is the annotation in TypeScript and nothing in JavaScript.
    let ty = |annotation: &'static str| if typed { annotation } else { "" };
    let mut out = String::new();
    out.push_str(&doc_comment(plan));
    if typed {
        out.push_str(
            "export async function fetchWithBackoff(\n  \
             url: string | URL | Request,\n  \
             init?: RequestInit | (() => RequestInit),\n  \
             { onRetry }: { onRetry?: (event: RetryEvent) => void } = {},\n\
             ): Promise<Response> {\n",
        );
    } else {
        out.push_str("export async function fetchWithBackoff(url, init, { onRetry } = {}) {\n");
    }
    out.push_str("  const delays = backoffDelays();\n");
    if plan.deadline_ms.is_some() {
        out.push_str(
            "  // performance.now() is monotonic: a change of the wall clock cannot\n  \
             // stretch or cut the deadline.\n  \
             const deadline = performance.now() + DEADLINE_MS;\n",
        );
        out.push_str(&format!(
            "  // The last response or error retried: the deadline's error names it.\n  \
             let failure{};\n",
            ty(": unknown"),
        ));
    }
    if plan.key {
        out.push_str(
            "  // One key for every attempt of this call. crypto.randomUUID is a secure\n  \
             // random UUID v4 (in a browser, on HTTPS pages only).\n  \
             const idempotencyKey = crypto.randomUUID();\n",
        );
    }
    out.push_str(
        "  for (let retry = 0; ; retry++) {\n    \
         // Built outside the try: a bad URL or header value throws here, unretried.\n    \
         // A Request's body can be read only once, so each attempt sends a clone.\n    \
         const request = new Request(\n      \
         url instanceof Request ? url.clone() : url,\n      \
         typeof init === \"function\" ? init() : init,\n    \
         );\n",
    );
    if plan.key {
        out.push_str(
            "    // The caller's own key, when it set one, is kept on every attempt.\n    \
             if (!request.headers.has(\"Idempotency-Key\")) {\n      \
             request.headers.set(\"Idempotency-Key\", idempotencyKey);\n    \
             }\n    \
             const last = retry >= MAX_RETRIES;\n",
        );
    } else {
        out.push_str(
            "    // Without an idempotency key a retried POST or PATCH may take effect\n    \
             // twice: any other method than RETRIED_METHODS is sent once.\n    \
             const last = retry >= MAX_RETRIES || !RETRIED_METHODS.includes(request.method);\n",
        );
    }
    if plan.deadline_ms.is_some() {
        out.push_str(
            "    // This attempt's own time, never past the deadline. A wait can wake up\n    \
             // late (a busy machine): then no attempt starts without time left.\n    \
             const leftMs = deadline - performance.now();\n    \
             if (leftMs <= 0) throw deadlineError(failure);\n    \
             const attempt = attemptSignal(request.signal, Math.min(ATTEMPT_TIMEOUT_MS, leftMs));\n",
        );
    } else {
        out.push_str(
            "    // This attempt's own time.\n    \
             const attempt = attemptSignal(request.signal, ATTEMPT_TIMEOUT_MS);\n",
        );
    }
    // Gives up at the deadline, tells the hook, then waits.
    let wait = |indent: &str, ms: &str, last: &str, cause: &str| {
        let field = if ms == "waitMs" {
            ms.to_string()
        } else {
            format!("waitMs: {ms}")
        };
        let mut text = String::new();
        if plan.deadline_ms.is_some() {
            text.push_str(&format!(
                "{indent}giveUpPastDeadline(deadline, {ms}, {last});\n\
                 {indent}failure = {last};\n"
            ));
        }
        text.push_str(&format!(
            "{indent}onRetry?.({{ retry: retry + 1, {field}, {cause} }});\n\
             {indent}await sleep({ms}, request.signal);\n"
        ));
        text
    };
    out.push_str(&format!(
        "    let response{};\n    \
         try {{\n      \
         response = await fetch(request, {{ signal: attempt.signal }});\n    \
         }} catch (error) {{\n      \
         attempt.clear();\n      \
         // The caller's cancel ends the call at once; an attempt that ran out\n      \
         // of time is retried like a network failure.\n      \
         if (request.signal.aborted) throw request.signal.reason;\n      \
         const timedOut = attempt.signal.aborted;\n      \
         if (last || !(timedOut || isNetworkError(error, request))) throw error;\n\
         {}      \
         const waitMs = delays.next().value;\n\
         {}      \
         continue;\n    \
         }}\n\
         {}    \
         if (last || !isRetryable(response.status)) {{\n      \
         attempt.clear();\n      \
         return response;\n    \
         }}\n\
         {}    \
         const computedMs = delays.next().value;\n",
        ty(": Response"),
        if plan.budget {
            "      // No token left in the retry budget: give up as when retries run out.\n      \
             if (!takeRetryToken()) throw error;\n"
        } else {
            ""
        },
        wait("      ", "waitMs", "error", "error"),
        if plan.budget {
            "    // An answer that is not retried refills the retry budget a little.\n    \
             if (!isRetryable(response.status)) refillRetryBudget();\n"
        } else {
            ""
        },
        if plan.budget {
            "    // No token left in the retry budget: hand this response back as when\n    \
             // retries run out.\n    \
             if (!takeRetryToken()) {\n      \
             attempt.clear();\n      \
             return response;\n    \
             }\n"
        } else {
            ""
        },
    ));
    let wait_ms = if plan.honor {
        out.push_str(
            "    // A browser sees a cross-origin Retry-After only if the server lists it in\n    \
             // Access-Control-Expose-Headers; otherwise the computed delay applies.\n    \
             const waitMs =\n      \
             retryAfterMs(response.headers.get(\"Retry-After\")) ?? computedMs;\n",
        );
        "waitMs"
    } else {
        "computedMs"
    };
    out.push_str(&format!(
        "    // Drained within the attempt's time: a stalled body is cut off.\n    \
         await discard(response);\n    \
         attempt.clear();\n\
         {}  \
         }}\n\
         }}\n\n",
        wait("    ", wait_ms, "response", "status: response.status"),
    ));
    out
}

/// The doc comment of `fetchWithBackoff`: what it does, and what it leaves
/// to the caller.
fn doc_comment(plan: &Plan) -> String {
    let mut out = String::from(
        "/**\n \
         * Fetches `url` (a URL, or a Request, cloned for each attempt), retrying\n \
         * 408, 429, 5xx (not 501, 505, 511), network errors and attempts that time\n \
         * out, with backoff. `init` is a fetch init object, or a function that\n \
         * returns a fresh one for each attempt (a stream body can be read only\n \
         * once). Resolves to the final Response (the last one when retries run\n \
         * out); rejects with the error of the final attempt.\n",
    );
    if !plan.key {
        out.push_str(
            " * Only RETRIED_METHODS are retried: a POST or PATCH is sent once, and its\n \
             * response or error handed back as it is.\n",
        );
    }
    out.push_str(if plan.deadline_ms.is_some() {
        " * Each attempt has ATTEMPT_TIMEOUT_MS, and never past the deadline, for\n \
         * the response's headers to arrive (and a retried response's body to\n \
         * drain); the body of the response handed back is the caller's to read.\n"
    } else {
        " * Each attempt has ATTEMPT_TIMEOUT_MS for the response's headers to arrive\n \
         * (and a retried response's body to drain); the body of the response\n \
         * handed back is the caller's to read.\n"
    });
    out.push_str(
        " * When `init.signal` aborts or times out, it rejects at once with the\n \
         * signal's reason, also during a wait; so does a signal that `init`\n \
         * builds for one attempt.\n \
         * `onRetry`, when given, is called before each wait with a RetryEvent:\n \
         * { retry (1 for the first), waitMs, and the retried status or error }.\n",
    );
    if plan.deadline_ms.is_some() {
        out.push_str(
            " * When the deadline leaves no time for another attempt, it rejects with\n \
             * a TimeoutError whose cause is the last response or error.\n",
        );
    }
    out.push_str(" */\n");
    out
}
