//! JavaScript and TypeScript: `fetchWithBackoff(url, init)` over the global
//! `fetch`, as an ES module.
//!
//! One writer serves both: the TypeScript text is the JavaScript text with
//! type annotations, so the two tabs never drift apart. The annotations make
//! it pass `tsc --strict`.

use super::{comment, decimal, Plan};
use crate::core::policy::{CapOrder, Jitter};

/// Writes the JavaScript snippet, or the TypeScript one when `typed`.
pub(super) fn write(plan: &Plan, typed: bool) -> String {
    // `ty(": number")` is the annotation in TypeScript and nothing in JavaScript.
    let ty = |annotation: &'static str| if typed { annotation } else { "" };
    let mut out = comment(&plan.header(76, None), "// ");
    out.push('\n');
    out.push_str(&constants(plan));
    out.push('\n');

    out.push_str(
        "/**\n\
         \x20* Fetches `url`, retrying 408, 429, 5xx and network errors with backoff.\n\
         \x20* `init` is a fetch init object, or a function that returns a fresh one\n\
         \x20* for each attempt (a stream body can be read only once). Resolves to the\n\
         \x20* final Response (the last one when retries run out); rejects with the\n\
         \x20* network error of the final attempt.\n\
         \x20*/\n",
    );
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
    out.push_str(&format!(
        "  const delays = backoffDelays();\n  \
         for (let retry = 0; ; retry++) {{\n    \
         const attemptInit = typeof init === \"function\" ? init() : init;\n    \
         let response{};\n    \
         try {{\n      \
         response = await fetch(url, attemptInit);\n    \
         }} catch (error) {{\n      \
         // An abort is the caller's decision, not a network failure.\n      \
         const aborted = error instanceof Error && error.name === \"AbortError\";\n      \
         if (retry >= MAX_RETRIES || aborted) throw error;\n      \
         await sleep(delays.next().value);\n      \
         continue;\n    \
         }}\n    \
         if (retry >= MAX_RETRIES || !isRetryable(response.status)) return response;\n    \
         const computedMs = delays.next().value;\n",
        ty(": Response"),
    ));
    let wait = if plan.honor {
        out.push_str(
            "    const waitMs =\n      \
             retryAfterMs(response.headers.get(\"Retry-After\")) ?? computedMs;\n",
        );
        "waitMs"
    } else {
        "computedMs"
    };
    out.push_str(&format!(
        "    // Discard the body of a response we retry, so its connection is freed.\n    \
         await response.body?.cancel().catch(() => {{}});\n    \
         await sleep({wait});\n  \
         }}\n\
         }}\n\n"
    ));

    out.push_str(&format!(
        "/** 408 Request Timeout, 429 Too Many Requests and every 5xx are retried. */\n\
         function isRetryable(status{}){} {{\n  \
         return status === 408 || status === 429 || status >= 500;\n\
         }}\n\n",
        ty(": number"),
        ty(": boolean"),
    ));

    out.push_str(&format!(
        "/** Waits `ms` milliseconds. Timers fire at once past 2^31 - 1 ms, so long waits go in steps. */\n\
         async function sleep(ms{}){} {{\n  \
         const step = 2 ** 31 - 1;\n  \
         for (let left = ms; left > 0; left -= step) {{\n    \
         await new Promise{}((resolve) => setTimeout(resolve, Math.min(left, step)));\n  \
         }}\n\
         }}\n\n",
        ty(": number"),
        ty(": Promise<void>"),
        ty("<void>"),
    ));

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
         * all digits are seconds; an HTTP-date is the time until it (0 if past).\n \
         * Anything else (1.5, -1, 1e3, an ISO timestamp) gives null, and the\n \
         * computed delay applies.\n \
         */\n\
         function retryAfterMs(value{}){} {{\n  \
         if (value === null) return null;\n  \
         const text = value.trim();\n  \
         if (/^[0-9]+$/.test(text)) {{\n    \
         // A very long digit string is a huge number or Infinity: both clamp.\n    \
         return Math.min(Number(text) * 1000, RETRY_AFTER_MAX_MS);\n  \
         }}\n  \
         const dateMs = httpDateMs(text);\n  \
         if (dateMs === null) return null;\n  \
         return Math.min(Math.max(dateMs - Date.now(), 0), RETRY_AFTER_MAX_MS);\n\
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
         const hour = Number(fields.hour);\n    \
         const minute = Number(fields.minute);\n    \
         const second = Number(fields.second);\n    \
         const leap = hour === 23 && minute === 59 && second === 60;\n    \
         if (hour > 23 || minute > 59 || (second > 59 && !leap)) return null;\n    \
         const seconds = (hour * 60 + minute) * 60 + second;\n    \
         const month = MONTHS.indexOf(fields.month);\n    \
         const day = Number(fields.day); // asctime's \" 6\" reads as 6\n    \
         const year =\n      \
         fields.year.length === 2\n        \
         ? rfc850Year(Number(fields.year), month, day, seconds)\n        \
         : Number(fields.year);\n    \
         const midnight = new Date(utcMs(year, month, day, 0));\n    \
         // A day the month lacks (31 Feb) rolls into the next month: not a date.\n    \
         if (midnight.getUTCDate() !== day) return null;\n    \
         if (DAY_NAMES[midnight.getUTCDay()] !== fields.weekday.slice(0, 3)) return null;\n    \
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
