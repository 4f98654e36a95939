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
//!   wait that would end past it is started, and the give-up names the
//!   deadline;
//! - with [`Options::idempotency_key`] on, every attempt of one call sends
//!   the same random `Idempotency-Key`, and the next call a new one.
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
//! The writers build text with `format!` and `push_str`; the conformance
//! suite in `tests/conformance/` runs every language × mode × option against
//! a local server that injects faults.

mod go;
mod js;
mod py;
mod rs;
mod sh;

use super::format::thousands;
use super::policy::{CapOrder, Jitter, Policy, DEFAULT_ATTEMPT_TIMEOUT_MS, MAX_DELAY_MS};

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
    /// Values above [`MAX_DELAY_MS`] are written as [`MAX_DELAY_MS`], so the
    /// wait fits every language's duration type.
    pub retry_after_max_ms: u64,
    /// The caller's total time budget for the call, in milliseconds; `None`
    /// means no deadline. When set, no wait that would end past it is
    /// started (a `Retry-After` wait included), and the give-up says the
    /// deadline was reached. Values above [`MAX_DELAY_MS`] are written as
    /// [`MAX_DELAY_MS`].
    pub deadline_ms: Option<u64>,
    /// Whether to send one random `Idempotency-Key` per logical call: the
    /// same on every attempt of that call, a new one for the next call.
    pub idempotency_key: bool,
    /// How long each attempt may take, in milliseconds: an attempt is
    /// bounded by it and by the time left before the deadline, and one that
    /// times out is retried while retries and time remain. Values above
    /// [`MAX_DELAY_MS`] are written as [`MAX_DELAY_MS`].
    pub attempt_timeout_ms: u64,
}

impl Default for Options {
    /// Honor `Retry-After`, for at most ten minutes; no deadline, no key;
    /// 10 s per attempt.
    fn default() -> Self {
        Options {
            honor_retry_after: true,
            retry_after_max_ms: super::retry_after::DEFAULT_MAX_WAIT_MS,
            deadline_ms: None,
            idempotency_key: false,
            attempt_timeout_ms: DEFAULT_ATTEMPT_TIMEOUT_MS,
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

/// What a language's attempt timeout bounds, as its header says.
#[derive(Clone, Copy, PartialEq, Eq)]
enum AttemptBound {
    /// The whole attempt (JS/TS, Go, Rust, bash).
    Whole,
    /// The connect and each read of the socket only: Python's requests has
    /// no limit on a whole attempt.
    EachRead,
}

/// Everything a writer needs, resolved once: the policy and the options.
struct Plan {
    policy: Policy,
    honor: bool,
    retry_after_max_ms: u64,
    /// The deadline, held to [`MAX_DELAY_MS`].
    deadline_ms: Option<u64>,
    key: bool,
    /// Each attempt's timeout, held to [`MAX_DELAY_MS`].
    timeout_ms: u64,
}

impl Plan {
    fn new(policy: &Policy, options: &Options) -> Plan {
        Plan {
            policy: *policy,
            honor: options.honor_retry_after,
            retry_after_max_ms: options.retry_after_max_ms.min(MAX_DELAY_MS),
            deadline_ms: options.deadline_ms.map(|d| d.min(MAX_DELAY_MS)),
            key: options.idempotency_key,
            timeout_ms: options.attempt_timeout_ms.min(MAX_DELAY_MS),
        }
    }

    /// Whether a computed sleep can pass [`MAX_DELAY_MS`], which only
    /// proportional jitter with the cap before the factor allows. Past
    /// about 292 years (9.2e12 ms) a sleep overflows Go's `time.Duration`
    /// and Python's `time.sleep`, so those writers hold it to the limit.
    fn sleep_may_overflow(&self) -> bool {
        let p = &self.policy;
        self.jitter() == Jitter::Proportional
            && self.cap_order() == CapOrder::Before
            && p.cap_ms as f64 * p.proportional.hi > MAX_DELAY_MS as f64
    }

    fn jitter(&self) -> Jitter {
        self.policy.jitter
    }

    /// The cap order, meaningful only for proportional jitter.
    fn cap_order(&self) -> CapOrder {
        self.policy.proportional.cap
    }

    /// Whether the backoff grows until `cap / LOW_FACTOR` rather than `cap`:
    /// with the cap after the factor, the sleep still changes until
    /// `backoff × lo` reaches the cap (the core's `stop`).
    fn grows_past_cap(&self) -> bool {
        self.jitter() == Jitter::Proportional && self.cap_order() == CapOrder::After
    }

    /// Whether the sleep draws a random number at all.
    fn uses_random(&self) -> bool {
        self.jitter() != Jitter::None
    }

    /// The snippet's named constants, in order. Every value is a whole
    /// number or a decimal; each writer spells the names its own way.
    fn constants(&self) -> Vec<(&'static str, f64)> {
        let p = &self.policy;
        let mut out = vec![("BASE_DELAY_MS", p.base_ms as f64)];
        // Decorrelated jitter grows from the previous sleep, not by the
        // multiplier, so its code has no use for one.
        if p.jitter != Jitter::Decorrelated {
            out.push(("MULTIPLIER", p.multiplier));
        }
        out.push(("MAX_DELAY_MS", p.cap_ms as f64));
        out.push(("MAX_RETRIES", f64::from(p.max_retries)));
        if p.jitter == Jitter::Proportional {
            out.push(("LOW_FACTOR", p.proportional.lo));
            out.push(("HIGH_FACTOR", p.proportional.hi));
        }
        if self.honor {
            out.push(("RETRY_AFTER_MAX_MS", self.retry_after_max_ms as f64));
        }
        out.push(("ATTEMPT_TIMEOUT_MS", self.timeout_ms as f64));
        if let Some(deadline) = self.deadline_ms {
            out.push(("DEADLINE_MS", deadline as f64));
        }
        out
    }

    /// The multiplier as a decimal literal: `2`, `1.5`.
    fn multiplier(&self) -> String {
        decimal(self.policy.multiplier)
    }

    /// The proportional factors as decimal literals.
    fn factors(&self) -> (String, String) {
        let p = self.policy.proportional;
        (decimal(p.lo), decimal(p.hi))
    }

    /// The header comment, as lines without a comment marker, wrapped to
    /// fit `width` columns. `retry_after_line` overrides the sentence on
    /// `Retry-After` (bash reads only its seconds form).
    fn header(
        &self,
        width: usize,
        retry_after_line: Option<&str>,
        proxy_line: &str,
    ) -> Vec<String> {
        self.header_bounded(width, retry_after_line, proxy_line, AttemptBound::Whole)
    }

    /// [`Plan::header`] for a language whose attempt timeout bounds what
    /// `bound` says.
    fn header_bounded(
        &self,
        width: usize,
        retry_after_line: Option<&str>,
        proxy_line: &str,
        bound: AttemptBound,
    ) -> Vec<String> {
        let p = &self.policy;
        let attempts = u64::from(p.max_retries) + 1;
        let retries = match p.max_retries {
            1 => "1 retry".to_string(),
            n => format!("{} retries", thousands(u64::from(n))),
        };
        let jitter = match p.jitter {
            Jitter::None => "no jitter".to_string(),
            Jitter::Full => "full jitter".to_string(),
            Jitter::Equal => "equal jitter".to_string(),
            Jitter::Decorrelated => "decorrelated jitter".to_string(),
            Jitter::Proportional => {
                let (lo, hi) = self.factors();
                let order = self.cap_order().as_str();
                format!("proportional jitter (factors {lo} to {hi}, cap {order} the factor)")
            }
        };
        let policy_line = format!(
            "Retry policy: base {} ms, multiplier {}, cap {} ms, {retries} \
             ({} attempts in all), {jitter}.",
            thousands(p.base_ms),
            self.multiplier(),
            thousands(p.cap_ms),
            thousands(attempts),
        );
        let default_retry_after = if self.honor {
            format!(
                "Retry-After is honored (delay-seconds or an HTTP-date, read strictly), \
                 waiting at most {} ms; it replaces the computed sleep (unless 0 or a \
                 past date), which still advances the backoff.",
                thousands(self.retry_after_max_ms)
            )
        } else {
            "Retry-After is ignored: every wait is the computed one.".to_string()
        };
        let paragraphs = [
            "Retries an HTTP request with capped exponential backoff.".to_string(),
            policy_line,
            self.formula(),
            "Retried: 408, 429, 5xx but 501, 505, 511 (a retry cannot fix those), and \
             network errors; any other status ends the loop at once."
                .to_string(),
            proxy_line.to_string(),
            retry_after_line.map_or(default_retry_after, str::to_string),
            self.timeout_line(bound),
        ];
        let mut lines: Vec<String> = paragraphs.iter().flat_map(|p| wrap(p, width)).collect();
        if let Some(deadline) = self.deadline_ms {
            let (attempts, after) = match bound {
                AttemptBound::Whole => ("No attempt runs past it", ""),
                AttemptBound::EachRead => (
                    "No attempt starts past it",
                    " An attempt answered slowly can end after it (see above).",
                ),
            };
            lines.extend(wrap(
                &format!(
                    "Deadline: the whole call has {} ms. {attempts}, and a wait (computed \
                     or Retry-After) that would end past it is not started: the call gives \
                     up at once and says the deadline was reached.{after}",
                    thousands(deadline)
                ),
                width,
            ));
        }
        lines.extend(wrap(&self.methods_line(), width));
        lines
    }

    /// The header's sentence on each attempt's timeout.
    fn timeout_line(&self, bound: AttemptBound) -> String {
        let deadline = self.deadline_ms.is_some();
        let left = if deadline { " and time" } else { "" };
        let timeout = thousands(self.timeout_ms);
        let limit = match bound {
            AttemptBound::Whole => {
                let past = if deadline {
                    ", and never past the deadline"
                } else {
                    ""
                };
                format!("Each attempt may take at most {timeout} ms{past}; one")
            }
            AttemptBound::EachRead => {
                let past = if deadline {
                    ", and no more than the time left before the deadline as the attempt \
                     starts"
                } else {
                    ""
                };
                format!(
                    "Each attempt's connect, and each read of its answer, may wait at most \
                     {timeout} ms{past}: requests has no limit on a whole attempt, so a server \
                     that keeps sending bytes slowly can hold one longer. An attempt"
                )
            }
        };
        format!(
            "{limit} that times out is retried while retries{left} remain. Only the \
             caller's own cancellation ends the call at once."
        )
    }

    /// The header's sentence on which methods are retried.
    fn methods_line(&self) -> String {
        if self.key {
            "Every method is retried, since every attempt of one call sends the same \
             Idempotency-Key: the caller's own when it sets one, otherwise a random one \
             per call. A server that remembers keys can then drop a repeat, so a POST \
             that charges a card takes effect once even when a lost answer makes us \
             send it again."
                .to_string()
        } else {
            format!(
                "Only idempotent methods ({}) are retried: any other (POST, PATCH) is \
                 sent once, since a retried POST may take effect twice. Turn on the \
                 idempotency key to retry those too.",
                RETRIED_METHODS.join(", ")
            )
        }
    }

    /// The sleep formula of the chosen mode, in words for the header.
    fn formula(&self) -> String {
        let d = "d = min(cap, base * multiplier^(k-1))";
        match self.jitter() {
            Jitter::None => format!("Retry k sleeps d, where {d}."),
            Jitter::Full => format!("Retry k sleeps uniform(0, d), where {d}."),
            Jitter::Equal => format!("Retry k sleeps d/2 + uniform(0, d/2), where {d}."),
            Jitter::Decorrelated => "Each sleep is min(cap, uniform(base, 3 * previous sleep)), \
                 the first previous sleep being the base; the multiplier plays no part."
                .to_string(),
            Jitter::Proportional => {
                let (lo, hi) = self.factors();
                match self.cap_order() {
                    CapOrder::Before => format!(
                        "Retry k sleeps d * uniform({lo}, {hi}), where {d}: the cap \
                         applies before the factor, so a sleep may reach {hi} * cap."
                    ),
                    CapOrder::After => format!(
                        "Retry k sleeps min(cap, base * multiplier^(k-1) * \
                         uniform({lo}, {hi})): the cap applies after the factor, so no \
                         sleep exceeds it."
                    ),
                }
            }
        }
    }
}

/// A number as the shortest decimal that reads back the same: `2`, `1.5`.
/// Never in exponent form, so every language reads it as a plain literal.
fn decimal(x: f64) -> String {
    format!("{x}")
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
