//! Test code: runs one generated Rust snippet against the conformance server
//! and prints its outcome as one JSON line.
//!
//! ```text
//! snippet-driver VARIANT URL METHOD [BODY]
//! ```
//!
//! `VARIANT` is a snippet's file stem (`full-honor`); build.rs compiles every
//! snippet as a module. The line holds `kind` (`response` for `Ok`, `status`
//! for `RetryError::Status`, `neterror` for `RetryError::Request`), the
//! status and body where there is a response, the error's `Display` text,
//! `source` (the text of `Error::source`, if any), `chain` (the texts of
//! every source down the chain, `source` first), `calls`: when
//! `make_request` ran, and `ended`: when the call returned, in ms from the
//! start. `RetryError::Timeout` (the final attempt timed out) is a network
//! failure too, `kind` `neterror`; the deadline's variant is `kind` `other`.
//! Settings from the environment:
//!
//! - `DRIVER_TIMEOUT_MS`: the client's timeout;
//! - `DRIVER_CANCEL_MS`: drop the call's future after that long (kind
//!   `cancelled`), as `tokio::time::timeout` does;
//! - `DRIVER_REPEAT`: make that many calls in a row; the last one's outcome
//!   is printed, `calls` holds them all;
//! - `DRIVER_BAD_HEADER`: send a header whose value holds a line break;
//! - `DRIVER_KEY`: the caller's own `Idempotency-Key` on the request;
//! - `HTTPS_PROXY`: reqwest's client reads it (and `NO_PROXY`) itself, as it
//!   does by default, and tunnels an `https://` URL through that proxy;
//! - `DRIVER_HOOK`: call `send_with_backoff_observed` instead, and add
//!   `retries`: the hook's calls, each `[retry, wait in ms, what]`, where
//!   `what` is the status, or `"request"` or `"timeout"` for an error.

use std::cell::RefCell;
use std::process::ExitCode;
use std::time::Instant;

/// What the harness asked for.
struct Request {
    url: String,
    method: reqwest::Method,
    body: Option<String>,
}

/// A JSON string literal.
fn json(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The client, with `DRIVER_TIMEOUT_MS` as its timeout when set.
fn client() -> reqwest::Client {
    let mut builder = reqwest::Client::builder();
    if let Some(ms) = std::env::var("DRIVER_TIMEOUT_MS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        builder = builder.timeout(std::time::Duration::from_millis(ms));
    }
    builder.build().expect("a client")
}

/// Proves at compile time that a snippet's `RetryError` is a real error type.
fn assert_error<E: std::error::Error + std::fmt::Display>(_: &E) {}

/// A setting from the environment, if set and a number.
fn setting(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// Calls `$module::send_with_backoff` and describes the outcome as JSON.
macro_rules! drive {
    ($module:ident, $request:expr) => {{
        let request: &Request = $request;
        let client = client();
        let start = Instant::now();
        let calls = RefCell::new(Vec::new());
        let retries = RefCell::new(Vec::<String>::new());
        let mut fields = String::new();
        for _ in 0..setting("DRIVER_REPEAT").unwrap_or(1) {
            let make_request = || {
                calls
                    .borrow_mut()
                    .push(start.elapsed().as_secs_f64() * 1000.0);
                let mut builder = client.request(request.method.clone(), &request.url);
                if std::env::var_os("DRIVER_BAD_HEADER").is_some() {
                    builder = builder.header("x-bad", "a\nb");
                }
                if let Ok(key) = std::env::var("DRIVER_KEY") {
                    builder = builder.header("Idempotency-Key", key);
                }
                match &request.body {
                    Some(body) => builder.body(body.clone()),
                    None => builder,
                }
            };
            let call: std::pin::Pin<Box<dyn std::future::Future<Output = _>>> =
                if std::env::var_os("DRIVER_HOOK").is_some() {
                    Box::pin($module::send_with_backoff_observed(
                        make_request,
                        |retry, wait, outcome| {
                            let what = match outcome {
                                Ok(response) => response.status().as_u16().to_string(),
                                Err($module::RetryError::Timeout(_)) => json("timeout"),
                                Err(_) => json("request"),
                            };
                            let ms = wait.as_secs_f64() * 1000.0;
                            retries
                                .borrow_mut()
                                .push(format!("[{retry},{ms:.3},{what}]"));
                        },
                    ))
                } else {
                    Box::pin($module::send_with_backoff(make_request))
                };
            let result = match setting("DRIVER_CANCEL_MS") {
                Some(ms) => {
                    match tokio::time::timeout(std::time::Duration::from_millis(ms), call).await {
                        Ok(result) => result,
                        Err(_) => {
                            fields = "\"kind\":\"cancelled\"".to_string();
                            continue;
                        }
                    }
                }
                None => call.await,
            };
            fields = match result {
                Ok(response) => {
                    let status = response.status().as_u16();
                    let body = response.text().await.unwrap_or_default();
                    format!(
                        "\"kind\":\"response\",\"status\":{status},\"body\":{}",
                        json(&body)
                    )
                }
                Err(error) => {
                    assert_error(&error);
                    let message = json(&error.to_string());
                    let source = std::error::Error::source(&error)
                        .map_or("null".to_string(), |s| json(&s.to_string()));
                    let mut chain = Vec::new();
                    let mut cause = std::error::Error::source(&error);
                    while let Some(inner) = cause {
                        chain.push(json(&inner.to_string()));
                        cause = inner.source();
                    }
                    let chain = chain.join(",");
                    let common =
                        format!("\"message\":{message},\"source\":{source},\"chain\":[{chain}]");
                    #[allow(unreachable_patterns)]
                    match error {
                        $module::RetryError::Status(response) => {
                            let status = response.status().as_u16();
                            let body = response.text().await.unwrap_or_default();
                            format!(
                                "\"kind\":\"status\",\"status\":{status},\"body\":{},{common}",
                                json(&body)
                            )
                        }
                        $module::RetryError::Request(_) | $module::RetryError::Timeout(_) => {
                            format!("\"kind\":\"neterror\",{common}")
                        }
                        _ => format!("\"kind\":\"other\",{common}"),
                    }
                }
            };
        }
        let calls: Vec<String> = calls.borrow().iter().map(|t| format!("{t:.3}")).collect();
        let ended = start.elapsed().as_secs_f64() * 1000.0;
        format!(
            "{{{fields},\"calls\":[{}],\"retries\":[{}],\"ended\":{ended:.3}}}",
            calls.join(","),
            retries.borrow().join(",")
        )
    }};
}

include!(concat!(env!("OUT_DIR"), "/variants.rs"));

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: snippet-driver VARIANT URL METHOD [BODY]");
        return ExitCode::from(2);
    }
    let request = Request {
        url: args[1].clone(),
        method: args[2].parse().expect("an HTTP method"),
        body: args.get(3).cloned(),
    };
    match run_variant(&args[0], &request).await {
        Some(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("snippet-driver: no variant {:?}", args[0]);
            ExitCode::from(2)
        }
    }
}
