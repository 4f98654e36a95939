//! The comparison's markup: every part an update finds, the library's
//! row first.

use super::*;
use crate::core::compare::chart::{chart_height, TICKS};
use crate::core::compare::compare_modes;
use crate::core::policy::Policy;
use crate::core::schedule::decorrelated_means;

fn rows_for(p: &Policy) -> Vec<ModeRow> {
    compare_modes(p, &decorrelated_means(p.base_ms, p.cap_ms, p.max_retries))
}

#[test]
fn one_row_per_mode_with_exact_values() {
    let html = rows_html(&rows_for(&Policy::default()), None, Proportional::GRPC);
    for mode in Jitter::ALL {
        let row = format!(r#"<tr data-mode="{}">"#, mode.as_str());
        assert!(html.contains(&row), "{row}");
    }
    // 1 + 2 + 4 + 8 + 16 s without jitter; full jitter expects half.
    assert!(
        html.contains(r#"<td data-worst-ms="31000">31.0 s</td>"#),
        "{html}"
    );
    assert!(
        html.contains(r#"<td data-expected-ms="15500">15.5 s</td>"#),
        "{html}"
    );
    assert!(html.contains(" (simulated)</td>"));
    assert!(html.contains(r#">Proportional <span class="factors">×0.8–1.2</span></button>"#));
    assert_eq!(html.matches(r#"aria-pressed="false""#).count(), 5);
}

#[test]
fn every_part_an_update_looks_for_is_written() {
    for p in [
        Policy::default(),
        Policy::new(700, 1.5, 90_000, 9, Jitter::Full),
        Policy::new(0, 2.0, 0, 0, Jitter::None),
    ] {
        let rows = rows_for(&p);
        let html = rows_html(&rows, None, Proportional::GRPC);
        let svg = bars_svg(&rows, None, Jitter::Full, "t", "title");
        let axis = Axis::new(&rows, None);
        for (i, label) in axis.labels().iter().enumerate() {
            let tick = format!(r#"<text class="tick" {TICK}="{i}" "#);
            assert!(svg.contains(&tick), "{tick} in {svg}");
            assert!(
                svg.contains(&format!(">{label}</text>")),
                "{label} in {svg}"
            );
        }
        assert_eq!(axis.labels().len(), TICKS);
        for row in &rows {
            let mode = row.jitter.as_str();
            let (worst, expected) = cell_texts(row);
            let cells = format!(
                r#"<td {WORST}="{}">{worst}</td><td {EXPECTED}="{}">{expected}</td>"#,
                row.worst_ms, row.expected_ms
            );
            assert!(html.contains(&cells), "{cells} in {html}");
            assert!(html.contains(&format!(
                r#"<button type="button" class="link-button" {MODE}="{mode}""#
            )));
            // This mode's group holds the marks an update moves.
            let Bar { x0, worst_x, width } = axis.bar(row);
            let start = svg
                .find(&format!(r#"{MODE}="{mode}">"#))
                .expect("the mode's group");
            let group = &svg[start..svg[start..].find("</g>").unwrap() + start];
            assert!(
                group.contains(&format!(r#"<line class="worst" x1="{x0}" x2="{worst_x}""#)),
                "{group}"
            );
            assert!(
                group.contains(&format!(r#"class="expected-bar" x="{x0}""#)),
                "{group}"
            );
            assert!(group.contains(&format!(r#"width="{width}""#)), "{group}");
            assert!(
                group.contains(&format!(
                    r#"<line class="worst-end" x1="{worst_x}" x2="{worst_x}""#
                )),
                "{group}"
            );
        }
    }
}

#[test]
fn one_bar_per_mode_on_one_axis_and_the_current_one_marked() {
    let rows = rows_for(&Policy::default());
    let svg = bars_svg(&rows, None, Jitter::Equal, "t", "A <title>");
    assert!(svg.starts_with(r#"<title id="t">A &lt;title&gt;</title>"#));
    assert_eq!(svg.matches(r#"<g class="mode-bar"#).count(), 5);
    assert_eq!(
        svg.matches(r#"<g class="mode-bar current" data-mode="equal">"#)
            .count(),
        1
    );
    assert!(svg.contains(r#"text-anchor="end">Equal</text>"#));
    // A grid line at each tick: 0, a quarter, half, three quarters, the top.
    assert_eq!(svg.matches(r#"<line class="grid""#).count(), TICKS);
    assert_eq!(chart_height(rows.len()), 5.0 * 34.0 + 26.0);
}

#[test]
fn a_library_row_comes_first_on_the_same_axis() {
    let rows = rows_for(&Policy::default());
    let lib = LibraryRow {
        name: "urllib3 Retry as configured".into(),
        // Longer than every mode: the axis grows to hold it.
        worst_ms: 250_000.0,
        expected_ms: 100_000.0,
        expected_is_simulated: false,
        shortest_ms: 20_000.0,
    };
    let html = rows_html(&rows, Some(&lib), Proportional::GRPC);
    assert!(html.starts_with(r#"<tr class="lib-row" data-library=""><th scope="row">urllib3 Retry as configured</th><td data-worst-ms="250000">250 s</td>"#), "{html}");
    assert!(
        html.contains("Its totals spread from 20.0 s to 250 s: its own jitter."),
        "{html}"
    );
    assert_eq!(html.matches("<tr ").count(), 6);
    let svg = bars_svg(&rows, Some(&lib), Jitter::Full, "t", "title");
    let axis = Axis::new(&rows, Some(&lib));
    assert_eq!(axis.labels()[TICKS - 1], "500 s");
    assert_eq!(Axis::new(&rows, None).labels()[TICKS - 1], "200 s");
    let group = r#"<g class="mode-bar lib-row" data-library=""><text class="tick" x="157" y="21" text-anchor="end">urllib3</text>"#;
    assert!(svg.contains(group), "{svg}");
    let Bar { worst_x, .. } = axis.library_bar(&lib);
    assert!(svg.contains(&format!(r#"x2="{worst_x}""#)));
    // The modes move one row down.
    assert!(
        svg.contains(r#"<g class="mode-bar" data-mode="none"><text class="tick" x="157" y="55""#),
        "{svg}"
    );
}

/// The markup for a spread of policies (odd multipliers, factors and caps,
/// a library's row), pinned in `tests/snapshots/comparison-markup.snap`:
/// its numbers are written by `core::decimal_text`, held here to what the
/// standard float writer wrote. `UPDATE_SNAPSHOTS=1` rewrites it.
#[test]
fn the_markup_matches_the_snapshot() {
    use crate::core::policy::{CapOrder, MAX_DELAY_MS};
    let mut out = String::new();
    for (base, multiplier, cap, retries) in [
        (1000, 2.0, 30_000, 5),
        (100, 1.5, 10_000, 3),
        (1, 1.1, 7, 10),
        (250, 3.7, MAX_DELAY_MS, 6),
        (MAX_DELAY_MS, 10.0, MAX_DELAY_MS, 2),
        (0, 2.0, 0, 0),
    ] {
        let p = Policy::new(base, multiplier, cap, retries, Jitter::Equal);
        let rows = rows_for(&p);
        let factors = Proportional {
            lo: 0.15,
            hi: 1.55,
            cap: CapOrder::After,
        };
        let lib = LibraryRow {
            name: "urllib3 as configured".to_string(),
            worst_ms: p.cap_ms as f64 * 1.5 + 0.1,
            expected_ms: p.base_ms as f64 / 3.0,
            expected_is_simulated: true,
            shortest_ms: 12345.678,
        };
        for library in [None, Some(&lib)] {
            out += &rows_html(&rows, library, factors);
            out += "\n";
            out += &bars_svg(&rows, library, Jitter::Full, "t", "Title");
            out += "\n";
        }
    }
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots/comparison-markup.snap");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &out).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).expect("no snapshot: run with UPDATE_SNAPSHOTS=1");
    assert!(want == out, "the comparison's markup changed:\n{out}");
}
