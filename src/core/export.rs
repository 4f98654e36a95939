//! The schedule as text to take elsewhere: CSV for spreadsheets and scripts,
//! Markdown with the page's formatting for notes and reviews.
//!
//! [`csv_export`] and [`markdown_export`] start with the policy (every input
//! on the page and the seed) and the share link, so a reader can reproduce
//! the exact sample; [`to_csv`] and [`to_markdown`] are the schedule alone.
//! CSV values are whole milliseconds, each rounded to the nearest from the
//! full-precision value (so a cumulative wait is the rounded running sum,
//! not the sum of rounded delays).

use super::format;
use super::policy::Jitter;
use super::schedule::Schedule;
use super::share::State;

/// The line the CSV uses to say how its numbers are written.
pub const CSV_ROUNDING: &str = "whole milliseconds, each rounded to the nearest";

/// Header of the CSV rows.
const CSV_COLUMNS: &str =
    "retry,sampled_ms,min_ms,max_ms,expected_ms,cumulative_ms,capped,server_wait";

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Whole milliseconds, rounded to the nearest.
fn whole(ms: f64) -> u64 {
    format::round_ms(ms)
}

/// CSV, one row per retry, every delay in whole milliseconds.
///
/// Columns: `retry,sampled_ms,min_ms,max_ms,expected_ms,cumulative_ms,capped,server_wait`.
pub fn to_csv(schedule: &Schedule) -> String {
    let mut out = format!("{CSV_COLUMNS}\n");
    for r in &schedule.rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{}\n",
            r.retry,
            whole(r.sample_ms),
            whole(r.min_ms),
            whole(r.max_ms),
            whole(r.expected_ms),
            whole(r.cumulative_ms),
            r.capped,
            r.server_wait
        ));
    }
    out
}

/// The inputs of `state` as (CSV key, value) pairs, in the page's order.
fn csv_settings(state: &State) -> Vec<(&'static str, String)> {
    let p = &state.policy;
    let mut rows = vec![
        ("base_ms", p.base_ms.to_string()),
        ("multiplier", p.multiplier.to_string()),
        ("cap_ms", p.cap_ms.to_string()),
        ("max_retries", p.max_retries.to_string()),
        ("jitter", p.jitter.as_str().to_string()),
    ];
    if p.jitter == Jitter::Proportional {
        let pr = &p.proportional;
        rows.push(("proportional_lo", pr.lo.to_string()));
        rows.push(("proportional_hi", pr.hi.to_string()));
        rows.push(("cap_order", pr.cap.as_str().to_string()));
    }
    rows.push(("seed", state.seed.to_string()));
    rows.push((
        "deadline_ms",
        state
            .deadline_ms
            .map_or("none".to_string(), |d| d.to_string()),
    ));
    rows.push(("retry_after_max_ms", state.retry_after_max_ms.to_string()));
    rows.push(("honor_retry_after", state.honor.to_string()));
    if let Some((retry, wait)) = state.server_wait {
        rows.push(("server_wait", format!("retry {retry}: {wait} ms")));
    }
    rows
}

/// CSV that starts with the policy and the share link, then one row per
/// retry in whole milliseconds.
///
/// The first block has two columns, `setting,value`: every input, the seed,
/// the share link and a `values` line saying how the numbers are rounded.
/// A blank line separates it from the rows (columns as in [`to_csv`]).
pub fn csv_export(schedule: &Schedule, state: &State, share_link: &str) -> String {
    let mut out = String::from("setting,value\n");
    for (key, value) in csv_settings(state) {
        out.push_str(&format!("{key},{}\n", csv_field(&value)));
    }
    out.push_str(&format!("share_link,{}\n", csv_field(share_link)));
    out.push_str(&format!("values,{}\n", csv_field(CSV_ROUNDING)));
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
    for r in &schedule.rows {
        let mut retry = r.retry.to_string();
        if r.capped {
            retry.push_str(" (cap)");
        }
        if r.server_wait {
            retry.push_str(" (server wait)");
        }
        out.push_str(&format!(
            "| {retry} | {} | {} | {} | {} |\n",
            format::delay(r.sample_ms),
            format::range(r.min_ms, r.max_ms),
            format::delay(r.expected_ms),
            format::delay(r.cumulative_ms),
        ));
    }
    out.push('\n');
    out.push_str(&super::schedule::summary_sentence(schedule));
    out.push('\n');
    out
}

/// The inputs of `state` as (page label, value) pairs for Markdown.
fn markdown_settings(state: &State) -> Vec<(&'static str, String)> {
    let p = &state.policy;
    let attempts = match p.max_retries {
        0 => "1 attempt".to_string(),
        n => format!("{} attempts", format::thousands(n as u64 + 1)),
    };
    let mut rows = vec![
        ("Base delay", format::delay(p.base_ms as f64)),
        ("Multiplier", p.multiplier.to_string()),
        ("Max delay", format::delay(p.cap_ms as f64)),
        (
            "Max retries",
            format!("{} ({attempts})", format::thousands(p.max_retries as u64)),
        ),
        ("Jitter", p.jitter.label().to_string()),
    ];
    if p.jitter == Jitter::Proportional {
        let pr = &p.proportional;
        rows.push((
            "Factors",
            format!("{} – {}, cap {} the factor", pr.lo, pr.hi, pr.cap.as_str()),
        ));
    }
    rows.push(("Seed", state.seed.to_string()));
    rows.push((
        "Deadline",
        state
            .deadline_ms
            .map_or("none".to_string(), |d| format::delay(d as f64)),
    ));
    rows.push((
        "Retry-After maximum",
        format::delay(state.retry_after_max_ms as f64),
    ));
    rows.push((
        "Honor Retry-After",
        if state.honor { "yes" } else { "no" }.to_string(),
    ));
    if let Some((retry, wait)) = state.server_wait {
        rows.push((
            "Server wait",
            format!("retry {retry} waits {}", format::delay(wait as f64)),
        ));
    }
    rows
}

/// Markdown that starts with the policy and the share link, then the
/// schedule table and the summary sentence ([`to_markdown`]).
pub fn markdown_export(schedule: &Schedule, state: &State, share_link: &str) -> String {
    let mut out = String::from("**Retry policy**\n\n");
    for (label, value) in markdown_settings(state) {
        out.push_str(&format!("- {label}: {value}\n"));
    }
    out.push_str(&format!("- Share link: <{share_link}>\n\n"));
    out.push_str(&to_markdown(schedule));
    out
}
