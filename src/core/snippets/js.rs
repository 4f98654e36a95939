//! JavaScript and TypeScript: `fetchWithBackoff(url, init)` over the global
//! `fetch`, as an ES module.
//!
//! One writer serves both: the TypeScript text is the JavaScript text with
//! type annotations, so the two tabs never drift apart. The annotations make
//! it pass `tsc --strict --noUncheckedIndexedAccess --target es2022`.

use super::{comment, decimal, Plan};
use crate::core::policy::{CapOrder, Jitter};

/// Writes the JavaScript snippet, or the TypeScript one when `typed`.
pub(super) fn write(plan: &Plan, typed: bool) -> String {
    // `ty(": number")` is the annotation in TypeScript and nothing in JavaScript.
    let ty = |annotation: &'static str| if typed { annotation } else { "" };
    let mut out = comment(&plan.header(76, None), "// ");
    out.push('\n');
    out.push_str(&constants(plan));
    out.push_str(&format!(
        "// The most of a retried response's body read before letting it go.\n\
         const DRAIN_LIMIT_BYTES = {DRAIN_LIMIT_BYTES};\n\n"
    ));

    out.push_str(
        "/**\n\
         \x20* Fetches `url`, retrying 408, 429, 5xx (not 501, 505, 511) and network\n\
         \x20* errors with backoff. `init` is a fetch init object, or a function that\n\
         \x20* returns a fresh one for each attempt (a stream body can be read only\n\
         \x20* once). Resolves to the final Response (the last one when retries run\n\
         \x20* out); rejects with the network error of the final attempt. When\n\
         \x20* `init.signal` aborts or times out, it rejects at once with the signal's\n\
         \x20* reason, also during a wait; so does a signal that `init` builds for one\n\
         \x20* attempt.\n",
    );
    if plan.deadline_ms.is_some() {
        out.push_str(
            " * When the deadline leaves no time for another attempt, it rejects with\n \
             * a TimeoutError whose cause is the last response or error.\n",
        );
    }
    out.push_str(" */\n");
    if typed {
        out.push_str(
            "export async function fetchWithBackoff(\n  \
             url: string | URL,\n  \
             init?: RequestInit | (() => RequestInit),\n\
             ): Promise<Response> {\n",
        );
    } else {
        out.push_str("export async function fetchWithBackoff(url, init) {\n");
    }
    out.push_str("  const delays = backoffDelays();\n");
    if plan.deadline_ms.is_some() {
        out.push_str("  const deadline = Date.now() + DEADLINE_MS;\n");
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
         const request = new Request(url, typeof init === \"function\" ? init() : init);\n",
    );
    if plan.key {
        out.push_str("    request.headers.set(\"Idempotency-Key\", idempotencyKey);\n");
    }
    // The wait before the next attempt, with or without the deadline.
    let sleep = |ms: &str, last: &str| match plan.deadline_ms {
        Some(_) => format!("await sleepWithin(deadline, {ms}, request.signal, {last});"),
        None => format!("await sleep({ms}, request.signal);"),
    };
    out.push_str(&format!(
        "    let response{};\n    \
         try {{\n      \
         response = await fetch(request);\n    \
         }} catch (error) {{\n      \
         if (retry >= MAX_RETRIES || !isNetworkError(error, request)) throw error;\n      \
         {}\n      \
         continue;\n    \
         }}\n    \
         if (retry >= MAX_RETRIES || !isRetryable(response.status)) return response;\n    \
         const computedMs = delays.next().value;\n",
        ty(": Response"),
        sleep("delays.next().value", "error"),
    ));
    let wait = if plan.honor {
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
        "    await discard(response);\n    \
         {}\n  \
         }}\n\
         }}\n\n",
        sleep(wait, "response"),
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
         * where the cause is named (Node.js), a certificate error or a redirect\n \
         * loop fail the same way every time.\n \
         */\n\
         function isNetworkError(error{}, request{}){} {{\n  \
         if (!(error instanceof TypeError) || request.signal.aborted) return false;\n  \
         if (!/^https?:/.test(request.url)) return false;\n  \
         const reason = String({}?.message);\n  \
         return !/certificate|redirect/i.test(reason);\n\
         }}\n\n",
        ty(": unknown"),
        ty(": Request"),
        ty(": boolean"),
        if typed {
            "(error.cause as Error | undefined)"
        } else {
            "error.cause"
        },
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

    if plan.deadline_ms.is_some() {
        out.push_str(&format!(
            "/**\n \
             * Sleeps like sleep(), unless the wait would end at or past `deadline`\n \
             * (epoch ms): then rejects at once with a TimeoutError whose cause is\n \
             * `last`, the failure that would have been retried.\n \
             */\n\
             async function sleepWithin(\n  \
             deadline{n},\n  \
             ms{n},\n  \
             signal{s},\n  \
             last{u},\n\
             ){p} {{\n  \
             if (Date.now() + ms >= deadline) {{\n    \
             const message = `deadline of ${{DEADLINE_MS}} ms reached`;\n    \
             const error = new Error(message, {{ cause: last }});\n    \
             error.name = \"TimeoutError\";\n    \
             throw error;\n  \
             }}\n  \
             await sleep(ms, signal);\n\
             }}\n\n",
            n = ty(": number"),
            s = ty(": AbortSignal"),
            u = ty(": unknown"),
            p = ty(": Promise<void>"),
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
         const hour = Number(fields.hour);\n    \
         const minute = Number(fields.minute);\n    \
         const second = Number(fields.second);\n    \
         const leap = hour === 23 && minute === 59 && second === 60;\n    \
         if (hour > 23 || minute > 59 || (second > 59 && !leap)) return null;\n    \
         const seconds = (hour * 60 + minute) * 60 + second;\n    \
         const month = MONTHS.indexOf(monthName);\n    \
         const day = Number(fields.day); // asctime's \" 6\" reads as 6\n    \
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
