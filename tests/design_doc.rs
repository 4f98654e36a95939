//! The exports for a design doc: the mode comparison and the contention
//! results as Markdown and CSV, and the design-doc Markdown that carries the
//! policy, the link, the schedule, the comparison, the simulation figures
//! when run, and the sources.

use backoff_calculator::core::compare::compare_modes;
use backoff_calculator::core::export::{
    comparison_csv, comparison_markdown, design_doc, simulation_csv, simulation_markdown,
};
use backoff_calculator::core::policy::Policy;
use backoff_calculator::core::schedule::{decorrelated_means, schedule};
use backoff_calculator::core::share::State;
use backoff_calculator::core::sim::{sweep, Mode, SimConfig};

fn rows() -> Vec<backoff_calculator::core::compare::ModeRow> {
    let p = Policy::default();
    compare_modes(&p, &decorrelated_means(p.base_ms, p.cap_ms, p.max_retries))
}

#[test]
fn the_comparison_as_markdown_and_csv() {
    let md = comparison_markdown(&rows());
    let lines: Vec<&str> = md.lines().collect();
    assert_eq!(
        lines[0],
        "| Mode | Worst case | Expected total | In the AWS study |"
    );
    assert_eq!(lines.len(), 2 + rows().len());
    // Defaults: worst case 1 + 2 + 4 + 8 + 16 s; full jitter expects half.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("| Full | 31.0 s | 15.5 s | ")),
        "{md}"
    );
    assert!(
        lines.iter().any(|l| l.contains("(simulated)")),
        "decorrelated is simulated"
    );

    let csv = comparison_csv(&rows());
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "mode,worst_case_ms,expected_total_ms,expected_simulated,aws_study"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("none,31000,31000,false,")),
        "{csv}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("full,31000,15500,false,")),
        "{csv}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("decorrelated,") && l.contains(",true,")),
        "{csv}"
    );
    // Every row has the header's five fields (the study text is quoted when it has a comma).
    for l in &lines[1..] {
        let unquoted = l.split('"').step_by(2).collect::<String>();
        assert_eq!(unquoted.matches(',').count(), 4, "{l}");
    }
}

#[test]
fn the_contention_results_as_markdown_and_csv() {
    let results = sweep(SimConfig {
        clients: 10,
        runs: 3,
        seed: 7,
        ..SimConfig::default()
    })
    .unwrap();
    let md = simulation_markdown(&results);
    assert!(
        md.starts_with("| Mode | Clients | Calls per run | Time to finish | Gave up per run |\n")
    );
    assert_eq!(
        md.lines()
            .filter(|l| l.starts_with("| ") && !l.starts_with("| Mode"))
            .count(),
        results.len()
    );
    assert!(md.contains("| full jitter | 10 | "), "{md}");
    assert!(
        md.trim_end().ends_with("gave up per run."),
        "the headline follows: {md}"
    );

    let csv = simulation_csv(&results);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "mode,clients,runs,calls_per_run,time_to_finish_ms,gave_up_per_run"
    );
    assert_eq!(lines.len(), 1 + results.len());
    for (l, r) in lines[1..].iter().zip(&results) {
        let f: Vec<&str> = l.split(',').collect();
        assert_eq!(f[0], r.mode.as_str());
        assert_eq!(f[1], r.clients.to_string());
        assert_eq!(f[2], "3");
        assert_eq!(f[3], format!("{:.2}", r.mean_calls));
        assert_eq!(f[4], (r.mean_time_ms.round() as u64).to_string());
        assert_eq!(f[5].is_empty(), r.mode != Mode::Policy, "{l}");
    }
}

#[test]
fn the_design_doc_carries_the_policy_the_link_the_tables_and_the_sources() {
    let state = State::with_seed(42);
    let s = schedule(&state.policy, state.seed);
    let link = "https://example.test/backoff/?seed=42";
    let doc = design_doc(&s, &state, link, &rows(), None);
    let order = [
        "## Retry policy",
        "- Base delay: 1,000 ms",
        "- Jitter: Full",
        "- Share link: <https://example.test/backoff/?seed=42>",
        "| Retry | Sampled delay | Min – max | Expected | Cumulative wait |",
        "### The jitter modes compared",
        "| Mode | Worst case | Expected total | In the AWS study |",
        "### Many clients at once",
        "Not run.",
        "### Sources",
        "- Marc Brooker, “Exponential Backoff And Jitter”, AWS Architecture Blog, 2015-03-04, <https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/>",
        "- RFC 9110 §10.2.3, Retry-After, <https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3>",
    ];
    let mut at = 0;
    for part in order {
        let i = doc[at..]
            .find(part)
            .unwrap_or_else(|| panic!("{part:?} after byte {at} in:\n{doc}"));
        at += i + part.len();
    }
    assert!(!doc.contains("**Retry policy**"));

    let results = sweep(SimConfig {
        clients: 5,
        runs: 2,
        seed: 42,
        ..SimConfig::default()
    })
    .unwrap();
    let with_sim = design_doc(&s, &state, link, &rows(), Some(&results));
    assert!(!with_sim.contains("Not run."));
    assert!(
        with_sim.contains("the study's modes use base 5 ms, cap 2,000 ms, first retry 2 × base."),
        "{with_sim}"
    );
    assert!(with_sim.contains(&simulation_markdown(&results)));
    assert!(with_sim.ends_with("section-10.2.3>\n"));
}
