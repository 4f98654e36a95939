//! The schedule as text to take elsewhere: CSV for spreadsheets and scripts,
//! Markdown with the page's formatting for notes and reviews.
//!
//! [`csv_export`] and [`markdown_export`] start with the policy (every input
//! on the page and the seed) and the share link, so a reader can reproduce
//! the exact sample; [`to_csv`] and [`to_markdown`] are the schedule alone.
//! CSV values are whole milliseconds, each rounded to the nearest from the
//! full-precision value, but for the sampled delay: the step between two
//! rounded cumulative waits, so the sampled column adds up to the
//! cumulative one, as on the page ([`Schedule::whole_samples`]).

use std::fmt::Write;

use super::compare::chart::{cell_texts, library_texts, mode_name};
use super::compare::library::{spread_words, Beside};
use super::compare::{ModeRow, STUDY, STUDY_URL};
use super::decimal_text::{fixed, shortest, Fixed, Num};
use super::format;
use super::library::Configured;
use super::policy::{Jitter, Proportional};
use super::schedule::Schedule;
use super::share::State;
use super::sim::{self, ModeResult};

/// The line the CSV uses to say how its numbers are written.
pub const CSV_ROUNDING: &str = "whole milliseconds, each rounded to the nearest; a sampled delay is the step between two rounded cumulative waits";

/// Header of the CSV rows.
const CSV_COLUMNS: &str =
    "retry,sampled_ms,min_ms,max_ms,expected_ms,cumulative_ms,capped,server_wait";

/// Appends a CSV field, quoted when it holds a comma, a quote or a line
/// break.
fn csv_field(out: &mut String, text: &str) {
    if text.contains([',', '"', '\n', '\r']) {
        out.push('"');
        for c in text.chars() {
            // A quote is written twice.
            if c == '"' {
                out.push('"');
            }
            out.push(c);
        }
        out.push('"');
    } else {
        out.push_str(text);
    }
}

/// Appends a CSV `key,value` line.
fn csv_line(out: &mut String, key: &str, value: &str) {
    out.push_str(key);
    out.push(',');
    csv_field(out, value);
    out.push('\n');
}

/// Appends a Markdown list item, `- label: value`.
fn item(out: &mut String, label: &str, value: &str) {
    out.push_str("- ");
    out.push_str(label);
    out.push_str(": ");
    out.push_str(value);
    out.push('\n');
}

/// Whole milliseconds, rounded to the nearest.
fn whole(ms: f64) -> u64 {
    format::round_ms(ms)
}

/// CSV, one row per retry, every delay in whole milliseconds.
///
/// Columns: `retry,sampled_ms,min_ms,max_ms,expected_ms,cumulative_ms,capped,server_wait`.
pub fn to_csv(schedule: &Schedule) -> String {
    let mut out = String::from(CSV_COLUMNS);
    out.push('\n');
    // The sampled delays add up to the cumulative column, as on the page.
    for (r, sample) in schedule.rows.iter().zip(schedule.whole_samples()) {
        let _ = write!(out, "{},", r.retry);
        // Empty for a retry the sampled run did not make.
        if schedule.sampled(r.retry) {
            let _ = write!(out, "{sample}");
        }
        let _ = writeln!(
            out,
            ",{},{},{},{},{},{}",
            whole(r.min_ms),
            whole(r.max_ms),
            whole(r.expected_ms),
            whole(r.cumulative_ms),
            r.capped,
            r.server_wait
        );
    }
    out
}

/// Appends the inputs of `state` as CSV `key,value` lines, in the page's
/// order.
fn csv_settings(out: &mut String, state: &State) {
    let p = &state.policy;
    if let Some(c) = &state.library {
        csv_line(out, "library", c.lib.id());
        library_settings(out, c, csv_line);
    } else {
        csv_line(out, "base_ms", &p.base_ms.to_string());
        csv_line(out, "multiplier", &shortest(p.multiplier));
        csv_line(out, "cap_ms", &p.cap_ms.to_string());
        csv_line(out, "max_retries", &p.max_retries.to_string());
        csv_line(out, "jitter", p.jitter.as_str());
        if p.jitter == Jitter::Proportional {
            let pr = &p.proportional;
            csv_line(out, "proportional_lo", &shortest(pr.lo));
            csv_line(out, "proportional_hi", &shortest(pr.hi));
            csv_line(out, "cap_order", pr.cap.as_str());
        }
    }
    csv_line(out, "seed", &state.seed.to_string());
    let deadline = state.deadline_ms.map(|d| d.to_string());
    csv_line(out, "deadline_ms", deadline.as_deref().unwrap_or("none"));
    // The code's options: a library follows its own rule instead.
    if state.library.is_none() {
        csv_line(
            out,
            "retry_after_max_ms",
            &state.retry_after_max().to_string(),
        );
        csv_line(
            out,
            "honor_retry_after",
            if state.honor { "true" } else { "false" },
        );
    }
    if let Some((retry, wait)) = state.server_wait {
        csv_line(out, "server_wait", &format!("retry {retry}: {wait} ms"));
    }
}

/// CSV that starts with the policy and the share link, then one row per
/// retry in whole milliseconds.
///
/// The first block has two columns, `setting,value`: every input, the seed,
/// the share link and a `values` line saying how the numbers are rounded.
/// A blank line separates it from the rows (columns as in [`to_csv`]).
pub fn csv_export(schedule: &Schedule, state: &State, share_link: &str) -> String {
    let mut out = String::from("setting,value\n");
    csv_settings(&mut out, state);
    csv_line(&mut out, "share_link", share_link);
    csv_line(&mut out, "values", CSV_ROUNDING);
    out.push('\n');
    out.push_str(&to_csv(schedule));
    out
}

/// A Markdown table with the page's column names and formatting, followed
/// by the summary sentence.
pub fn to_markdown(schedule: &Schedule) -> String {
    let mut out = String::from(
        "| Retry | Sampled delay | Min – max | Expected | Cumulative wait |\n\
         |---:|---:|---:|---:|---:|\n",
    );
    for (r, sample) in schedule.rows.iter().zip(schedule.whole_samples()) {
        let mut retry = r.retry.to_string();
        if r.capped {
            retry.push_str(" (cap)");
        }
        if r.server_wait {
            retry.push_str(" (server wait)");
        }
        let _ = writeln!(
            out,
            "| {retry} | {} | {} | {} | {} |",
            if schedule.sampled(r.retry) {
                format::delay(sample as f64)
            } else {
                super::schedule::NOT_MADE.to_string()
            },
            format::range(r.min_ms, r.max_ms),
            format::delay(r.expected_ms),
            format::delay(r.cumulative_ms),
        );
    }
    out.push('\n');
    out.push_str(&super::schedule::summary_sentence(schedule));
    out.push('\n');
    out
}

/// Appends a library's parameters through `line`, each as the library
/// spells it, with its unit.
fn library_settings(out: &mut String, c: &Configured, line: fn(&mut String, &str, &str)) {
    for p in c.values.table() {
        let mut text = c.values.text(p.name);
        match p.unit.suffix() {
            Some(unit) if text != "none" => {
                text.push(' ');
                text.push_str(unit);
            }
            _ => {}
        }
        line(out, p.name, &text);
    }
}

/// Appends the inputs of `state` as Markdown list items, with the page's
/// labels.
fn markdown_settings(out: &mut String, state: &State) {
    let p = &state.policy;
    if let Some(c) = &state.library {
        item(out, "Library", c.lib.name());
        library_settings(out, c, item);
    } else {
        let attempts = match p.max_retries {
            0 => "1 attempt".to_string(),
            n => format!("{} attempts", format::thousands(n as u64 + 1)),
        };
        item(out, "Base delay", &format::delay(p.base_ms as f64));
        item(out, "Multiplier", &shortest(p.multiplier));
        item(out, "Max delay", &format::delay(p.cap_ms as f64));
        item(
            out,
            "Max retries",
            &format!("{} ({attempts})", format::thousands(p.max_retries as u64)),
        );
        item(out, "Jitter", p.jitter.label());
        if p.jitter == Jitter::Proportional {
            let pr = &p.proportional;
            item(
                out,
                "Factors",
                &format!(
                    "{} – {}, cap {} the factor",
                    Num(pr.lo),
                    Num(pr.hi),
                    pr.cap.as_str()
                ),
            );
        }
    }
    item(out, "Seed", &state.seed.to_string());
    let deadline = state.deadline_ms.map(|d| format::delay(d as f64));
    item(out, "Deadline", deadline.as_deref().unwrap_or("none"));
    // The code's options: a library follows its own rule instead.
    if state.library.is_none() {
        item(
            out,
            "Retry-After maximum",
            &format::delay(state.retry_after_max() as f64),
        );
        item(
            out,
            "Honor Retry-After",
            if state.honor { "yes" } else { "no" },
        );
    }
    if let Some((retry, wait)) = state.server_wait {
        item(
            out,
            "Server wait",
            &format!("retry {retry} waits {}", format::delay(wait as f64)),
        );
    }
}

/// Appends the policy's list, its share link and the schedule.
fn policy_markdown(out: &mut String, schedule: &Schedule, state: &State, share_link: &str) {
    markdown_settings(out, state);
    let _ = write!(out, "- Share link: <{share_link}>\n\n");
    out.push_str(&to_markdown(schedule));
}

/// Markdown that starts with the policy and the share link, then the
/// schedule table and the summary sentence ([`to_markdown`]).
pub fn markdown_export(schedule: &Schedule, state: &State, share_link: &str) -> String {
    let mut out = String::from("**Retry policy**\n\n");
    policy_markdown(&mut out, schedule, state, share_link);
    out
}

/// The AWS Architecture Blog post the study figures come from.
pub const AWS_POST: &str = "Marc Brooker, “Exponential Backoff And Jitter”, AWS Architecture Blog, 2015-03-04, <https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/>";

/// The RFC section that defines `Retry-After`.
pub const RFC_9110: &str =
    "RFC 9110 §10.2.3, Retry-After, <https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3>";

/// The mode comparison as a Markdown table, with the page's column names,
/// mode names (the proportional row names `factors`) and cell texts, then
/// the source of the study column. With a `library`, the line naming the
/// policy the modes use comes first and the library's row heads the table.
pub fn comparison_markdown(
    rows: &[ModeRow],
    library: Option<&Beside>,
    factors: Proportional,
) -> String {
    let mut out = library.map_or(String::new(), |b| format!("{}\n\n", b.words));
    out += "| Mode | Worst case | Expected total | In the AWS study |\n|---|---:|---:|---|\n";
    if let Some(b) = library {
        let (worst, expected) = library_texts(&b.row);
        let _ = writeln!(
            out,
            "| {} | {worst} | {expected} | {} |",
            b.row.name,
            spread_words(&b.row)
        );
    }
    for r in rows {
        let (worst, expected) = cell_texts(r);
        let _ = writeln!(
            out,
            "| {} | {worst} | {expected} | {} |",
            mode_name(r.jitter, factors),
            r.study
        );
    }
    let _ = writeln!(out, "\nSource of the study column: {STUDY}, <{STUDY_URL}>.");
    out
}

/// The mode comparison as CSV: one row per mode, values in whole ms;
/// with a `library`, its row first, its `mode` the library's id and its
/// last column the spread of its totals.
pub fn comparison_csv(rows: &[ModeRow], library: Option<&Beside>) -> String {
    let mut out =
        String::from("mode,worst_case_ms,expected_total_ms,expected_simulated,aws_study\n");
    if let Some(b) = library {
        let _ = write!(
            out,
            "{},{},{},{},",
            b.id,
            whole(b.row.worst_ms),
            whole(b.row.expected_ms),
            b.row.expected_is_simulated,
        );
        csv_field(&mut out, &spread_words(&b.row));
        out.push('\n');
    }
    for r in rows {
        let _ = write!(
            out,
            "{},{},{},{},",
            r.jitter.as_str(),
            whole(r.worst_ms),
            whole(r.expected_ms),
            r.expected_is_simulated,
        );
        csv_field(&mut out, r.study);
        out.push('\n');
    }
    out
}

/// The contention results as a Markdown table and the page's headline.
pub fn simulation_markdown(results: &[ModeResult]) -> String {
    let mut out = String::from(
        "| Mode | Clients | Calls per run | Time to finish | Gave up per run |\n|---|---:|---:|---:|---:|\n",
    );
    for r in results {
        let gave_up = r.mean_gave_up.map_or("never".to_string(), |g| fixed(g, 1));
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {gave_up} |",
            r.mode.label(),
            format::thousands(r.clients as u64),
            Fixed(r.mean_calls, 1),
            format::total(r.mean_time_ms)
        );
    }
    out.push('\n');
    out.push_str(&sim::summary_sentence(results));
    out.push('\n');
    out
}

/// The contention results as CSV: means over the runs, times in whole ms;
/// `gave_up_per_run` is empty for the study's modes, which never give up.
pub fn simulation_csv(results: &[ModeResult]) -> String {
    let mut out =
        String::from("mode,clients,runs,calls_per_run,time_to_finish_ms,gave_up_per_run\n");
    for r in results {
        let gave_up = r.mean_gave_up.map_or(String::new(), |g| fixed(g, 2));
        let _ = writeln!(
            out,
            "{},{},{},{},{},{gave_up}",
            r.mode.as_str(),
            r.clients,
            r.runs,
            Fixed(r.mean_calls, 2),
            whole(r.mean_time_ms)
        );
    }
    out
}

/// What the design doc says in place of the contention figures when the
/// simulation has not been run for the inputs it describes.
pub const SIM_NOT_RUN: &str = "Not run: the contention simulation has not been run for these inputs, so this document has no figures for it. Run it on the page (Contention simulation), then export again to include them.";

/// Markdown for a design doc: the policy and its link, the schedule, the
/// config in a library's terms when there is one (`config`: a heading and
/// the config's text), the mode comparison with its source (a chosen
/// library's row first, `library`), the contention
/// figures when they have been run for these inputs (else [`SIM_NOT_RUN`]),
/// and the sources.
pub fn design_doc(
    schedule: &Schedule,
    state: &State,
    share_link: &str,
    config: Option<(&str, &str)>,
    modes: &[ModeRow],
    library: Option<&Beside>,
    sim: Option<&[ModeResult]>,
) -> String {
    let mut out = String::from("## Retry policy\n\n");
    policy_markdown(&mut out, schedule, state, share_link);
    if let Some((heading, text)) = config {
        let fence = if text.contains("```") { "~~~" } else { "```" };
        let end = if text.ends_with('\n') { "" } else { "\n" };
        let _ = writeln!(out, "\n### {heading}\n\n{fence}\n{text}{end}{fence}");
    }
    out += "\n### The jitter modes compared\n\n";
    out += match (library, &state.library) {
        (Some(_), _) => "The library as configured, then every mode at the page policy closest to its settings. ",
        (None, Some(_)) => "Same base, multiplier, cap and retries in every mode, for this page's own policy rather than the library's.\n\n",
        (None, None) => "Same base, multiplier, cap and retries in every mode.\n\n",
    };
    out += &comparison_markdown(modes, library, state.policy.proportional);
    out += "\n### Many clients at once\n\n";
    match sim {
        Some(results) => {
            let runs = results.iter().map(|r| r.runs).max().unwrap_or(0);
            let clients = results.iter().map(|r| r.clients).max().unwrap_or(0);
            let _ = write!(
                out,
                "A simulation of clients each updating one shared row, as in the AWS study, plus this policy: means over {} runs per figure, seed {}, for up to {} clients; the study's modes use base {} ms, cap {} ms, first retry 2 × base.\n\n{}",
                format::thousands(runs as u64),
                state.seed,
                format::thousands(clients as u64),
                Num(sim::STUDY_BASE_MS),
                format::thousands(sim::STUDY_CAP_MS as u64),
                simulation_markdown(results)
            );
        }
        None => {
            out.push_str(SIM_NOT_RUN);
            out.push('\n');
        }
    }
    let _ = writeln!(out, "\n### Sources\n\n- {AWS_POST}\n- {RFC_9110}");
    out
}

/// The design doc with the load section (`load`: the study when it has
/// been run for these inputs, else [`LOAD_NOT_RUN`](super::load::LOAD_NOT_RUN))
/// put before its sources.
pub fn with_load_section(doc: String, load: Option<&super::load::StudyResult>) -> String {
    let mut section = String::from("\n### Retries under load\n\n");
    match load {
        Some(r) => section.push_str(&super::load::study_markdown(r)),
        None => {
            section.push_str(super::load::LOAD_NOT_RUN);
            section.push('\n');
        }
    }
    // The last `\n### Sources`, found by its bytes: `rfind` would bring a
    // reverse string searcher for this one use.
    const SOURCES: &[u8] = b"\n### Sources";
    let mut doc = doc;
    match doc
        .as_bytes()
        .windows(SOURCES.len())
        .rposition(|w| w == SOURCES)
    {
        Some(at) => doc.insert_str(at, &section),
        None => doc.push_str(&section),
    }
    doc
}
