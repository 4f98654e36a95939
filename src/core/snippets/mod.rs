//! The retry code the page writes: one snippet per language, each a pure
//! function of the [`Policy`] and the [`Options`].
//!
//! Every snippet keeps one contract (docs/snippets.md):
//!
//! - it retries 408, 429, every status ≥ 500 except 501, 505 and 511, and
//!   network errors, and hands any other status back at once; a proxy's
//!   refusal of the tunnel (its answer to CONNECT) is not retried;
//! - when retries run out on a retryable status, each language reports it its
//!   own way (JavaScript and TypeScript return the last response, Python
//!   raises `requests.HTTPError`, Go returns nil and an error, bash exits 1,
//!   Rust returns a `RetryError` holding the response);
//! - with [`Options::honor_retry_after`] on, a retried response's
//!   `Retry-After` (delay-seconds or one of the three HTTP-date shapes, read
//!   strictly) replaces the computed sleep, clamped to
//!   [`Options::retry_after_max_ms`]; a value of 0 or a date already past
//!   asks for no wait and keeps the computed sleep; bash reads delay-seconds
//!   only;
//! - the sleep before each retry follows the core's formula for the policy's
//!   jitter mode exactly ([`crate::core::schedule`]), and only that mode's
//!   code is written;
//! - with [`Options::deadline_ms`] set, the whole call has that budget: no
//!   wait that would end past it is started, no attempt starts with no time
//!   left (a wait can wake up late), and the give-up names the deadline;
//! - with [`Options::idempotency_key`] on, every attempt of one call sends
//!   the same random `Idempotency-Key`, and the next call a new one;
//! - with [`Options::retry_budget`] on, every call in the process shares
//!   one token bucket (`budget`): a retry takes a token, an answer that is
//!   not retried puts back a tenth of one, and with no token left the call
//!   gives up as when its retries run out.
//!
//! Beyond that each snippet does what a reviewer of its language expects
//! (docs/snippets.md): a retried body is drained so the connection is reused,
//! errors a retry cannot fix are not retried, a caller's cancellation ends
//! the loop, and no server value or policy overflows a duration.
//!
//! When a `Retry-After` wait replaces a computed sleep, the backoff still
//! advances, and decorrelated jitter keeps its last *computed* sleep as the
//! previous one: a server's long pause does not inflate later sleeps.
//!
//! Files: this one holds the public API ([`Lang`], [`Options`], [`write()`])
//! and the text helpers; `plan` resolves the policy and options once,
//! `header` writes the comment every snippet starts with, and each language
//! has its writer (`js/`, `go/`, `rs/`, `sh/` are split by concern: the
//! retry loop, its helpers, the `Retry-After` reader; `py.rs` is one file).
//!
//! The writers build text with `format!` and `push_str`; the conformance
//! suite in `tests/conformance/` runs every language × mode × option against
//! a local server that injects faults.

pub mod budget;
mod go;
mod header;
mod js;
mod plan;
mod py;
mod rs;
mod sh;

use super::format::thousands;
use super::policy::{Policy, DEFAULT_ATTEMPT_TIMEOUT_MS};
use plan::{AttemptBound, Plan};

/// The methods retried without an idempotency key: those RFC 9110
/// (section 9.2.2) calls idempotent. Any other is sent once.
pub const RETRIED_METHODS: [&str; 6] = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"];

/// A language the page writes retry code in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// JavaScript: `fetch` with async/await, as an ES module.
    Js,
    /// TypeScript: the JavaScript snippet, fully typed for `tsc --strict`.
    Ts,
    /// Python with `requests`.
    Py,
    /// Go with `net/http`, building on Go 1.19.
    Go,
    /// A bash script around `curl`.
    Sh,
    /// Rust with `reqwest` on `tokio`.
    Rs,
}

impl Lang {
    /// Every language, in the order of the page's tabs.
    pub const ALL: [Lang; 6] = [Lang::Js, Lang::Ts, Lang::Py, Lang::Go, Lang::Sh, Lang::Rs];

    /// The share-link spelling: `js`, `ts`, `py`, `go`, `sh` or `rs`.
    pub fn as_str(self) -> &'static str {
        match self {
            Lang::Js => "js",
            Lang::Ts => "ts",
            Lang::Py => "py",
            Lang::Go => "go",
            Lang::Sh => "sh",
            Lang::Rs => "rs",
        }
    }

    /// Reads the share-link spelling back; `None` for anything else.
    pub fn parse(s: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.as_str() == s)
    }

    /// The tab's name.
    pub fn label(self) -> &'static str {
        match self {
            Lang::Js => "JavaScript",
            Lang::Ts => "TypeScript",
            Lang::Py => "Python",
            Lang::Go => "Go",
            Lang::Sh => "bash",
            Lang::Rs => "Rust",
        }
    }

    /// One line under the code: what runs it and what it needs.
    pub fn run_hint(self) -> &'static str {
        match self {
            Lang::Js => {
                "Runs on Node.js 20 or later, or in a browser, with the built-in fetch; \
                 no packages. Save it as an ES module (retry.mjs) and import fetchWithBackoff."
            }
            Lang::Ts => {
                "Compiles with tsc --strict --target es2022 --module nodenext \
                 --moduleResolution nodenext retry.mts (TypeScript 5), with the DOM library \
                 or @types/node; runs on Node.js 20 or later, or in a browser."
            }
            Lang::Py => "Needs Python 3.8 or later and requests (pip install requests).",
            Lang::Go => "Needs Go 1.19 or later; standard library only (net/http).",
            Lang::Sh => {
                "Needs bash 3.2 or later, curl and awk. Run it as \
                 bash retry.sh URL [curl arguments]."
            }
            Lang::Rs => {
                "Needs the crates reqwest 0.12, tokio 1 (feature \"time\") and rand 0.10, \
                 called from a tokio runtime."
            }
        }
    }
}

/// The code options beside the policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Whether a retried response's `Retry-After` replaces the computed sleep.
    pub honor_retry_after: bool,
    /// The longest wait a `Retry-After` value may ask for, in milliseconds.
    /// Values above [`MAX_DELAY_MS`](crate::core::policy::MAX_DELAY_MS) are written as [`MAX_DELAY_MS`](crate::core::policy::MAX_DELAY_MS), so the
    /// wait fits every language's duration type.
    pub retry_after_max_ms: u64,
    /// The caller's total time budget for the call, in milliseconds; `None`
    /// means no deadline. When set, no wait that would end past it is
    /// started (a `Retry-After` wait included), and the give-up says the
    /// deadline was reached. Values above [`MAX_DELAY_MS`](crate::core::policy::MAX_DELAY_MS) are written as
    /// [`MAX_DELAY_MS`](crate::core::policy::MAX_DELAY_MS).
    pub deadline_ms: Option<u64>,
    /// Whether to send one random `Idempotency-Key` per logical call: the
    /// same on every attempt of that call, a new one for the next call.
    pub idempotency_key: bool,
    /// How long each attempt may take, in milliseconds: an attempt is
    /// bounded by it and by the time left before the deadline, and one that
    /// times out is retried while retries and time remain. Values above
    /// [`MAX_DELAY_MS`](crate::core::policy::MAX_DELAY_MS) are written as [`MAX_DELAY_MS`](crate::core::policy::MAX_DELAY_MS).
    pub attempt_timeout_ms: u64,
    /// Whether every call shares one retry budget (a token bucket of
    /// [`budget::TOKENS`] tokens, refilled [`budget::SUCCESSES_PER_TOKEN`]
    /// answers to a token): a retry is taken only while it has a token.
    pub retry_budget: bool,
}

impl Default for Options {
    /// Honor `Retry-After`, for at most ten minutes; no deadline, no key;
    /// 10 s per attempt; no retry budget.
    fn default() -> Self {
        Options {
            honor_retry_after: true,
            retry_after_max_ms: super::retry_after::DEFAULT_MAX_WAIT_MS,
            deadline_ms: None,
            idempotency_key: false,
            attempt_timeout_ms: DEFAULT_ATTEMPT_TIMEOUT_MS,
            retry_budget: false,
        }
    }
}

/// Writes the retry code for `lang`: a pure function of its inputs.
///
/// `policy` should have passed the page's field checks; the text shows its
/// numbers as they are.
pub fn write(lang: Lang, policy: &Policy, options: &Options) -> String {
    let plan = Plan::new(policy, options);
    match lang {
        Lang::Js => js::write(&plan, false),
        Lang::Ts => js::write(&plan, true),
        Lang::Py => py::write(&plan),
        Lang::Go => go::write(&plan),
        Lang::Sh => sh::write(&plan),
        Lang::Rs => rs::write(&plan),
    }
}

/// A number as the shortest decimal that reads back the same: `2`, `1.5`.
/// Never in exponent form, so every language reads it as a plain literal.
fn decimal(x: f64) -> String {
    // Every value, the wide ones too, as `{}` writes it.
    crate::core::decimal_text::shortest_wide(x)
}

/// Wraps `text` at spaces so no line passes `width` characters (a single
/// longer word gets a line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

/// Prefixes every header line with a comment marker such as `// ` or `# `.
/// What the header says of a proxy's refusal, where the client cannot tell
/// one status of a CONNECT answer from another (Go, reqwest), and so none
/// is retried. bash reads the status and says its own.
const PROXY_LINE: &str = "A proxy's refusal (CONNECT answered 403, 407 or another non-2xx \
                          status) is not retried; a proxy that cannot be reached is.";

fn comment(lines: &[String], marker: &str) -> String {
    let mut out = String::new();
    for line in lines {
        out.push_str(marker);
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::policy::MAX_DELAY_MS;

    #[test]
    fn lang_round_trips_its_share_spelling() {
        for lang in Lang::ALL {
            assert_eq!(Lang::parse(lang.as_str()), Some(lang));
        }
        assert_eq!(Lang::parse("JS"), None);
        assert_eq!(Lang::parse("bash"), None);
    }

    #[test]
    fn labels_are_the_tab_names() {
        let labels: Vec<_> = Lang::ALL.iter().map(|l| l.label()).collect();
        assert_eq!(
            labels,
            ["JavaScript", "TypeScript", "Python", "Go", "bash", "Rust"]
        );
    }

    #[test]
    fn wrap_keeps_lines_short_and_words_whole() {
        let lines = wrap("aa bb cc dd", 5);
        assert_eq!(lines, ["aa bb", "cc dd"]);
        assert_eq!(wrap("abcdefgh ij", 4), ["abcdefgh", "ij"]);
    }

    #[test]
    fn decimals_never_use_exponents() {
        assert_eq!(decimal(2.0), "2");
        assert_eq!(decimal(1.5), "1.5");
        assert_eq!(decimal(0.01), "0.01");
        assert_eq!(decimal(1e12), "1000000000000");
    }

    #[test]
    fn retry_after_maximum_is_held_to_the_delay_limit() {
        let options = Options {
            retry_after_max_ms: u64::MAX,
            deadline_ms: Some(u64::MAX),
            ..Options::default()
        };
        let plan = Plan::new(&Policy::default(), &options);
        assert_eq!(plan.retry_after_max_ms, MAX_DELAY_MS);
        assert_eq!(plan.deadline_ms, Some(MAX_DELAY_MS));
    }

    /// requests bounds the connect and each read, never a whole attempt:
    /// the Python header says so, and only the others claim a whole bound.
    #[test]
    fn python_header_claims_no_whole_attempt_bound() {
        let options = Options {
            deadline_ms: Some(30_000),
            ..Options::default()
        };
        for lang in Lang::ALL {
            // The text with its comment markers gone, so wrapped lines join up.
            let header: String = write(lang, &Policy::default(), &options)
                .lines()
                .map(|line| line.trim_start_matches(['/', '#', ' ']))
                .collect::<Vec<_>>()
                .join(" ");
            let whole = header.contains("No attempt runs past it");
            let each_read = header.contains("each read of its answer");
            assert_eq!(whole, lang != Lang::Py, "{lang:?}: {header}");
            assert_eq!(each_read, lang == Lang::Py, "{lang:?}: {header}");
        }
    }
}
