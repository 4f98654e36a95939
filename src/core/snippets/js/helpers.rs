//! The small functions `fetchWithBackoff` calls: which statuses and errors
//! are retried, draining a retried body, the cancellable sleep, each
//! attempt's signal and the deadline's give-up. Apart from the loop, so
//! each reads on its own.

use crate::core::snippets::Plan;

/// The helper functions, in the order the snippet lists them.
pub(super) fn functions(plan: &Plan, typed: bool) -> String {
    // `ty(": number")` is the annotation in TypeScript and nothing in JavaScript.
    let ty = |annotation: &'static str| if typed { annotation } else { "" };
    let mut out = String::new();
    out.push_str(&format!(
        "/** 408, 429 and 5xx but 501, 505, 511: a retry cannot fix those. */\n\
         function isRetryable(status{}){} {{\n  \
         return status === 408 || status === 429 ||\n    \
         (status >= 500 && ![501, 505, 511].includes(status));\n\
         }}\n\n",
        ty(": number"),
        ty(": boolean"),
    ));

    out.push_str(&format!(
        "/**\n \
         * Whether a failed fetch may work when tried again: a network failure\n \
         * (refused, reset, timed out). An abort, a scheme other than HTTP(S) and,\n \
         * where the cause is named (Node.js), a certificate error, a redirect\n \
         * loop, a port fetch blocks (\"bad port\": 6000 and others) or a proxy's\n \
         * refusal of the tunnel (undici's ProxyAgent: \"Proxy response (403) !==\n \
         * 200\") fail the same way every time. Node.js names them in the text of\n \
         * the error's causes only, the proxy's one cause deeper.\n \
         */\n\
         function isNetworkError(error{}, request{}){} {{\n  \
         if (!(error instanceof TypeError)) return false;\n  \
         if (!/^https?:/.test(request.url)) return false;\n  \
         let reasons = \"\";\n  \
         for (let cause{} = error.cause; cause instanceof Error; cause = cause.cause) {{\n    \
         reasons += ` ${{cause.message}}`;\n  \
         }}\n  \
         return !/certificate|redirect|bad port|Proxy response/i.test(reasons);\n\
         }}\n\n",
        ty(": unknown"),
        ty(": Request"),
        ty(": boolean"),
        ty(": unknown"),
    ));

    out.push_str(&format!(
        "/**\n \
         * Reads a retried response's body, up to DRAIN_LIMIT_BYTES, so its\n \
         * connection can serve the next attempt, then lets it go.\n \
         */\n\
         async function discard(response{}){} {{\n  \
         if (!response.body) return;\n  \
         const reader = response.body.getReader();\n  \
         try {{\n    \
         for (let read = 0; read <= DRAIN_LIMIT_BYTES; ) {{\n      \
         const {{ done, value }} = await reader.read();\n      \
         if (done) return;\n      \
         read += value.byteLength;\n    \
         }}\n    \
         await reader.cancel();\n  \
         }} catch {{\n    \
         // A body cut off midway: its connection is closed anyway.\n  \
         }}\n\
         }}\n\n",
        ty(": Response"),
        ty(": Promise<void>"),
    ));

    out.push_str(&format!(
        "/**\n \
         * Waits `ms` milliseconds, or rejects with the signal's reason once it\n \
         * aborts. Timers fire at once past 2^31 - 1 ms, so long waits go in steps.\n \
         */\n\
         async function sleep(ms{}, signal{}){} {{\n  \
         const step = 2 ** 31 - 1;\n  \
         for (let left = ms; left > 0; left -= step) {{\n    \
         await new Promise{}((resolve, reject) => {{\n      \
         const stop = () => {{\n        \
         clearTimeout(timer);\n        \
         reject(signal.reason);\n      \
         }};\n      \
         const timer = setTimeout(() => {{\n        \
         signal.removeEventListener(\"abort\", stop);\n        \
         resolve();\n      \
         }}, Math.min(left, step));\n      \
         if (signal.aborted) stop();\n      \
         else signal.addEventListener(\"abort\", stop, {{ once: true }});\n    \
         }});\n  \
         }}\n\
         }}\n\n",
        ty(": number"),
        ty(": AbortSignal"),
        ty(": Promise<void>"),
        ty("<void>"),
    ));

    out.push_str(&format!(
        "/**\n \
         * The signal for one attempt: it aborts with the caller's reason when\n \
         * `callerSignal` does, or after `ms` with a TimeoutError. Call `clear` once\n \
         * the attempt is over, so its timer does not run on through the wait.\n \
         */\n\
         function attemptSignal(\n  \
         callerSignal{s},\n  \
         ms{n},\n\
         ){r} {{\n  \
         const controller = new AbortController();\n  \
         const timeout = () => {{\n    \
         const message = `no answer within ${{Math.round(ms)}} ms`;\n    \
         controller.abort(new DOMException(message, \"TimeoutError\"));\n  \
         }};\n  \
         // Timers fire at once past 2^31 - 1 ms (24.8 days): held there.\n  \
         const timer = setTimeout(timeout, Math.min(ms, 2 ** 31 - 1));\n  \
         const cancel = () => controller.abort(callerSignal.reason);\n  \
         if (callerSignal.aborted) cancel();\n  \
         else callerSignal.addEventListener(\"abort\", cancel, {{ once: true }});\n  \
         const clear = () => {{\n    \
         clearTimeout(timer);\n    \
         callerSignal.removeEventListener(\"abort\", cancel);\n  \
         }};\n  \
         return {{ signal: controller.signal, clear }};\n\
         }}\n\n",
        s = ty(": AbortSignal"),
        n = ty(": number"),
        r = ty(": { signal: AbortSignal; clear: () => void }"),
    ));

    if plan.deadline_ms.is_some() {
        out.push_str(&format!(
            "/**\n \
             * Throws the deadline's error, whose cause is `last`, the failure that\n \
             * would have been retried, when a wait of `ms` would end at or past\n \
             * `deadline` (performance.now() ms).\n \
             */\n\
             function giveUpPastDeadline(deadline{n}, ms{n}, last{u}){v} {{\n  \
             if (performance.now() + ms >= deadline) throw deadlineError(last);\n\
             }}\n\n\
             /** A TimeoutError saying the deadline was reached, whose cause is `last`. */\n\
             function deadlineError(last{u}){e} {{\n  \
             const message = `deadline of ${{DEADLINE_MS}} ms reached`;\n  \
             const error = new Error(message, {{ cause: last }});\n  \
             error.name = \"TimeoutError\";\n  \
             return error;\n\
             }}\n\n",
            n = ty(": number"),
            u = ty(": unknown"),
            v = ty(": void"),
            e = ty(": Error"),
        ));
    }
    out
}
