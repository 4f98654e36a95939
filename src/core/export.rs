//! The schedule as text to take elsewhere: CSV with plain milliseconds for
//! spreadsheets and scripts, Markdown with the page's formatting for notes
//! and reviews.

use super::format;
use super::schedule::Schedule;

/// CSV, one row per retry, numbers unformatted (full-precision ms).
///
/// Columns: `retry,sampled_ms,min_ms,max_ms,expected_ms,cumulative_ms,capped,server_wait`.
pub fn to_csv(schedule: &Schedule) -> String {
    let mut out = String::from(
        "retry,sampled_ms,min_ms,max_ms,expected_ms,cumulative_ms,capped,server_wait\n",
    );
    for r in &schedule.rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{}\n",
            r.retry,
            r.sample_ms,
            r.min_ms,
            r.max_ms,
            r.expected_ms,
            r.cumulative_ms,
            r.capped,
            r.server_wait
        ));
    }
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
