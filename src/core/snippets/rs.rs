//! Rust: `send_with_backoff(make_request)` over `reqwest` on `tokio`.
//!
//! Beside those two the snippet needs only `rand`, for its random numbers and
//! the idempotency key (std's hasher keys are random only by accident of
//! its implementation). It reads HTTP-dates with a few lines of its own. The
//! text is rustfmt-clean and clippy-clean.

use super::{comment, decimal, wrap, Plan, PROXY_LINE, RETRIED_METHODS};
use crate::core::policy::{CapOrder, Jitter};

/// Writes the Rust snippet.
pub(super) fn write(plan: &Plan) -> String {
    let deadline = plan.deadline_ms.is_some();
    let mut out = comment(&plan.header(76, None, PROXY_LINE), "// ");
    out.push_str(&comment(&wrap(HOOK_LINE, 76), "// "));
    out.push('\n');
    out.push_str(&uses(plan));
    out.push('\n');
    out.push_str(&constants(plan));
    out.push_str(
        "/// The most of a retried response's body read before it is dropped.\n\
         const DRAIN_LIMIT_BYTES: usize = 64 * 1024;\n",
    );
    out.push_str(&error_type(deadline));
    out.push_str(&doc_comment(plan));
    out.push_str(
        "pub async fn send_with_backoff<F>(make_request: F) -> Result<reqwest::Response, RetryError>\n\
         where\n    \
         F: Fn() -> reqwest::RequestBuilder,\n\
         {\n    \
         send_with_backoff_observed(make_request, |_, _, _| {}).await\n\
         }\n\n\
         /// [`send_with_backoff`], calling `on_retry(retry, wait, outcome)` before each\n\
         /// wait: the retry's number (1 for the first), the wait, and what the attempt\n\
         /// got (`Ok`: a retryable response; `Err`: a network error or a timeout).\n\
         pub async fn send_with_backoff_observed<F, H>(\n    \
         make_request: F,\n    \
         mut on_retry: H,\n\
         ) -> Result<reqwest::Response, RetryError>\n\
         where\n    \
         F: Fn() -> reqwest::RequestBuilder,\n    \
         H: FnMut(u32, Duration, Result<&reqwest::Response, &RetryError>),\n\
         {\n    \
         let mut backoff = Backoff::new();\n    \
         let attempt_timeout = millis(ATTEMPT_TIMEOUT_MS);\n",
    );
    if deadline {
        out.push_str(
            "    let deadline = Instant::now() + millis(DEADLINE_MS);\n    \
             // Whether a wait would end at or past the deadline.\n    \
             let too_late = |wait_ms: f64| {\n        \
             let left = deadline.saturating_duration_since(Instant::now());\n        \
             left.as_secs_f64() * 1000.0 <= wait_ms\n    \
             };\n    \
             // The last attempt's failure, which the deadline's error holds.\n    \
             let mut failed = None;\n",
        );
    }
    if plan.key {
        out.push_str(
            "    // One key for every attempt of this call: 128 bits from rand's ThreadRng,\n    \
             // a secure generator seeded by the operating system.\n    \
             let key: reqwest::header::HeaderValue = format!(\"{:032x}\", rand::random::<u128>())\n        \
             .parse()\n        \
             .expect(\"hex digits are a valid header value\");\n",
        );
    }
    out.push_str(
        "    let mut retry = 0;\n    \
         loop {\n        \
         let (client, request) = make_request().build_split();\n",
    );
    if plan.key {
        out.push_str(
            "        let mut request = request.map_err(RetryError::Request)?;\n        \
             // The caller's own key is kept as it is (once); otherwise this call's.\n        \
             let headers = request.headers_mut();\n        \
             headers.entry(\"Idempotency-Key\").or_insert(key.clone());\n        \
             let last = retry >= MAX_RETRIES;\n",
        );
    } else {
        out.push_str(
            "        let request = request.map_err(RetryError::Request)?;\n        \
             // Only a method RFC 9110 calls idempotent is sent again: a POST whose\n        \
             // answer was lost may have taken effect, and a second one would repeat it.\n        \
             let once = !request.method().is_idempotent();\n        \
             let last = once || retry >= MAX_RETRIES;\n",
        );
    }
    if deadline {
        out.push_str(
            "        // No attempt runs past the deadline, and none starts without time left\n        \
             // (a wait can wake up late on a busy machine).\n        \
             let limit = attempt_timeout.min(deadline.saturating_duration_since(Instant::now()));\n        \
             if let Some(failure) = failed.take().filter(|_| limit.is_zero()) {\n            \
             return Err(RetryError::Deadline(Box::new(failure)));\n        \
             }\n",
        );
    }
    let once = if plan.key { "" } else { "once || " };
    let limit = if deadline { "limit" } else { "attempt_timeout" };
    out.push_str(&format!(
        "        // The attempt's timer goes with it, so none runs on through the wait.\n        \
         let sent = match tokio::time::timeout({limit}, client.execute(request)).await {{\n            \
         Ok(sent) => sent.map_err(RetryError::Request),\n            \
         Err(elapsed) => Err(RetryError::Timeout(elapsed)),\n        \
         }};\n        \
         let wait = match sent {{\n            \
         Ok(response) if {once}!is_retryable(response.status()) => return Ok(response),\n            \
         Ok(response) if last => return Err(RetryError::Status(response)),\n            \
         Err(failure) if last || !is_transient(&failure) => return Err(failure),\n            \
         Ok(mut response) => {{\n"
    ));
    if plan.honor {
        out.push_str(
            "                let computed_ms = backoff.next_delay_ms();\n                \
             let wait_ms = retry_after_ms(&response).unwrap_or(computed_ms);\n",
        );
    } else {
        out.push_str("                let wait_ms = backoff.next_delay_ms();\n");
    }
    if deadline {
        out.push_str(
            "                if too_late(wait_ms) {\n                    \
             let failure = RetryError::Status(response);\n                    \
             return Err(RetryError::Deadline(Box::new(failure)));\n                \
             }\n",
        );
    }
    out.push_str(
        "                on_retry(retry + 1, millis(wait_ms), Ok(&response));\n                \
         // The wait starts now; the body is read during it, never longer.\n                \
         let wait = tokio::time::sleep(millis(wait_ms));\n                \
         let _ = tokio::time::timeout(millis(wait_ms), drain(&mut response)).await;\n",
    );
    if deadline {
        out.push_str("                failed = Some(RetryError::Status(response));\n");
    }
    out.push_str(
        "                wait\n            \
         }\n",
    );
    if deadline {
        out.push_str(
            "            Err(failure) => {\n                \
             let wait_ms = backoff.next_delay_ms();\n                \
             if too_late(wait_ms) {\n                    \
             return Err(RetryError::Deadline(Box::new(failure)));\n                \
             }\n                \
             on_retry(retry + 1, millis(wait_ms), Err(&failure));\n                \
             failed = Some(failure);\n                \
             tokio::time::sleep(millis(wait_ms))\n            \
             }\n",
        );
    } else {
        out.push_str(
            "            Err(failure) => {\n                \
             let wait_ms = backoff.next_delay_ms();\n                \
             on_retry(retry + 1, millis(wait_ms), Err(&failure));\n                \
             tokio::time::sleep(millis(wait_ms))\n            \
             }\n",
        );
    }
    out.push_str(
        "        };\n        \
         wait.await;\n        \
         retry += 1;\n    \
         }\n\
         }\n\n\
         /// `ms` milliseconds as a Duration.\n\
         fn millis(ms: f64) -> Duration {\n    \
         Duration::from_secs_f64(ms / 1000.0)\n\
         }\n\n\
         /// 408, 429 and 5xx but 501, 505, 511: a retry cannot fix those.\n\
         fn is_retryable(status: reqwest::StatusCode) -> bool {\n    \
         let code = status.as_u16();\n    \
         code == 408 || code == 429 || (code >= 500 && !matches!(code, 501 | 505 | 511))\n\
         }\n\n\
         /// An attempt that timed out, or failed on the network, may go through\n\
         /// when sent again.\n\
         fn is_transient(failure: &RetryError) -> bool {\n    \
         match failure {\n        \
         RetryError::Request(error) => is_network_error(error),\n        \
         RetryError::Timeout(_) => true,\n        \
         _ => false,\n    \
         }\n\
         }\n\n\
         /// Words that name, in an error's chain, a failure a retry cannot fix: an\n\
         /// untrusted certificate (rustls and OpenSSL alike), and a proxy's refusal of\n\
         /// the tunnel (CONNECT answered 403, 407...). hyper-util's tunnel error is\n\
         /// private, so its text is all there is: \"tunnel error: unsuccessful\", or\n\
         /// \"proxy authorization required\" (older reqwest 0.12: \"unsuccessful\n\
         /// tunnel\", \"proxy authentication required\").\n\
         const FINAL_ERRORS: [&str; 3] = [\"certificate\", \"unsuccessful\", \"proxy auth\"];\n\n\
         /// Failing to connect or to finish the exchange (refused, reset, timed out) is\n\
         /// retried; a request that cannot be built, a redirect loop, an untrusted\n\
         /// certificate or a proxy's refusal of the tunnel is not. The last two are\n\
         /// named only in the text of the error's chain: see FINAL_ERRORS.\n\
         fn is_network_error(error: &reqwest::Error) -> bool {\n    \
         let mut cause = std::error::Error::source(error);\n    \
         while let Some(inner) = cause {\n        \
         let text = inner.to_string();\n        \
         if FINAL_ERRORS.iter().any(|words| text.contains(words)) {\n            \
         return false;\n        \
         }\n        \
         cause = inner.source();\n    \
         }\n    \
         error.is_connect() || error.is_timeout() || error.is_request()\n\
         }\n\n\
         /// Reads a retried response's body, up to DRAIN_LIMIT_BYTES, so its connection\n\
         /// can serve the next attempt; a body cut off midway ends the reading.\n\
         async fn drain(response: &mut reqwest::Response) {\n    \
         let mut read = 0;\n    \
         while let Ok(Some(chunk)) = response.chunk().await {\n        \
         read += chunk.len();\n        \
         if read > DRAIN_LIMIT_BYTES {\n            \
         break;\n        \
         }\n    \
         }\n\
         }\n\n",
    );
    out.push_str(&backoff(plan));
    if plan.uses_random() {
        out.push_str(UNIFORM);
    }
    if plan.honor {
        out.push_str(RETRY_AFTER);
    }
    out
}

/// The doc comment of `send_with_backoff`: what it retries, how long an
/// attempt may take and which methods go out again.
fn doc_comment(plan: &Plan) -> String {
    let bound = if plan.deadline_ms.is_some() {
        ", and never more than the deadline leaves,"
    } else {
        ""
    };
    let methods = if plan.key {
        "Every method is retried, every attempt carrying the request's own \
         Idempotency-Key, or this call's random one when it has none."
            .to_string()
    } else {
        format!(
            "Only idempotent methods ({}) are retried: any other is sent once, and \
             its response or error comes back as it is.",
            RETRIED_METHODS.join(", ")
        )
    };
    let text = format!(
        "Sends the request that `make_request` builds, retrying 408, 429, 5xx (not \
         501, 505, 511), network errors and attempts that time out, with backoff. \
         `make_request` runs once per attempt, so each attempt sends a fresh request. \
         Each attempt has ATTEMPT_TIMEOUT_MS{bound} to get its response's headers; \
         the body of the response that comes back is the caller's to read, and to \
         bound. {methods} A response that is not retried comes back as it is, \
         whatever its status. Dropping the future cancels the call at once."
    );
    format!("\n{}", comment(&wrap(&text, 76), "/// "))
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

/// `RetryError` with its `Display` and `Error` impls. Each `Display` says
/// only what its own level adds, and `source` gives the rest, so a reporter
/// that walks the chain prints every cause once. The deadline adds a variant.
fn error_type(deadline: bool) -> String {
    let (variant, display, source) = if deadline {
        (
            "    /// The deadline left no time for another attempt; this is the last\n    \
             /// attempt's failure.\n    \
             Deadline(Box<RetryError>),\n",
            "            RetryError::Deadline(_) => write!(f, \"deadline of {DEADLINE_MS} ms reached\"),\n",
            "            RetryError::Deadline(last) => Some(last.as_ref()),\n",
        )
    } else {
        ("", "", "")
    };
    format!(
        "\n/// Why [`send_with_backoff`] gave up.\n\
         #[derive(Debug)]\n\
         pub enum RetryError {{\n    \
         /// Retries ran out on a retryable status; this is the last response.\n    \
         Status(reqwest::Response),\n    \
         /// The request could not be built, or the final attempt failed on the network.\n    \
         Request(reqwest::Error),\n    \
         /// The final attempt had no response within its time.\n    \
         Timeout(tokio::time::error::Elapsed),\n\
         {variant}\
         }}\n\n\
         impl fmt::Display for RetryError {{\n    \
         fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {{\n        \
         match self {{\n            \
         RetryError::Status(response) => {{\n                \
         write!(f, \"status {{}} on the last attempt\", response.status())\n            \
         }}\n            \
         RetryError::Request(_) => write!(f, \"the last attempt failed\"),\n            \
         RetryError::Timeout(_) => write!(f, \"the last attempt timed out\"),\n\
         {display}\
         \x20       }}\n    \
         }}\n\
         }}\n\n\
         impl std::error::Error for RetryError {{\n    \
         fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {{\n        \
         match self {{\n            \
         RetryError::Status(_) => None,\n            \
         RetryError::Request(error) => Some(error),\n            \
         RetryError::Timeout(elapsed) => Some(elapsed),\n\
         {source}\
         \x20       }}\n    \
         }}\n\
         }}\n"
    )
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

/// The strict `Retry-After` reader; the same for every policy.
const RETRY_AFTER: &str = r#"
const DAY_NAMES: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const LONG_DAY_NAMES: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];
const MONTH_NAMES: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// Reads the response's Retry-After as a wait in ms, at most RETRY_AFTER_MAX_MS:
/// all digits are seconds; an HTTP-date is the time until it. Anything else
/// (1.5, -1, 1e3, an ISO timestamp), 0 or a past date gives None, and
/// the computed delay applies.
fn retry_after_ms(response: &reqwest::Response) -> Option<f64> {
    let value = response.headers().get(reqwest::header::RETRY_AFTER)?;
    let text = value.to_str().ok()?.trim();
    let ms = if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        // A very long digit string parses as a huge number or infinity: both clamp.
        text.parse::<f64>().ok()? * 1000.0
    } else {
        (http_date_secs(text)? as f64 - now_secs()) * 1000.0
    };
    (ms > 0.0).then(|| ms.min(RETRY_AFTER_MAX_MS))
}

/// Seconds since the Unix epoch.
fn now_secs() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

/// Reads an HTTP-date (RFC 9110 section 5.6.7) as Unix seconds, or None. The
/// three shapes are matched exactly (case-sensitive): IMF-fixdate
/// `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`
/// and asctime `Sun Nov  6 08:49:37 1994`. The weekday must match the date,
/// and a leap second can only be 23:59:60.
fn http_date_secs(text: &str) -> Option<i64> {
    // Byte ranges of the weekday, day, month, year and time in each shape.
    // Slicing is safe: text that matches a layout is all ASCII.
    let (weekday, day, month, year, clock) = if has_layout(text, "aaa, 99 aaa 9999 99:99:99 GMT") {
        (0..3, 5..7, 8..11, 12..16, 17..25)
    } else if has_layout(text, "aaa aaa _9 99:99:99 9999") {
        (0..3, 8..10, 4..7, 20..24, 11..19)
    } else {
        // RFC 850 spells the weekday out, so the rest starts after its comma.
        let n = text.find(", ")? + 2;
        if !has_layout(&text[n..], "99-aaa-99 99:99:99 GMT") {
            return None;
        }
        let at = |start: usize, end: usize| n + start..n + end;
        (0..n - 2, at(0, 2), at(3, 6), at(7, 9), at(10, 18))
    };
    let month_name = &text[month];
    let month = MONTH_NAMES.iter().position(|name| *name == month_name)? as i64 + 1;
    let day = number(&text[day]);
    let clock = &text[clock];
    let hour = number(&clock[..2]);
    let minute = number(&clock[3..5]);
    let second = number(&clock[6..]);
    let leap = (hour, minute, second) == (23, 59, 60);
    if hour > 23 || minute > 59 || (second > 59 && !leap) {
        return None;
    }
    let seconds = (hour * 60 + minute) * 60 + second;
    // Only RFC 850 has a two-digit year, and it spells the weekday out.
    let rfc850 = year.len() == 2;
    let year = if rfc850 {
        rfc850_year(number(&text[year]), month, day, seconds)
    } else {
        number(&text[year])
    };
    if !(1..=days_in_month(year, month)).contains(&day) {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let names = if rfc850 { LONG_DAY_NAMES } else { DAY_NAMES };
    // 1970-01-01 was a Thursday, and the names start on Monday.
    if names[(days + 3).rem_euclid(7) as usize] != &text[weekday] {
        return None;
    }
    Some(days * 86_400 + seconds)
}

/// Whether `text` has the layout of `pattern`, byte for byte: `9` is a digit,
/// `_` a digit or a space, `a` an ASCII letter; any other byte stands for itself.
fn has_layout(text: &str, pattern: &str) -> bool {
    text.len() == pattern.len()
        && text.bytes().zip(pattern.bytes()).all(|(t, p)| match p {
            b'9' => t.is_ascii_digit(),
            b'_' => t == b' ' || t.is_ascii_digit(),
            b'a' => t.is_ascii_alphabetic(),
            _ => t == p,
        })
}

/// The value of digits that [`has_layout`] checked (asctime's day may lead
/// with a space).
fn number(digits: &str) -> i64 {
    digits.trim_start().parse().unwrap_or(0)
}

/// Days in `month` (1 to 12) of `year`.
fn days_in_month(year: i64, month: i64) -> i64 {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a date of the Gregorian calendar (Howard Hinnant's
/// `days_from_civil`: years counted from March, in 400-year eras).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// RFC 850's two-digit year, read as RFC 9110 asks: the latest year with those
/// digits whose date is not more than 50 years ahead.
fn rfc850_year(two_digits: i64, month: i64, day: i64, seconds: i64) -> i64 {
    let now = now_secs();
    let today = (now / 86_400.0) as i64;
    let mut this_year = 1970;
    while days_from_civil(this_year + 1, 1, 1) <= today {
        this_year += 1;
    }
    let mut year = this_year - this_year % 100 + two_digits + 100;
    // days_from_civil counts on past a month's end, so 29 Feb of a common
    // year rolls over instead of failing.
    while (days_from_civil(year - 50, month, day) * 86_400 + seconds) as f64 > now {
        year -= 100;
    }
    year
}
"#;
