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
//!
//! The mode comparison's and the contention results' tables are in
//! `export/compare.rs`; the design doc, which holds them all, in
//! `export/design_doc.rs` ([`with_load_section`] adds its load section).

pub use compare::{comparison_csv, comparison_markdown, simulation_csv, simulation_markdown};
pub use design_doc::{design_doc, AWS_POST, RFC_9110, SIM_NOT_RUN};

use std::fmt::Write;

use super::decimal_text::{shortest, Num};
use super::format;
use super::library::Configured;
use super::policy::Jitter;
use super::schedule::Schedule;
use super::share::State;

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

mod compare;
mod design_doc;
