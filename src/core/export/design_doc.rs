//! The design doc: the policy, its schedule and config, the mode
//! comparison and the contention figures, with their sources, as one
//! Markdown document (`with_load_section`, beside the module, adds the
//! load section).

use std::fmt::Write;

use super::{comparison_markdown, policy_markdown, simulation_markdown};
use crate::core::compare::library::Beside;
use crate::core::compare::ModeRow;
use crate::core::decimal_text::Num;
use crate::core::format;
use crate::core::schedule::Schedule;
use crate::core::share::State;
use crate::core::sim::{self, ModeResult};

/// The AWS Architecture Blog post the study figures come from.
pub const AWS_POST: &str = "Marc Brooker, “Exponential Backoff And Jitter”, AWS Architecture Blog, 2015-03-04, <https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/>";

/// The RFC section that defines `Retry-After`.
pub const RFC_9110: &str =
    "RFC 9110 §10.2.3, Retry-After, <https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3>";

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
