//! The mode comparison and the contention results as Markdown and CSV,
//! with the page's names and cell texts.

use std::fmt::Write;

use super::{csv_field, whole};
use crate::core::compare::chart::{cell_texts, library_texts, mode_name};
use crate::core::compare::library::{spread_words, Beside};
use crate::core::compare::{ModeRow, STUDY, STUDY_URL};
use crate::core::decimal_text::{fixed, Fixed};
use crate::core::format;
use crate::core::policy::Proportional;
use crate::core::sim::{self, ModeResult};

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
