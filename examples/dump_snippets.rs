//! Writes every generated retry snippet to files, exactly as the core writes
//! them, for the conformance suite in `tests/conformance/`.
//!
//! ```text
//! cargo run --example dump_snippets -- OUT_DIR [BASE MULTIPLIER CAP RETRIES RETRY_AFTER_MAX [DEADLINE [ATTEMPT_TIMEOUT]]]
//! ```
//!
//! The numbers default to the page's defaults (1000 2 32000 5 600000). One
//! file per language × mode × Honor Retry-After:
//! `OUT_DIR/<lang>/<mode>-<honor|nohonor>.<ext>`, where `lang` is the
//! share-link spelling (`js`, `ts`, `py`, `go`, `sh`, `rs`) and `mode` is
//! `none`, `full`, `equal`, `decorrelated`, `proportional-before` or
//! `proportional-after` (proportional with factors 0.5 to 1.5).
//!
//! With a DEADLINE, also `<mode>-<honor|nohonor>-deadline.<ext>` for the
//! modes `none` and `decorrelated`, with that deadline and the idempotency
//! key on, and `extreme-honor.<ext>`: the largest policy the page accepts
//! (base and cap 10^12 ms, multiplier 10, 1,000 retries, proportional
//! factors 9.5 to 10 before the cap), whose first sleep passes 292 years.
//!
//! With a DEADLINE, also `none-honor-budget.<ext>`: the retry budget on,
//! with the idempotency key (no deadline), so a server can tell one call
//! from the next by its key.
//!
//! An ATTEMPT_TIMEOUT (ms) goes into every file; without one, each has
//! the page's default of 10,000 ms.
//!
//! `OUT_DIR/manifest.json` lists the files, the policy, and each mode's
//! per-retry `[min, max]` sleep from the core's schedule, so the suite checks
//! the snippets' timing against the core's own formulas.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::{env, fs};

use backoff_calculator::core::policy::{
    parse_attempt_timeout, parse_delay, parse_multiplier, parse_retries, CapOrder, Jitter, Policy,
    Proportional, MAX_DELAY_MS,
};
use backoff_calculator::core::schedule::schedule;
use backoff_calculator::core::snippets::{write, Lang, Options};

#[path = "../tests/common/modes.rs"]
mod modes;

/// One jitter mode as the files name it.
struct Mode {
    name: String,
    jitter: Jitter,
    proportional: Proportional,
}

/// Every mode of the core ([`Jitter::ALL`]), proportional in each cap
/// order with factors 0.5 to 1.5; named as `tests/common/modes.rs` names
/// them.
fn modes() -> Vec<Mode> {
    modes::mode_variants()
        .into_iter()
        .map(|m| Mode {
            name: m.name,
            jitter: m.jitter,
            proportional: if m.jitter == Jitter::Proportional {
                Proportional {
                    lo: 0.5,
                    hi: 1.5,
                    cap: m.cap,
                }
            } else {
                Proportional::default()
            },
        })
        .collect()
}

/// The file extension each language's runtime expects.
fn extension(lang: Lang) -> &'static str {
    match lang {
        Lang::Js => "mjs",
        Lang::Ts => "ts",
        Lang::Py => "py",
        Lang::Go => "go",
        Lang::Sh => "sh",
        Lang::Rs => "rs",
    }
}

/// Reads the optional numbers with the page's own field checks.
fn read_policy(args: &[String]) -> Result<(Policy, Options, Option<u64>), String> {
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.to_string());
    let field = |name: &str, e: &dyn std::fmt::Display| format!("{name}: {e}");
    let policy = Policy {
        base_ms: parse_delay(&arg(0, "1000")).map_err(|e| field("base", &e))?,
        multiplier: parse_multiplier(&arg(1, "2")).map_err(|e| field("multiplier", &e))?,
        cap_ms: parse_delay(&arg(2, "32000")).map_err(|e| field("cap", &e))?,
        max_retries: parse_retries(&arg(3, "5")).map_err(|e| field("retries", &e))?,
        ..Policy::default()
    };
    let options = Options {
        retry_after_max_ms: parse_delay(&arg(4, "600000"))
            .map_err(|e| field("Retry-After maximum", &e))?,
        ..Options::default()
    };
    let deadline = match args.get(5) {
        Some(text) => Some(parse_delay(text).map_err(|e| field("deadline", &e))?),
        None => None,
    };
    let options = match args.get(6) {
        Some(text) => Options {
            attempt_timeout_ms: parse_attempt_timeout(text)
                .map_err(|e| field("attempt timeout", &e))?,
            ..options
        },
        None => options,
    };
    Ok((policy, options, deadline))
}

/// Writes one snippet and returns its manifest entry.
fn dump_one(
    out: &Path,
    lang: Lang,
    stem: &str,
    (mode, honor, deadline): (&str, bool, bool),
    policy: &Policy,
    options: &Options,
) -> std::io::Result<String> {
    fs::create_dir_all(out.join(lang.as_str()))?;
    let path = format!("{}/{stem}.{}", lang.as_str(), extension(lang));
    fs::write(out.join(&path), write(lang, policy, options))?;
    Ok(format!(
        "    {{\"lang\": \"{}\", \"mode\": \"{mode}\", \"honor\": {honor}, \"deadline\": {deadline}, \"path\": \"{path}\"}}",
        lang.as_str()
    ))
}

/// Writes the files and the manifest.
fn dump(
    out: &Path,
    policy: Policy,
    options: Options,
    deadline: Option<u64>,
) -> std::io::Result<()> {
    let mut files = Vec::new();
    let mut bounds = Vec::new();
    for mode in modes() {
        let policy = Policy {
            jitter: mode.jitter,
            proportional: mode.proportional,
            ..policy
        };
        let rows: Vec<String> = schedule(&policy, 0)
            .rows
            .iter()
            .map(|r| format!("[{}, {}]", r.min_ms, r.max_ms))
            .collect();
        bounds.push(format!("    \"{}\": [{}]", mode.name, rows.join(", ")));
        for lang in Lang::ALL {
            for honor in [true, false] {
                let suffix = if honor { "honor" } else { "nohonor" };
                let options = Options {
                    honor_retry_after: honor,
                    ..options
                };
                let stem = format!("{}-{suffix}", mode.name);
                let what = (mode.name.as_str(), honor, false);
                files.push(dump_one(out, lang, &stem, what, &policy, &options)?);
                if deadline.is_some() && honor && mode.name == "none" {
                    let options = Options {
                        idempotency_key: true,
                        retry_budget: true,
                        ..options
                    };
                    let stem = format!("{stem}-budget");
                    let what = (mode.name.as_str(), honor, false);
                    files.push(dump_one(out, lang, &stem, what, &policy, &options)?);
                }
                if deadline.is_some() && ["none", "decorrelated"].contains(&mode.name.as_str()) {
                    let options = Options {
                        deadline_ms: deadline,
                        idempotency_key: true,
                        ..options
                    };
                    let stem = format!("{stem}-deadline");
                    let what = (mode.name.as_str(), honor, true);
                    files.push(dump_one(out, lang, &stem, what, &policy, &options)?);
                }
            }
        }
    }
    if deadline.is_some() {
        let extreme = Policy {
            base_ms: MAX_DELAY_MS,
            cap_ms: MAX_DELAY_MS,
            multiplier: 10.0,
            max_retries: 1_000,
            jitter: Jitter::Proportional,
            proportional: Proportional {
                lo: 9.5,
                hi: 10.0,
                cap: CapOrder::Before,
            },
        };
        for lang in Lang::ALL {
            let what = ("extreme", true, false);
            files.push(dump_one(
                out,
                lang,
                "extreme-honor",
                what,
                &extreme,
                &options,
            )?);
        }
    }
    let mut manifest = String::from("{\n");
    let _ = writeln!(
        manifest,
        "  \"policy\": {{\"base_ms\": {}, \"multiplier\": {}, \"cap_ms\": {}, \"max_retries\": {}, \"retry_after_max_ms\": {}}},",
        policy.base_ms,
        policy.multiplier,
        policy.cap_ms,
        policy.max_retries,
        options.retry_after_max_ms
    );
    let _ = writeln!(manifest, "  \"bounds\": {{\n{}\n  }},", bounds.join(",\n"));
    let _ = writeln!(manifest, "  \"files\": [\n{}\n  ]", files.join(",\n"));
    manifest.push_str("}\n");
    fs::write(out.join("manifest.json"), manifest)
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let Some(out) = args.first() else {
        eprintln!(
            "usage: dump_snippets OUT_DIR [BASE MULTIPLIER CAP RETRIES RETRY_AFTER_MAX [DEADLINE [ATTEMPT_TIMEOUT]]]"
        );
        return ExitCode::from(2);
    };
    let (policy, options, deadline) = match read_policy(&args[1..]) {
        Ok(read) => read,
        Err(message) => {
            eprintln!("dump_snippets: {message}");
            return ExitCode::from(2);
        }
    };
    match dump(Path::new(out), policy, options, deadline) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dump_snippets: {e}");
            ExitCode::FAILURE
        }
    }
}
