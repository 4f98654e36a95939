//! A sweep's results in one plain paragraph, for the page.

use super::{Mode, ModeResult};
use crate::core::decimal_text::Fixed;
use crate::core::format;

/// The policy beside the study mode that did the least work, like with
/// like: calls per client that succeeded (a client that gave up made fewer
/// calls without getting its write in, which is no saving), and how many
/// gave up, said plainly.
fn policy_sentence(p: &ModeResult, least: &ModeResult, clients: f64) -> String {
    let who = match p.mode {
        Mode::Library => "Your library",
        _ => "Your policy",
    };
    let gave_up = p.mean_gave_up.unwrap_or(0.0);
    let succeeded = clients - gave_up;
    let calls = format::thousands(format::round_ms(p.mean_calls));
    let time = format::total(p.mean_time_ms);
    if succeeded < 0.05 {
        return format!(" {who} made {calls} calls per run and every client gave up.");
    }
    let per = p.mean_calls / succeeded;
    let theirs = least.mean_calls / clients;
    let ratio = per / theirs;
    let how = if (ratio - 1.0).abs() < 0.005 {
        "as many as".to_string()
    } else if ratio > 1.0 {
        format!("{}% more than", Fixed((ratio - 1.0) * 100.0, 0))
    } else {
        format!("{}% fewer than", Fixed((1.0 - ratio) * 100.0, 0))
    };
    format!(
        " {who} made {calls} calls per run, {} per client that succeeded ({how} {}'s {}), and finished in {time}; {} of {} clients gave up per run.",
        Fixed(per, 2),
        least.mode.label(),
        Fixed(theirs, 2),
        Fixed(gave_up, 1),
        format::thousands(clients as u64)
    )
}

/// One plain paragraph on the largest client count in `results`: which
/// study mode did the least work, which finished first, and how the page's
/// policy (and a chosen library) compares. Empty when there is nothing to say yet.
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
            for mode in [Mode::Policy, Mode::Library] {
                if let Some(p) = at.iter().find(|r| r.mode == mode) {
                    text += &policy_sentence(p, least, clients as f64);
                }
            }
        }
        _ => text += ", the study's modes have not run yet.",
    }
    text
}
