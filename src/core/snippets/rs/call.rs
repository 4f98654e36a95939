//! `send_with_backoff` and `send_with_backoff_observed`: their doc comment,
//! the retry loop (each attempt's timeout, the deadline, the hook, the
//! wait) and the functions that judge and drain a response. Kept apart from
//! the module around them, since this is the part a reader follows first.

use crate::core::snippets::{comment, wrap, Plan, RETRIED_METHODS};

/// The two entry points, and the functions the loop calls.
pub(super) fn function(plan: &Plan) -> String {
    let deadline = plan.deadline_ms.is_some();
    let mut out = String::new();
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
    let (refill, take) = if plan.budget {
        (
            "        // An answer that is not retried refills the retry budget a little.\n        \
             if let Ok(response) = &sent {\n            \
             if !is_retryable(response.status()) {\n                \
             refill_retry_budget();\n            \
             }\n        \
             }\n",
            "            // No token left in the retry budget: give up as when retries run out.\n            \
             Ok(response) if !take_retry_token() => return Err(RetryError::Status(response)),\n            \
             Err(failure) if !take_retry_token() => return Err(failure),\n",
        )
    } else {
        ("", "")
    };
    out.push_str(&format!(
        "        // The attempt's timer goes with it, so none runs on through the wait.\n        \
         let sent = match tokio::time::timeout({limit}, client.execute(request)).await {{\n            \
         Ok(sent) => sent.map_err(RetryError::Request),\n            \
         Err(elapsed) => Err(RetryError::Timeout(elapsed)),\n        \
         }};\n\
         {refill}        \
         let wait = match sent {{\n            \
         Ok(response) if {once}!is_retryable(response.status()) => return Ok(response),\n            \
         Ok(response) if last => return Err(RetryError::Status(response)),\n            \
         Err(failure) if last || !is_transient(&failure) => return Err(failure),\n\
         {take}            \
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
