//! The code writers' text, pinned: each language's snippets for a fixed
//! policy must match the snapshot under `tests/snapshots/`, and every
//! snippet must state its policy, name its constants and write only the
//! code its options call for.
//!
//! After an intended change to a writer, rewrite the snapshots with
//!
//! ```text
//! UPDATE_SNAPSHOTS=1 cargo test --test snippets_snapshot
//! ```
//!
//! and read the diff. Whether the code *runs* right is the conformance
//! suite's job (`node --test tests/conformance/`).

use std::fs;
use std::path::PathBuf;

use backoff_calculator::core::policy::{CapOrder, Jitter, Policy, Proportional, MAX_DELAY_MS};
use backoff_calculator::core::snippets::budget::{SUCCESSES_PER_TOKEN, TOKENS};
use backoff_calculator::core::snippets::{write, Lang, Options};

mod common;

use common::modes::mode_variants;

/// Every jitter mode under test, named as `tests/common/modes.rs` names it
/// (proportional in both cap orders), each on the default policy.
fn modes() -> Vec<(String, Policy)> {
    mode_variants()
        .into_iter()
        .map(|mode| {
            let policy = Policy {
                jitter: mode.jitter,
                proportional: Proportional {
                    cap: mode.cap,
                    ..Proportional::default()
                },
                ..Policy::default()
            };
            (mode.name, policy)
        })
        .collect()
}

const HONOR: Options = Options {
    honor_retry_after: true,
    retry_after_max_ms: 600_000,
    deadline_ms: None,
    idempotency_key: false,
    attempt_timeout_ms: 10_000,
    retry_budget: false,
};

const IGNORE: Options = Options {
    honor_retry_after: false,
    ..HONOR
};

/// A deadline and the idempotency key, on top of [`HONOR`].
const DEADLINE_KEY: Options = Options {
    deadline_ms: Some(50_000),
    idempotency_key: true,
    ..HONOR
};

/// The retry budget, on top of [`HONOR`].
const BUDGET: Options = Options {
    retry_budget: true,
    ..HONOR
};

/// The constant names as each language spells them.
fn constant_names(lang: Lang) -> [&'static str; 5] {
    match lang {
        Lang::Go => [
            "baseDelayMs",
            "multiplier",
            "maxDelayMs",
            "maxRetries",
            "retryAfterMaxMs",
        ],
        _ => [
            "BASE_DELAY_MS",
            "MULTIPLIER",
            "MAX_DELAY_MS",
            "MAX_RETRIES",
            "RETRY_AFTER_MAX_MS",
        ],
    }
}

/// The lines that are code, not comments or doc text.
fn code_lines(text: &str) -> Vec<&str> {
    let mut in_docstring = false;
    text.lines()
        .filter(|line| {
            let t = line.trim_start();
            // Python docstrings: skip from an opening `"""` to its close.
            if t.starts_with("\"\"\"") {
                let closes_here = t.len() > 3 && t.ends_with("\"\"\"");
                if !closes_here {
                    in_docstring = !in_docstring;
                }
                return false;
            }
            if in_docstring {
                return false;
            }
            !(t.starts_with("//")
                || t.starts_with('#')
                || t.starts_with('*')
                || t.starts_with("/*"))
        })
        .collect()
}

/// The value of constant `name`: what follows `=` on its definition line.
fn constant_value(text: &str, name: &str) -> Option<String> {
    code_lines(text).into_iter().find_map(|line| {
        let (left, right) = line.split_once('=')?;
        let left = left.trim().trim_start_matches("const ");
        let declared = left.split(':').next()?.trim();
        (declared == name).then(|| right.trim().trim_end_matches(';').to_string())
    })
}

/// The header comment as one line of prose: the leading comment lines
/// without their markers, joined by spaces.
fn header(text: &str) -> String {
    let words: Vec<&str> = text
        .lines()
        .skip_while(|l| l.starts_with("#!"))
        .take_while(|l| l.starts_with("//") || l.starts_with('#'))
        .map(|l| l.trim_start_matches(['/', '#']).trim())
        .collect();
    words.join(" ")
}

/// The whole snapshot of one language: the default policy in full (full
/// jitter, Retry-After honored), the same with a deadline and an
/// idempotency key, then every mode with Retry-After ignored, which leaves
/// each mode's own code easy to read.
fn snapshot(lang: Lang) -> String {
    let mut out = String::new();
    let mut section = |title: &str, text: String| {
        out.push_str(&format!("======== {title} ========\n"));
        out.push_str(&text);
    };
    section(
        "default policy, Retry-After honored",
        write(lang, &Policy::default(), &HONOR),
    );
    section(
        "default policy, deadline 50 s and an idempotency key",
        write(lang, &Policy::default(), &DEADLINE_KEY),
    );
    section(
        "default policy, Retry-After honored, a retry budget",
        write(lang, &Policy::default(), &BUDGET),
    );
    for (name, policy) in modes() {
        section(
            &format!("{name}, Retry-After ignored"),
            write(lang, &policy, &IGNORE),
        );
    }
    out
}

/// Where `actual` first departs from `expected`, line by line (numbered
/// from 1, each with its line end, so a lost final newline shows): both
/// lines, or which text has more lines when one is the start of the other.
fn first_difference(expected: &str, actual: &str) -> String {
    let want: Vec<&str> = expected.split_inclusive('\n').collect();
    let got: Vec<&str> = actual.split_inclusive('\n').collect();
    if let Some(i) = want.iter().zip(&got).position(|(w, g)| w != g) {
        return format!(
            "line {} first differs\n  expected: {:?}\n  actual:   {:?}",
            i + 1,
            want[i],
            got[i]
        );
    }
    let (n_want, n_got) = (want.len(), got.len());
    let common = n_want.min(n_got);
    if n_want > n_got {
        format!(
            "the writer stops early: {n_got} lines where the snapshot has {n_want}; \
             line {} should be {:?}",
            common + 1,
            want[common]
        )
    } else if n_got > n_want {
        format!(
            "the writer goes on: {n_got} lines where the snapshot has {n_want}; \
             line {} is extra: {:?}",
            common + 1,
            got[common]
        )
    } else {
        "the texts are the same".to_string()
    }
}

#[test]
fn first_difference_names_the_line() {
    assert_eq!(
        first_difference("a\nb\nc\n", "a\nB\nc\n"),
        "line 2 first differs\n  expected: \"b\\n\"\n  actual:   \"B\\n\""
    );
    assert_eq!(
        first_difference("a\nb\n", "a\nb\nc\n"),
        "the writer goes on: 3 lines where the snapshot has 2; line 3 is extra: \"c\\n\""
    );
    assert_eq!(
        first_difference("a\nb\nc\n", "a\n"),
        "the writer stops early: 1 lines where the snapshot has 3; line 2 should be \"b\\n\""
    );
    assert_eq!(
        first_difference("a\nb\n", "a\nb"),
        "line 2 first differs\n  expected: \"b\\n\"\n  actual:   \"b\""
    );
}

#[test]
fn every_writer_matches_its_snapshot() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    for lang in Lang::ALL {
        let path = dir.join(format!("snippets-{}.snap", lang.as_str()));
        let text = snapshot(lang);
        if update {
            fs::create_dir_all(&dir).expect("create tests/snapshots");
            fs::write(&path, &text).expect("write the snapshot");
            continue;
        }
        match fs::read_to_string(&path) {
            Ok(saved) if saved == text => {}
            Ok(saved) => stale.push(format!(
                "{} differs: {}",
                path.display(),
                first_difference(&saved, &text)
            )),
            Err(e) => stale.push(format!("{}: {e}", path.display())),
        }
    }
    assert!(
        stale.is_empty(),
        "{}\nIf the change is intended: UPDATE_SNAPSHOTS=1 cargo test --test snippets_snapshot",
        stale.join("\n")
    );
}

#[test]
fn every_mode_writes_its_own_code() {
    // A writer that ignored the mode would write the same text for two of
    // them; the snapshots above pin each text.
    for lang in Lang::ALL {
        for options in [HONOR, IGNORE, DEADLINE_KEY] {
            let texts: Vec<(String, String)> = modes()
                .into_iter()
                .map(|(name, policy)| (name, write(lang, &policy, &options)))
                .collect();
            for (i, (a, text_a)) in texts.iter().enumerate() {
                for (b, text_b) in &texts[i + 1..] {
                    assert_ne!(text_a, text_b, "{lang:?}: {a} and {b} write the same code");
                }
            }
        }
    }
}

#[test]
fn the_header_states_the_policy_and_the_idempotency_rule() {
    for lang in Lang::ALL {
        let text = header(&write(lang, &Policy::default(), &HONOR));
        for needle in [
            "base 1,000 ms",
            "multiplier 2",
            "cap 32,000 ms",
            "5 retries (6 attempts in all)",
            "full jitter",
            "idempotent",
            "at most 600,000 ms",
        ] {
            assert!(text.contains(needle), "{lang:?} header lacks {needle:?}");
        }
        let after = Policy {
            jitter: Jitter::Proportional,
            proportional: Proportional {
                cap: CapOrder::After,
                ..Proportional::default()
            },
            ..Policy::default()
        };
        let text = header(&write(lang, &after, &IGNORE));
        assert!(
            text.contains("proportional jitter (factors 0.8 to 1.2, cap after the factor)"),
            "{lang:?} names the factors and the cap order"
        );
    }
}

#[test]
fn constants_are_named_with_the_policy_values() {
    for lang in Lang::ALL {
        let text = write(lang, &Policy::default(), &HONOR);
        let [base, multiplier, cap, retries, retry_after] = constant_names(lang);
        let float = |x: &str| {
            if lang == Lang::Rs {
                format!("{x}.0")
            } else {
                x.to_string()
            }
        };
        for (name, value) in [
            (base, float("1000")),
            (multiplier, float("2")),
            (cap, float("32000")),
            (retries, "5".to_string()),
            (retry_after, float("600000")),
        ] {
            assert_eq!(constant_value(&text, name), Some(value), "{lang:?} {name}");
        }
    }
}

#[test]
fn ignoring_retry_after_writes_no_retry_after_code() {
    for lang in Lang::ALL {
        for (name, policy) in modes() {
            let text = write(lang, &policy, &IGNORE);
            for line in code_lines(&text) {
                let lower = line.to_ascii_lowercase();
                assert!(
                    !lower.contains("retry-after")
                        && !lower.contains("retry_after")
                        && !lower.contains("retryafter"),
                    "{lang:?} {name} without Retry-After still has: {line}"
                );
            }
            assert!(
                text.contains("Retry-After is ignored"),
                "{lang:?} {name} says so"
            );
        }
    }
}

#[test]
fn honoring_retry_after_reads_the_header_and_its_dates() {
    for lang in Lang::ALL {
        let text = write(lang, &Policy::default(), &HONOR);
        let lower = text.to_ascii_lowercase();
        assert!(lower.contains("retry-after"), "{lang:?} reads the header");
        if lang == Lang::Sh {
            assert!(
                text.contains("delay-seconds form only"),
                "bash says what it reads"
            );
            assert!(!text.contains("GMT"), "bash reads no dates");
        } else {
            for shape in ["IMF-fixdate", "RFC 850", "asctime", "GMT"] {
                assert!(text.contains(shape), "{lang:?} reads {shape}");
            }
        }
        // Never a lenient date parser on the raw header.
        for lenient in [
            "Date.parse",
            "parsedate",
            "email.utils.parse",
            "http.ParseTime",
        ] {
            assert!(
                code_lines(&text).iter().all(|l| !l.contains(lenient)),
                "{lang:?} uses {lenient}"
            );
        }
    }
}

#[test]
fn only_the_chosen_mode_is_written() {
    for lang in Lang::ALL {
        for (name, policy) in modes() {
            let code = code_lines(&write(lang, &policy, &IGNORE)).join("\n");
            let has = |needle: &str| code.to_ascii_lowercase().contains(needle);
            let proportional = policy.jitter == Jitter::Proportional;
            assert_eq!(
                has("low_factor") || has("lowfactor") || has("low ="),
                proportional,
                "{lang:?} {name}: factors only for proportional jitter"
            );
            assert_eq!(
                has("previous"),
                policy.jitter == Jitter::Decorrelated,
                "{lang:?} {name}: the previous sleep only for decorrelated jitter"
            );
            assert_eq!(
                has("uniform") || has("random"),
                policy.jitter != Jitter::None,
                "{lang:?} {name}: randomness only when jittering"
            );
            assert_eq!(
                has("multiplier"),
                policy.jitter != Jitter::Decorrelated,
                "{lang:?} {name}: decorrelated jitter has no use for the multiplier"
            );
        }
    }
}

#[test]
fn each_language_names_its_entry_point() {
    let policy = Policy::default();
    let entry = [
        (Lang::Js, "export async function fetchWithBackoff(url, init, { onRetry } = {})"),
        (Lang::Ts, "export async function fetchWithBackoff("),
        (
            Lang::Py,
            "def request_with_backoff(\n    method: str,\n    url: str,\n    \
             session: Optional[requests.Session] = None,\n    \
             on_retry: Optional[RetryHook] = None,\n    **kwargs: Any,\n) -> requests.Response:",
        ),
        (
            Lang::Go,
            "func DoWithBackoff(client *http.Client, newRequest func() (*http.Request, error)) (*http.Response, error)",
        ),
        (Lang::Sh, "#!/usr/bin/env bash"),
        (
            Lang::Rs,
            "pub async fn send_with_backoff<F>(make_request: F) -> Result<reqwest::Response, RetryError>",
        ),
    ];
    for (lang, signature) in entry {
        assert!(write(lang, &policy, &HONOR).contains(signature), "{lang:?}");
    }
    let rust = write(Lang::Rs, &policy, &HONOR);
    assert!(rust.contains("impl fmt::Display for RetryError"));
    assert!(rust.contains("impl std::error::Error for RetryError"));
    let ts = write(Lang::Ts, &policy, &HONOR);
    assert!(ts.contains("init?: RequestInit | (() => RequestInit)"));
}

#[test]
fn numbers_are_written_as_each_language_reads_them() {
    let policy = Policy {
        multiplier: 1.5,
        ..Policy::default()
    };
    assert!(write(Lang::Rs, &policy, &HONOR).contains("const MULTIPLIER: f64 = 1.5;"));
    assert!(write(Lang::Rs, &Policy::default(), &HONOR).contains("const MULTIPLIER: f64 = 2.0;"));
    assert!(write(Lang::Rs, &policy, &HONOR).contains("const MAX_RETRIES: u32 = 5;"));
    assert!(write(Lang::Js, &policy, &HONOR).contains("const MULTIPLIER = 1.5;"));
    assert!(write(Lang::Sh, &policy, &HONOR).contains("MULTIPLIER=1.5\n"));
    // gofmt aligns a const block on its longest name (attemptTimeoutMs).
    assert!(write(Lang::Go, &policy, &HONOR).contains("\tbaseDelayMs      = 1000\n"));
    assert!(write(Lang::Go, &policy, &IGNORE).contains("\tbaseDelayMs      = 1000\n"));
}

#[test]
fn extreme_policies_still_write_plain_numbers() {
    let huge = Options {
        retry_after_max_ms: u64::MAX,
        ..HONOR
    };
    let edges = [
        Policy {
            base_ms: 0,
            ..Policy::default()
        },
        Policy {
            base_ms: MAX_DELAY_MS,
            cap_ms: MAX_DELAY_MS,
            multiplier: 10.0,
            max_retries: 1_000,
            ..Policy::default()
        },
        Policy {
            base_ms: 5_000,
            cap_ms: 100,
            multiplier: 1.0,
            max_retries: 0,
            jitter: Jitter::Decorrelated,
            ..Policy::default()
        },
        Policy {
            jitter: Jitter::Proportional,
            proportional: Proportional {
                lo: 0.01,
                hi: 10.0,
                cap: CapOrder::After,
            },
            ..Policy::default()
        },
    ];
    for lang in Lang::ALL {
        for policy in &edges {
            let text = write(lang, policy, &huge);
            let [_, _, _, _, retry_after] = constant_names(lang);
            for name in constant_names(lang) {
                let Some(value) = constant_value(&text, name) else {
                    continue; // decorrelated jitter has no multiplier
                };
                let digits = value.trim_end_matches(".0").replacen('.', "", 1);
                assert!(
                    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()),
                    "{lang:?} {name} = {value}"
                );
            }
            // A Retry-After maximum past the delay limit is held to it.
            let max = constant_value(&text, retry_after).expect("honored");
            assert_eq!(max.trim_end_matches(".0"), "1000000000000", "{lang:?}");
        }
    }
    let one = header(&write(
        Lang::Py,
        &Policy {
            max_retries: 1,
            ..Policy::default()
        },
        &HONOR,
    ));
    assert!(one.contains("1 retry (2 attempts in all)"), "{one}");
}

#[test]
fn lang_names_and_hints() {
    assert_eq!(Lang::ALL.len(), 6);
    for lang in Lang::ALL {
        assert_eq!(Lang::parse(lang.as_str()), Some(lang));
        let hint = lang.run_hint();
        assert!(!hint.is_empty() && hint.len() < 200, "{lang:?}: {hint}");
        assert!(!hint.contains('\n'));
    }
    assert!(Lang::Py.run_hint().contains("requests"));
    assert!(Lang::Rs.run_hint().contains("reqwest") && Lang::Rs.run_hint().contains("tokio"));
    assert!(Lang::Go.run_hint().contains("1.19"));
    assert!(Lang::Sh.run_hint().contains("curl"));
    let spelled: Vec<_> = Lang::ALL.iter().map(|l| l.as_str()).collect();
    assert_eq!(spelled, ["js", "ts", "py", "go", "sh", "rs"]);
    assert_eq!(Options::default(), HONOR);
}

#[test]
fn deadline_and_key_are_written_only_when_asked_for() {
    for lang in Lang::ALL {
        let plain = write(lang, &Policy::default(), &HONOR);
        let both = write(lang, &Policy::default(), &DEADLINE_KEY);
        let deadline = if lang == Lang::Go {
            "deadlineMs"
        } else {
            "DEADLINE_MS"
        };
        assert_eq!(
            constant_value(&both, deadline)
                .as_deref()
                .map(|v| v.trim_end_matches(".0")),
            Some("50000"),
            "{lang:?}"
        );
        assert!(header(&both).contains("Deadline: the whole call has 50,000 ms"));
        assert!(header(&both).contains("Idempotency-Key"), "{lang:?}");
        assert!(code_lines(&both)
            .iter()
            .any(|l| l.contains("Idempotency-Key")));
        for line in code_lines(&plain) {
            assert!(!line.contains("Idempotency-Key"), "{lang:?}: {line}");
            assert!(
                !line.to_ascii_lowercase().contains("deadline"),
                "{lang:?}: {line}"
            );
        }
    }
}

#[test]
fn production_defaults_are_in_the_code() {
    let policy = Policy::default();
    let py = write(Lang::Py, &policy, &HONOR);
    assert!(
        py.contains("session: Optional[requests.Session] = None")
            && py.contains("timeout = _attempt_timeout(caller_timeout, ATTEMPT_TIMEOUT_MS / 1000)")
    );
    assert!(py.contains("ChunkedEncodingError"));
    let sh = write(Lang::Sh, &policy, &HONOR);
    for needle in [
        "--connect-timeout",
        "--max-time",
        "exit 64",
        "16 |",
        "| 92)",
        "<\"${stdin_copy:-/dev/null}\"",
        "%{http_connect}",
        "RETRY_QUIET",
    ] {
        assert!(sh.contains(needle), "bash lacks {needle:?}");
    }
    let go = write(Lang::Go, &policy, &HONOR);
    assert!(go.contains("io.Copy(io.Discard, io.LimitReader(resp.Body, drainLimitBytes))"));
    assert!(go.contains("type RetryError struct"));
    let rs = write(Lang::Rs, &policy, &HONOR);
    assert!(!rs.contains("RandomState") && rs.contains("rand::random"));
    for lang in [Lang::Js, Lang::Ts] {
        let js = write(lang, &policy, &HONOR);
        assert!(js.contains("new Request(\n") && js.contains("Access-Control-Expose-Headers"));
    }
    // Only a policy whose sleep can pass the delay limit holds it there.
    let extreme = Policy {
        cap_ms: MAX_DELAY_MS,
        jitter: Jitter::Proportional,
        proportional: Proportional {
            lo: 0.5,
            hi: 10.0,
            cap: CapOrder::Before,
        },
        ..Policy::default()
    };
    assert!(write(Lang::Py, &extreme, &HONOR).contains("LONGEST_SLEEP_MS"));
    assert!(!py.contains("LONGEST_SLEEP_MS"));
    assert!(write(Lang::Go, &extreme, &HONOR).contains("math.MaxInt64"));
    assert!(!go.contains("math.MaxInt64"));
}

/// The retry budget's two numbers, as each language spells them.
fn budget_names(lang: Lang) -> [&'static str; 2] {
    match lang {
        Lang::Go => ["retryBudgetTokens", "retryBudgetSuccessesPerToken"],
        _ => ["RETRY_BUDGET_TOKENS", "RETRY_BUDGET_SUCCESSES_PER_TOKEN"],
    }
}

#[test]
fn the_retry_budget_is_written_only_when_asked_with_its_numbers_in_the_header() {
    for lang in Lang::ALL {
        let text = write(lang, &Policy::default(), &BUDGET);
        let prose = header(&text);
        for needle in [
            "Retry budget:",
            &format!("one token bucket of {TOKENS} tokens"),
            &format!("1/{SUCCESSES_PER_TOKEN} of a token (0.1"),
            &format!("retries stop after {TOKENS} in all"),
        ] {
            assert!(prose.contains(needle), "{lang:?} header lacks {needle:?}");
        }
        let [tokens, per] = budget_names(lang);
        assert_eq!(
            constant_value(&text, tokens),
            Some(TOKENS.to_string()),
            "{lang:?}"
        );
        assert_eq!(
            constant_value(&text, per),
            Some(SUCCESSES_PER_TOKEN.to_string()),
            "{lang:?}"
        );
        // The loop takes a token before a retry and refills on an answer.
        let code = code_lines(&text).join("\n").to_ascii_lowercase();
        for needle in ["take_retry_token", "refill_retry_budget"] {
            let camel = needle.replace('_', "");
            assert!(
                code.matches(needle).count() >= 2 || code.matches(&camel).count() >= 2,
                "{lang:?}: {needle} defined and called"
            );
        }
        for options in [HONOR, IGNORE, DEADLINE_KEY] {
            let plain = write(lang, &Policy::default(), &options);
            let code = code_lines(&plain).join("\n").to_ascii_lowercase();
            assert!(!code.contains("budget"), "{lang:?}: no budget unless asked");
            assert!(!header(&plain).contains("Retry budget"), "{lang:?}");
        }
    }
}
