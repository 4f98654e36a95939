//! The contention charts' geometry: lines per mode against clients, and
//! one run's writes as bars over its own time span.

use backoff_calculator::core::sim::chart::{
    bars, bucket_label, coarsen, count_label, line_chart, timeline_bars, Metric, LEFT, PLOT_BOTTOM,
    PLOT_RIGHT, TIMELINE_BARS, TOP,
};
use backoff_calculator::core::sim::{sweep, timeline, Mode, ModeResult, SimConfig};

fn small() -> SimConfig {
    SimConfig {
        clients: 10,
        runs: 3,
        seed: 42,
        ..SimConfig::default()
    }
}

#[test]
fn one_line_per_mode_across_the_client_counts() {
    let results = sweep(small()).unwrap();
    let chart = line_chart(&results, Metric::Calls);
    assert_eq!(
        chart.lines.iter().map(|l| l.mode).collect::<Vec<_>>(),
        Mode::ALL.to_vec()
    );
    let labels: Vec<&str> = chart.x_ticks.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(labels, ["2", "4", "6", "8", "10"]);
    assert_eq!(chart.x_ticks[0].at, LEFT);
    assert_eq!(chart.x_ticks[4].at, PLOT_RIGHT);
    for line in &chart.lines {
        assert_eq!(line.dots.len(), 5);
        assert_eq!(line.points.split(' ').count(), 5);
        for &(x, y) in &line.dots {
            assert!((LEFT..=PLOT_RIGHT).contains(&x));
            assert!((TOP..=PLOT_BOTTOM).contains(&y), "{y}");
        }
    }
    // The axis starts at 0 and its top is at or above the largest mean.
    assert_eq!(chart.y_ticks[0].label, "0");
    assert_eq!(chart.y_ticks[0].at, PLOT_BOTTOM);
    assert_eq!(chart.y_ticks[4].at, TOP);
}

#[test]
fn the_highest_mean_sits_highest() {
    let results = sweep(small()).unwrap();
    let chart = line_chart(&results, Metric::Time);
    let slowest: &ModeResult = results
        .iter()
        .max_by(|a, b| a.mean_time_ms.total_cmp(&b.mean_time_ms))
        .unwrap();
    let highest = chart
        .lines
        .iter()
        .flat_map(|l| l.dots.iter().map(move |d| (l.mode, d.1)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap();
    assert_eq!(highest.0, slowest.mode);
    assert!(chart.y_ticks[4].label.ends_with('s'));
}

#[test]
fn a_single_client_count_sits_in_the_middle() {
    let results = sweep(SimConfig {
        clients: 1,
        runs: 1,
        ..SimConfig::default()
    })
    .unwrap();
    let chart = line_chart(&results, Metric::Calls);
    assert_eq!(chart.x_ticks.len(), 1);
    assert_eq!(chart.x_ticks[0].at, (LEFT + PLOT_RIGHT) / 2.0);
    assert!(line_chart(&[], Metric::Calls).lines.is_empty());
}

#[test]
fn coarsening_keeps_every_write() {
    let fine = timeline(&small(), Mode::Exponential, 10, 1.0).unwrap();
    let coarse = coarsen(&fine, 7);
    assert_eq!(coarse.len(), fine.len().div_ceil(7));
    assert_eq!(coarse.bucket_ms, 7.0);
    let total = |t: &backoff_calculator::core::sim::Timeline| {
        (0..t.len()).map(|i| t.writes(i)).sum::<u32>()
    };
    assert_eq!(total(&coarse), total(&fine));
    assert_eq!(coarse.successes.iter().sum::<u32>(), 10);
    assert_eq!(coarsen(&fine, 1), fine);
}

#[test]
fn a_timeline_spans_its_run_in_at_most_eighty_bars() {
    for mode in Mode::ALL {
        let t = timeline_bars(&small(), mode, 10).unwrap();
        assert!(
            t.len() <= TIMELINE_BARS && t.len() > TIMELINE_BARS / 2,
            "{}",
            t.len()
        );
        let calls: u32 = (0..t.len()).map(|i| t.writes(i)).sum();
        assert_eq!(calls as u64, t.outcome.calls);
        // The bars end at the last write, just before the run's last event.
        let span = t.bucket_ms * t.len() as f64;
        assert!(span <= t.outcome.time_ms + 1e-6 && span > t.outcome.time_ms / 2.0);
    }
}

#[test]
fn bars_stack_failures_under_successes() {
    let t = timeline_bars(&small(), Mode::None, 10).unwrap();
    let b = bars(&t);
    assert!(b.failures.starts_with('M') && b.successes.starts_with('M'));
    assert_eq!(
        b.successes.matches('z').count(),
        t.successes.iter().filter(|&&s| s > 0).count()
    );
    assert_eq!(
        b.failures.matches('z').count(),
        t.failures.iter().filter(|&&s| s > 0).count()
    );
    assert_eq!(b.peak, (0..t.len()).map(|i| t.writes(i)).max().unwrap());
    assert_eq!(b.x_ticks[0].label, "0 ms");
    assert_eq!(b.x_ticks[0].at, LEFT);
    assert!(b.x_ticks.iter().all(|x| x.at <= PLOT_RIGHT + 1e-9));
    assert!(b.unit.starts_with("writes per "));
}

#[test]
fn labels_read_plainly() {
    assert_eq!(count_label(1500.0), "1,500");
    assert_eq!(count_label(2.5), "2.5");
    assert_eq!(bucket_label(29.6), "30 ms");
    assert_eq!(bucket_label(1250.0), "1.25 s");
    assert_eq!(bucket_label(0.25), "0.25 ms");
}

#[test]
fn table_rows_carry_the_unrounded_means() {
    use backoff_calculator::core::sim::chart::results_rows_html;
    let results = sweep(small()).unwrap();
    let html = results_rows_html(&results);
    assert_eq!(html.matches("<tr ").count(), 30);
    let first = &results[0];
    assert!(html.starts_with(&format!(
        r#"<tr data-mode="exponential" data-clients="2"><th scope="row">exponential without jitter</th><td>2</td><td data-calls="{}">"#,
        first.mean_calls
    )));
    assert!(html.contains(&format!(r#"data-time-ms="{}""#, first.mean_time_ms)));
    // Only the policy's rows say how many clients gave up.
    assert_eq!(html.matches("data-gave-up=").count(), 5);
    assert_eq!(html.matches("<td>never</td>").count(), 25);
}

#[test]
fn charts_are_named_images() {
    use backoff_calculator::core::html::escape;
    use backoff_calculator::core::sim::chart::{legend_html, line_svg, timeline_svg};
    let results = sweep(small()).unwrap();
    let svg = line_svg(
        &line_chart(&results, Metric::Calls),
        "c",
        "Calls <per> run",
        "calls",
    );
    assert!(svg.starts_with(r#"<figure class="chart sim-chart"><figcaption aria-hidden="true">"#));
    assert!(svg.contains(r#"<svg viewBox="0 0 640 300" role="img" aria-labelledby="c""#));
    assert!(svg.contains(r#"<title id="c">Calls &lt;per&gt; run</title>"#));
    assert_eq!(svg.matches("<polyline").count(), 6);
    assert_eq!(svg.matches("<circle").count(), 30);
    assert!(svg.ends_with("</svg></figure>"));
    let b = bars(&timeline_bars(&small(), Mode::Full, 10).unwrap());
    let svg = timeline_svg(&b, "t", "Writes");
    assert!(svg.contains(r#"<path class="bar failed" d=""#));
    assert!(svg.contains(r#"<path class="bar succeeded" d="M"#));
    assert_eq!(escape(r#"a & "b""#), "a &amp; &quot;b&quot;");
    assert_eq!(
        legend_html(&[("full", "full jitter")]),
        r#"<span class="key k-full">full jitter</span>"#
    );
}

#[test]
fn the_two_timelines_share_one_time_scale_and_one_height_scale() {
    use backoff_calculator::core::sim::chart::{bars, bars_alike};
    let config = SimConfig {
        clients: 20,
        ..small()
    };
    let pair = bars_alike(&config, &[Mode::Exponential, Mode::Full], 20).unwrap();
    let [(te, be), (tf, bf)] = [&pair[0], &pair[1]];
    assert_eq!((te.mode, tf.mode), (Mode::Exponential, Mode::Full));
    // Bucketed alike, labelled alike, on the same axes.
    assert_eq!(te.bucket_ms, tf.bucket_ms);
    assert_eq!(be.unit, bf.unit);
    assert_eq!(be.x_ticks, bf.x_ticks);
    assert_eq!(be.y_ticks, bf.y_ticks);
    // Each on its own they differ: the spread run is shorter and lower.
    let (own_e, own_f) = (bars(&te.clone()), bars(tf));
    assert!(own_e.x_ticks != own_f.x_ticks || own_e.y_ticks != own_f.y_ticks);
    // The same writes as each run on its own.
    assert_eq!(
        te.outcome,
        timeline(&config, Mode::Exponential, 20, f64::NAN)
            .unwrap()
            .outcome
    );
    // One mode alone is drawn on its own scales.
    let one = bars_alike(&config, &[Mode::Exponential], 20).unwrap();
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].1.y_ticks, be.y_ticks);
}
