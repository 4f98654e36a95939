//! JavaScript and TypeScript: `fetchWithBackoff(url, init)` over the global
//! `fetch`, as an ES module.
//!
//! One writer serves both: the TypeScript text is the JavaScript text with
//! type annotations, so the two tabs never drift apart. The annotations make
//! it pass `tsc --strict --noUncheckedIndexedAccess
//! --noPropertyAccessFromIndexSignature --target es2022 --module nodenext`.

use super::{comment, decimal, Plan, PROXY_LINE, RETRIED_METHODS};
use crate::core::policy::{CapOrder, Jitter};

/// Writes the JavaScript snippet, or the TypeScript one when `typed`.
pub(super) fn write(plan: &Plan, typed: bool) -> String {
    // `ty(": number")` is the annotation in TypeScript and nothing in JavaScript.
    let ty = |annotation: &'static str| if typed { annotation } else { "" };
    let mut out = comment(&plan.header(76, None, PROXY_LINE), "// ");
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
         if (last || !(timedOut || isNetworkError(error, request))) throw error;\n      \
         const waitMs = delays.next().value;\n\
         {}      \
         continue;\n    \
         }}\n    \
         if (last || !isRetryable(response.status)) {{\n      \
         attempt.clear();\n      \
         return response;\n    \
         }}\n    \
         const computedMs = delays.next().value;\n",
        ty(": Response"),
        wait("      ", "waitMs", "error", "error"),
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
        out.push_str(&retry_after(typed));
    }
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

/// The strict `Retry-After` reader. Like the page's tester, it wants the
/// weekday to match the date, takes second 60 only as 23:59:60, and decides
/// RFC 850's "more than 50 years ahead" on the calendar.
fn retry_after(typed: bool) -> String {
    let ty = |annotation: &'static str| if typed { annotation } else { "" };
    let mut out = String::from(
        "const DAY_NAMES = [\"Sun\", \"Mon\", \"Tue\", \"Wed\", \"Thu\", \"Fri\", \"Sat\"];\n\
         const MONTHS = [\"Jan\", \"Feb\", \"Mar\", \"Apr\", \"May\", \"Jun\",\n  \
         \"Jul\", \"Aug\", \"Sep\", \"Oct\", \"Nov\", \"Dec\"];\n\
         const WEEKDAY = `(?<weekday>${DAY_NAMES.join(\"|\")})`;\n\
         const LONG_WEEKDAY =\n  \
         \"(?<weekday>Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday)\";\n\
         const MONTH = `(?<month>${MONTHS.join(\"|\")})`;\n\
         const TIME = \"(?<hour>[0-9]{2}):(?<minute>[0-9]{2}):(?<second>[0-9]{2})\";\n\
         // The three HTTP-date shapes of RFC 9110 section 5.6.7, matched exactly\n\
         // (case-sensitive).\n\
         const HTTP_DATES = [\n  \
         // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT\n  \
         new RegExp(`^${WEEKDAY}, (?<day>[0-9]{2}) ${MONTH} (?<year>[0-9]{4}) ${TIME} GMT$`),\n  \
         // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT\n  \
         new RegExp(`^${LONG_WEEKDAY}, (?<day>[0-9]{2})-${MONTH}-(?<year>[0-9]{2}) ${TIME} GMT$`),\n  \
         // asctime: Sun Nov  6 08:49:37 1994\n  \
         new RegExp(`^${WEEKDAY} ${MONTH} (?<day>[ 0-9][0-9]) ${TIME} (?<year>[0-9]{4})$`),\n\
         ];\n\n",
    );
    out.push_str(&format!(
        "/**\n \
         * Reads a Retry-After value as a wait in ms, at most RETRY_AFTER_MAX_MS:\n \
         * all digits are seconds; an HTTP-date is the time until it. Anything\n \
         * else (1.5, -1, 1e3, an ISO timestamp), 0 or a past date gives\n \
         * null, and the computed delay applies.\n \
         */\n\
         function retryAfterMs(value{}){} {{\n  \
         if (value === null) return null;\n  \
         const text = value.trim();\n  \
         // A very long digit string is a huge number or Infinity: both clamp.\n  \
         const ms = /^[0-9]+$/.test(text)\n    \
         ? Number(text) * 1000\n    \
         : (httpDateMs(text) ?? 0) - Date.now();\n  \
         return ms > 0 ? Math.min(ms, RETRY_AFTER_MAX_MS) : null;\n\
         }}\n\n",
        ty(": string | null"),
        ty(": number | null"),
    ));
    // A named group: `.hour` in JavaScript, `["hour"]` in TypeScript, whose
    // --noPropertyAccessFromIndexSignature wants brackets on the groups'
    // index signature.
    let field = |name: &str| {
        if typed {
            format!("[\"{name}\"]")
        } else {
            format!(".{name}")
        }
    };
    out.push_str(&format!(
        "/**\n \
         * The instant of an HTTP-date in epoch ms, or null. The fields come from a\n \
         * strict pattern, never from Date.parse, which reads \"1.5\" as a date. The\n \
         * weekday must match the date, and a leap second can only be 23:59:60.\n \
         */\n\
         function httpDateMs(text{}){} {{\n  \
         for (const shape of HTTP_DATES) {{\n    \
         const fields = shape.exec(text)?.groups;\n    \
         if (!fields) continue;\n    \
         // Every group is there when the shape matched; the defaults are for tsc.\n    \
         const {{ weekday = \"\", month: monthName = \"\", year: yearDigits = \"\" }} = fields;\n    \
         const hour = Number(fields{hour});\n    \
         const minute = Number(fields{minute});\n    \
         const second = Number(fields{second});\n    \
         const leap = hour === 23 && minute === 59 && second === 60;\n    \
         if (hour > 23 || minute > 59 || (second > 59 && !leap)) return null;\n    \
         const seconds = (hour * 60 + minute) * 60 + second;\n    \
         const month = MONTHS.indexOf(monthName);\n    \
         const day = Number(fields{day}); // asctime's \" 6\" reads as 6\n    \
         const year =\n      \
         yearDigits.length === 2\n        \
         ? rfc850Year(Number(yearDigits), month, day, seconds)\n        \
         : Number(yearDigits);\n    \
         const midnight = new Date(utcMs(year, month, day, 0));\n    \
         // A day the month lacks (31 Feb) rolls into the next month: not a date.\n    \
         if (midnight.getUTCDate() !== day) return null;\n    \
         if (DAY_NAMES[midnight.getUTCDay()] !== weekday.slice(0, 3)) return null;\n    \
         return midnight.getTime() + seconds * 1000;\n  \
         }}\n  \
         return null;\n\
         }}\n\n",
        ty(": string"),
        ty(": number | null"),
        hour = field("hour"),
        minute = field("minute"),
        second = field("second"),
        day = field("day"),
    ));
    out.push_str(&format!(
        "/** Epoch ms of a UTC date; month counts from 0, and day 0 or 31 Feb roll over. */\n\
         function utcMs(year{n}, month{n}, day{n}, seconds{n}){n} {{\n  \
         // setUTCFullYear, unlike Date.UTC, keeps a year below 100 as it is.\n  \
         const date = new Date(0);\n  \
         date.setUTCFullYear(year, month, day);\n  \
         return date.getTime() + seconds * 1000;\n\
         }}\n\n\
         /**\n \
         * RFC 850's two-digit year, read as RFC 9110 asks: the latest year with\n \
         * those digits whose date is not more than 50 years ahead.\n \
         */\n\
         function rfc850Year(twoDigits{n}, month{n}, day{n}, seconds{n}){n} {{\n  \
         const now = Date.now();\n  \
         const thisYear = new Date(now).getUTCFullYear();\n  \
         let year = thisYear - (thisYear % 100) + twoDigits + 100;\n  \
         while (utcMs(year - 50, month, day, seconds) > now) year -= 100;\n  \
         return year;\n\
         }}\n",
        n = ty(": number"),
    ));
    out
}
