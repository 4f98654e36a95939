//! Every text the parts below the first screen write with numbers in it,
//! pinned for a spread of settings (odd values among them: 1.5, 0.1,
//! 1e-7, 12345.678, 0, the largest a field takes): each library's config,
//! translation and notes, the code writers, the mode comparison, the
//! contention results and charts, and the exports. They write their
//! numbers with `core::decimal_text`, not the standard float writer (which
//! would cost the page's chunks its code); this test holds them to the
//! text the standard writer gave, saved in
//! `tests/snapshots/float-texts.snap` before the change (and a wider
//! spread, `FLOAT_TEXTS_FULL` below, compared by hand).
//!
//! After an intended change to one of these texts, rewrite the snapshot
//! with
//!
//! ```text
//! UPDATE_SNAPSHOTS=1 cargo test --test float_texts
//! ```
//!
//! and read the diff.

use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use backoff_calculator::core::compare::chart::{
    cell_texts, chart_height, library_texts, mode_factors, mode_name, Axis,
};
use backoff_calculator::core::compare::library::{comparison, modes_policy, spread_words};
use backoff_calculator::core::export::{
    comparison_csv, comparison_markdown, csv_export, design_doc, markdown_export, simulation_csv,
    simulation_markdown,
};
use backoff_calculator::core::library::{
    diff_html, library_notes, library_schedule, Configured, LibId, Unit,
};
use backoff_calculator::core::policy::{CapOrder, Jitter, Policy, Proportional, MAX_DELAY_MS};
use backoff_calculator::core::schedule::{decorrelated_means, schedule};
use backoff_calculator::core::share::State;
use backoff_calculator::core::sim::chart::{
    bars, bucket_label, count_label, line_chart, line_svg, results_rows_html, timeline_bars,
    timeline_svg, Metric,
};
use backoff_calculator::core::sim::{summary_sentence, sweep, Mode, SimConfig};
use backoff_calculator::core::snippets::{write, Lang, Options};

/// Odd values for a library's numeric fields.
const ODD: [f64; 8] = [1.5, 0.1, 1e-7, 12345.678, 0.0, 3.0, 0.25, 86_400_000.0];

/// The page policies the texts are written for: with `full`, each
/// multiplier in every jitter mode; else one mode each.
fn policies(full: bool) -> Vec<Policy> {
    let mut out = vec![Policy::default()];
    for (multiplier, base, cap, retries) in [
        (1.5, 100, 10_000, 3),
        (1.1, 1, 7, 10),
        (3.7, 250, MAX_DELAY_MS, 6),
        (10.0, MAX_DELAY_MS, MAX_DELAY_MS, 2),
        (2.0, 0, 0, 0),
        (1.0, 1000, 1000, 1),
    ] {
        let i = out.len() % Jitter::ALL.len();
        let modes = if full {
            &Jitter::ALL[..]
        } else {
            &Jitter::ALL[i..=i]
        };
        for &jitter in modes {
            out.push(Policy {
                base_ms: base,
                multiplier,
                cap_ms: cap,
                max_retries: retries,
                jitter,
                proportional: Proportional {
                    lo: 0.15,
                    hi: 1.55,
                    cap: CapOrder::After,
                },
            });
        }
    }
    out
}

fn library_texts_for(out: &mut String, full: bool) {
    for lib in LibId::all() {
        let mut sets = vec![Configured::defaults(lib)];
        for (i, p) in lib.defaults().table().iter().enumerate() {
            if matches!(p.unit, Unit::Bool | Unit::Choice(_)) {
                let mut c = Configured::defaults(lib);
                let flipped = if c.values.at(i) == 0.0 {
                    "true"
                } else {
                    "false"
                };
                if let Unit::Choice(names) = p.unit {
                    for n in names {
                        let mut c = Configured::defaults(lib);
                        if c.values.set_text(p.name, n).is_ok() {
                            sets.push(c);
                        }
                    }
                } else if c.values.set_text(p.name, flipped).is_ok() {
                    sets.push(c);
                }
                continue;
            }
            let odd = if full { &ODD[..] } else { &ODD[..5] };
            for &x in odd.iter().chain(&[f64::INFINITY]) {
                let mut c = Configured::defaults(lib);
                if c.values.set(p.name, x).is_ok() {
                    sets.push(c);
                }
            }
        }
        for c in sets {
            let _ = writeln!(out, "== {} {:?}", lib.id(), c.values.changed());
            out.push_str(&lib.writer().config(&c.values));
            if let Ok(shown) = library_schedule(&c, 42) {
                let _ = writeln!(out, "-- notes\n{}", library_notes(&shown));
                let page = modes_policy(&Policy::default(), Some(&shown));
                let means = decorrelated_means(page.base_ms, page.cap_ms, page.max_retries);
                let cmp = comparison(&page, &means, Some(&shown));
                if let Some(b) = &cmp.library {
                    let (w, e) = library_texts(&b.row);
                    let _ = writeln!(
                        out,
                        "-- beside\n{}\n{w} | {e}\n{}",
                        b.words,
                        spread_words(&b.row)
                    );
                    let axis = Axis::new(&cmp.modes, Some(&b.row));
                    let bar = axis.library_bar(&b.row);
                    let _ = writeln!(out, "{bar:?} {:?}", axis.labels());
                }
                out.push_str(&comparison_markdown(
                    &cmp.modes,
                    cmp.library.as_ref(),
                    page.proportional,
                ));
                out.push_str(&comparison_csv(&cmp.modes, cmp.library.as_ref()));
            }
        }
        let deadlines = if full {
            &[None, Some(1), Some(90_000), Some(12_345_678)][..]
        } else {
            &[None, Some(12_345_678)][..]
        };
        for policy in policies(full) {
            for &deadline in deadlines {
                let t = lib.writer().translate(&policy, deadline);
                let _ = writeln!(out, "== {} translates {policy:?} {deadline:?}", lib.id());
                out.push_str(&lib.writer().config(&t.values));
                out.push_str(&diff_html(lib, &t));
                out.push('\n');
            }
        }
    }
}

fn page_texts_for(out: &mut String, full: bool) {
    let options = Options {
        honor_retry_after: true,
        retry_after_max_ms: 600_000,
        deadline_ms: Some(12_345),
        idempotency_key: true,
        attempt_timeout_ms: 10_000,
        retry_budget: true,
    };
    for (i, policy) in policies(full).into_iter().enumerate() {
        let _ = writeln!(out, "== page {policy:?}");
        // The code writers' one number that is not whole is the
        // multiplier (and the factors), the same in every mode.
        if full || i < 2 || policy.jitter == Jitter::Proportional {
            for lang in Lang::ALL {
                out.push_str(&write(lang, &policy, &options));
            }
        }
        let means = decorrelated_means(policy.base_ms, policy.cap_ms, policy.max_retries);
        let cmp = comparison(&policy, &means, None);
        for row in &cmp.modes {
            let (w, e) = cell_texts(row);
            let _ = writeln!(
                out,
                "{} {:?} {w} | {e}",
                mode_name(row.jitter, policy.proportional),
                mode_factors(row.jitter, policy.proportional)
            );
        }
        let axis = Axis::new(&cmp.modes, None);
        let _ = writeln!(out, "{:?} {}", axis.labels(), chart_height(cmp.modes.len()));
        for row in &cmp.modes {
            let _ = writeln!(out, "{:?}", axis.bar(row));
        }
        let mut state = State::with_seed(7);
        state.policy = policy;
        state.deadline_ms = Some(54_321);
        let s = schedule(&policy, state.seed);
        let link = "https://example.test/?seed=7";
        out.push_str(&csv_export(&s, &state, link));
        out.push_str(&markdown_export(&s, &state, link));
        let sim = (policy.max_retries <= 10).then(|| {
            sweep(SimConfig {
                clients: 6,
                runs: 2,
                seed: 11,
                policy,
                ..SimConfig::default()
            })
            .unwrap()
        });
        out.push_str(&design_doc(
            &s,
            &state,
            link,
            Some(("Config", "x = 1.5")),
            &cmp.modes,
            None,
            sim.as_deref(),
        ));
    }
}

fn simulation_texts_for(out: &mut String) {
    for (clients, runs, seed, multiplier) in [(10, 3, 42, 2.0), (7, 2, 5, 1.5), (50, 2, 9, 3.3)] {
        let config = SimConfig {
            clients,
            runs,
            seed,
            policy: Policy {
                multiplier,
                ..Policy::default()
            },
            ..SimConfig::default()
        };
        let results = sweep(config.clone()).unwrap();
        let _ = writeln!(out, "== simulation {clients} {runs} {seed} {multiplier}");
        out.push_str(&simulation_markdown(&results));
        out.push_str(&simulation_csv(&results));
        out.push_str(&results_rows_html(&results));
        out.push_str(&summary_sentence(&results));
        for metric in [Metric::Calls, Metric::Time] {
            out.push_str(&line_svg(&line_chart(&results, metric), "id", "Title", "y"));
        }
        for mode in Mode::ALL {
            let t = timeline_bars(&config, mode, clients).unwrap();
            out.push_str(&timeline_svg(&bars(&t), "t", "Timeline"));
        }
    }
    for x in [
        0.0, 0.05, 0.5, 1.5, 12.345, 999.95, 1234.5, 12345.678, 1e6, 3.7e9,
    ] {
        let _ = writeln!(out, "{} | {}", count_label(x), bucket_label(x));
    }
}

/// Every text, for the wider spread with `full`.
fn texts(full: bool) -> String {
    let mut out = String::new();
    library_texts_for(&mut out, full);
    page_texts_for(&mut out, full);
    simulation_texts_for(&mut out);
    out
}

/// `FLOAT_TEXTS_FULL=path` writes the wider spread (several MB, kept out
/// of the repository) to `path`, to compare before and after a change.
#[test]
fn the_texts_match_the_snapshot() {
    if let Some(path) = std::env::var_os("FLOAT_TEXTS_FULL") {
        fs::write(path, texts(true)).unwrap();
    }
    let out = texts(false);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/float-texts.snap");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        fs::write(&path, &out).unwrap();
        return;
    }
    let want = fs::read_to_string(&path).expect("no snapshot: run with UPDATE_SNAPSHOTS=1");
    if want != out {
        let at = want
            .lines()
            .zip(out.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "line {}: want {:?}, got {:?}",
            at + 1,
            want.lines().nth(at),
            out.lines().nth(at)
        );
    }
}
