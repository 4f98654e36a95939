//! A sweep's results in one plain paragraph, for the page.

use super::{Mode, ModeResult};
use crate::core::format;

/// One plain paragraph on the largest client count in `results`: which
/// study mode did the least work, which finished first, and how the page's
/// policy compares. Empty when there is nothing to say yet.
pub fn summary_sentence(results: &[ModeResult]) -> String {
    let Some(clients) = results.iter().map(|r| r.clients).max() else {
        return String::new();
    };
    let at: Vec<&ModeResult> = results.iter().filter(|r| r.clients == clients).collect();
    let study = at.iter().filter(|r| r.mode.is_study());
    let least = study
        .clone()
        .min_by(|a, b| a.mean_calls.total_cmp(&b.mean_calls));
    let first = study.min_by(|a, b| a.mean_time_ms.total_cmp(&b.mean_time_ms));
    let calls = |r: &ModeResult| match format::round_ms(r.mean_calls) {
        1 => "1 call".to_string(),
        n => format!("{} calls", format::thousands(n)),
    };
    let mut text = format!(
        "With {} {}",
        format::thousands(clients as u64),
        if clients == 1 { "client" } else { "clients" }
    );
    match (least, first) {
        (Some(least), Some(first)) => {
            text += &format!(
                ", {} did the least work ({} per run) and {} finished first ({}).",
                least.mode.label(),
                calls(least),
                first.mode.label(),
                format::total(first.mean_time_ms),
            );
            if let Some(p) = at.iter().find(|r| r.mode == Mode::Policy) {
                let ratio = p.mean_calls / least.mean_calls;
                let work = if (ratio - 1.0).abs() < 0.005 {
                    format!("as much work as {}", least.mode.label())
                } else if ratio > 1.0 {
                    format!(
                        "{:.0}% more work than {}",
                        (ratio - 1.0) * 100.0,
                        least.mode.label()
                    )
                } else {
                    format!(
                        "{:.0}% less work than {}",
                        (1.0 - ratio) * 100.0,
                        least.mode.label()
                    )
                };
                text += &format!(
                    " Your policy made {} ({work}) and finished in {}",
                    calls(p),
                    format::total(p.mean_time_ms),
                );
                text += &match p.mean_gave_up {
                    Some(g) if g > 0.0 => format!("; {g:.1} clients gave up per run."),
                    _ => "; no client gave up.".to_string(),
                };
            }
        }
        _ => text += ", the study's modes have not run yet.",
    }
    text
}
