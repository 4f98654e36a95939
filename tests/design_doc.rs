//! The exports for a design doc: the mode comparison and the contention
//! results as Markdown and CSV, and the design-doc Markdown that carries the
//! policy, the link, the schedule, the comparison, the simulation figures
//! when run, and the sources.

use backoff_calculator::core::compare::compare_modes;
use backoff_calculator::core::export::{
    comparison_csv, comparison_markdown, design_doc, simulation_csv, simulation_markdown,
    SIM_NOT_RUN,
};
use backoff_calculator::core::policy::{CapOrder, Policy, Proportional};
use backoff_calculator::core::schedule::{decorrelated_means, schedule};
use backoff_calculator::core::share::State;
use backoff_calculator::core::sim::{sweep, Mode, SimConfig};

fn rows() -> Vec<backoff_calculator::core::compare::ModeRow> {
    let p = Policy::default();
    compare_modes(&p, &decorrelated_means(p.base_ms, p.cap_ms, p.max_retries))
}

#[test]
fn the_comparison_as_markdown_and_csv() {
    let md = comparison_markdown(&rows(), None, Proportional::default());
    let lines: Vec<&str> = md.lines().collect();
    assert_eq!(
        lines[0],
        "| Mode | Worst case | Expected total | In the AWS study |"
    );
    assert_eq!(
        lines.len(),
        2 + rows().len() + 2,
        "the rows, a blank line and the source"
    );
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

    let csv = comparison_csv(&rows(), None);
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
    let doc = design_doc(&s, &state, link, None, &rows(), None, None);
    let order = [
        "## Retry policy",
        "- Base delay: 1,000 ms",
        "- Jitter: Full",
        "- Share link: <https://example.test/backoff/?seed=42>",
        "| Retry | Sampled delay | Min – max | Expected | Cumulative wait |",
        "### The jitter modes compared",
        "| Mode | Worst case | Expected total | In the AWS study |",
        "### Many clients at once",
        SIM_NOT_RUN,
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
    let with_sim = design_doc(&s, &state, link, None, &rows(), None, Some(&results));
    assert!(!with_sim.contains(SIM_NOT_RUN));
    assert!(
        with_sim.contains("the study's modes use base 5 ms, cap 2,000 ms, first retry 2 × base."),
        "{with_sim}"
    );
    assert!(with_sim.contains(&simulation_markdown(&results)));
    assert!(with_sim.ends_with("section-10.2.3>\n"));
}

#[test]
fn the_comparison_exports_golden() {
    // The defaults: 1 s base, ×2, 30 s cap, 5 retries, full jitter.
    assert_eq!(
        comparison_markdown(&rows(), None, Proportional::default()),
        "| Mode | Worst case | Expected total | In the AWS study |
|---|---:|---:|---|
| None | 31.0 s | 31.0 s | Study: without jitter the retries stay bunched; the most work and the slowest completion. |
| Full | 31.0 s | 15.5 s | Study: the least work; completion close to decorrelated, a little slower. |
| Equal | 31.0 s | 23.3 s | Study: a little more work than full jitter and clearly slower to complete. |
| Decorrelated | 103 s | 32.3 s (simulated) | Study: a little more work than full jitter, a little faster to complete. |
| Proportional ×0.8–1.2 | 37.2 s | 31.0 s | Not in the study, which compared none, equal, full and decorrelated only. |

Source of the study column: AWS Architecture Blog, Exponential Backoff And Jitter, 2015, <https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/>.
"
    );
    assert_eq!(
        comparison_csv(&rows(), None),
        "mode,worst_case_ms,expected_total_ms,expected_simulated,aws_study
none,31000,31000,false,Study: without jitter the retries stay bunched; the most work and the slowest completion.
full,31000,15500,false,\"Study: the least work; completion close to decorrelated, a little slower.\"
equal,31000,23250,false,Study: a little more work than full jitter and clearly slower to complete.
decorrelated,103000,32349,true,\"Study: a little more work than full jitter, a little faster to complete.\"
proportional,37200,31000,false,\"Not in the study, which compared none, equal, full and decorrelated only.\"
"
    );
    // The proportional row is named by its factors, as on the page.
    let wide = Proportional {
        lo: 0.5,
        hi: 1.5,
        cap: CapOrder::Before,
    };
    let md = comparison_markdown(&rows(), None, wide);
    assert!(md.contains("| Proportional ×0.5–1.5 | 37.2 s |"), "{md}");
}

#[test]
fn the_contention_exports_golden() {
    // A fixed seed gives fixed figures (tests/sim.rs holds the sweep to
    // them); two runs, so means in halves.
    let results = sweep(SimConfig {
        clients: 4,
        runs: 2,
        seed: 7,
        ..SimConfig::default()
    })
    .unwrap();
    let md = simulation_markdown(&results);
    let lines: Vec<&str> = md.lines().collect();
    assert_eq!(
        &lines[..5],
        &[
            "| Mode | Clients | Calls per run | Time to finish | Gave up per run |",
            "|---|---:|---:|---:|---:|",
            "| exponential without jitter | 1 | 1.0 | 38 ms | never |",
            "| decorrelated jitter | 1 | 1.0 | 40 ms | never |",
            "| equal jitter | 1 | 1.0 | 43 ms | never |",
        ]
    );
    assert_eq!(
        &lines[20..28],
        &[
            "| exponential without jitter | 4 | 10.0 | 236 ms | never |",
            "| decorrelated jitter | 4 | 9.0 | 169 ms | never |",
            "| equal jitter | 4 | 10.0 | 211 ms | never |",
            "| full jitter | 4 | 10.0 | 209 ms | never |",
            "| no backoff | 4 | 10.0 | 160 ms | never |",
            "| your policy | 4 | 7.0 | 869 ms | 0.0 |",
            "",
            "With 4 clients, decorrelated jitter did the least work (9 calls per run) and no backoff finished first (160 ms). Your policy made 7 calls per run, 1.75 per client that succeeded (22% fewer than decorrelated jitter's 2.25), and finished in 869 ms; 0.0 of 4 clients gave up per run.",
        ]
    );
    assert_eq!(lines.len(), 28);
    assert_eq!(
        simulation_csv(&results),
        "mode,clients,runs,calls_per_run,time_to_finish_ms,gave_up_per_run
exponential,1,2,1.00,38,
decorrelated,1,2,1.00,40,
equal,1,2,1.00,43,
full,1,2,1.00,36,
none,1,2,1.00,43,
policy,1,2,1.00,38,0.00
exponential,2,2,3.00,96,
decorrelated,2,2,3.00,90,
equal,2,2,3.00,89,
full,2,2,3.00,90,
none,2,2,3.00,84,
policy,2,2,3.00,267,0.00
exponential,3,2,6.00,158,
decorrelated,3,2,6.00,140,
equal,3,2,6.00,153,
full,3,2,5.50,127,
none,3,2,6.00,118,
policy,3,2,5.00,757,0.00
exponential,4,2,10.00,236,
decorrelated,4,2,9.00,169,
equal,4,2,10.00,211,
full,4,2,10.00,209,
none,4,2,10.00,160,
policy,4,2,7.00,869,0.00
"
    );
}

#[test]
fn the_simulation_markdown_writes_client_counts_as_the_page_does() {
    let results = sweep(SimConfig {
        clients: 1_000,
        runs: 1,
        seed: 1,
        ..SimConfig::default()
    })
    .unwrap();
    let md = simulation_markdown(&results);
    assert!(md.contains("| full jitter | 1,000 | "), "{md}");
}

#[test]
fn the_design_doc_says_how_the_simulation_ran_and_carries_a_config() {
    let state = State::with_seed(42);
    let s = schedule(&state.policy, state.seed);
    let link = "https://example.test/?seed=42";
    let results = sweep(SimConfig {
        clients: 5,
        runs: 2,
        seed: 42,
        ..SimConfig::default()
    })
    .unwrap();
    let doc = design_doc(&s, &state, link, None, &rows(), None, Some(&results));
    assert!(
        doc.contains("plus this policy: means over 2 runs per figure, seed 42, for up to 5 clients; the study's modes use"),
        "{doc}"
    );
    // The comparison as its own export writes it, source included.
    assert!(doc.contains(&comparison_markdown(
        &rows(),
        None,
        state.policy.proportional
    )));
    assert!(!doc.contains("### urllib3"));

    let config = "Retry(total=5, backoff_factor=0.5)\n";
    let doc = design_doc(
        &s,
        &state,
        link,
        Some(("urllib3 config", config)),
        &rows(),
        None,
        None,
    );
    let block = "### urllib3 config\n\n```\nRetry(total=5, backoff_factor=0.5)\n```\n\n### The jitter modes compared";
    assert!(doc.contains(block), "{doc}");
    // A config holding a fence is fenced otherwise.
    let doc = design_doc(
        &s,
        &state,
        link,
        Some(("x", "a\n```\nb")),
        &rows(),
        None,
        None,
    );
    assert!(doc.contains("### x\n\n~~~\na\n```\nb\n~~~\n"), "{doc}");
}

/// With a library chosen: the line naming the policy the modes use, then
/// the library's row first, in the Markdown, the CSV and the design doc.
#[test]
fn a_chosen_library_heads_the_comparison_in_every_export() {
    use backoff_calculator::core::compare::library::{comparison, modes_policy};
    use backoff_calculator::core::library::{library_schedule, Configured, LibId};
    use backoff_calculator::core::schedule::decorrelated_means;
    let lib = LibId::parse("urllib3").unwrap();
    let mut chosen = Configured::defaults(lib);
    chosen.values.set("backoff_factor", 0.5).unwrap();
    let shown = library_schedule(&chosen, 3).unwrap();
    let page = Policy::default();
    let at = modes_policy(&page, Some(&shown));
    let means = decorrelated_means(at.base_ms, at.cap_ms, at.max_retries);
    let c = comparison(&at, &means, Some(&shown));
    let beside = c.library.as_ref().unwrap();
    assert_eq!(c.modes.len(), 5);

    let md = comparison_markdown(&c.modes, Some(beside), page.proportional);
    let lines: Vec<&str> = md.lines().collect();
    assert!(lines[0].starts_with("The modes below use base 500 ms, multiplier 2, cap 120,000 ms, 10 retries: the page policy closest to urllib3 Retry's settings."), "{md}");
    assert!(
        lines[4].starts_with("| urllib3 Retry as configured | "),
        "{md}"
    );
    assert!(lines[4].contains("Every call waits "), "{md}");
    assert!(lines[5].starts_with("| None | "), "{md}");

    let csv = comparison_csv(&c.modes, Some(beside));
    let second = csv.lines().nth(1).unwrap();
    let worst = backoff_calculator::core::format::round_ms(shown.schedule.range_max_ms);
    assert!(second.starts_with(&format!("urllib3,{worst},")), "{csv}");
    assert_eq!(csv.lines().count(), 1 + 1 + 5);

    let mut state = State::with_seed(42);
    state.library = Some(chosen);
    let s = schedule(&page, 0);
    let doc = design_doc(&s, &state, "https://x/", None, &c.modes, Some(beside), None);
    assert!(doc.contains("The library as configured, then every mode at the page policy closest to its settings. The modes below use base 500 ms"), "{doc}");
    assert!(doc.contains("| urllib3 Retry as configured | "), "{doc}");
    assert!(!doc.contains("own policy rather than"), "{doc}");
}
