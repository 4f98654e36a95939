//! Chart geometry: one mark per retry, inside the plot, scaled to the data.

use backoff_calculator::core::chart::{
    axes_svg, axis_label, layout, nice_ceiling, BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH,
};
use backoff_calculator::core::policy::{Jitter, Policy};
use backoff_calculator::core::schedule::schedule;
use proptest::prelude::*;

#[test]
fn nice_ceilings() {
    assert_eq!(nice_ceiling(0.0), 1.0);
    assert_eq!(nice_ceiling(f64::NAN), 1.0);
    assert_eq!(nice_ceiling(16_000.0), 20_000.0);
    assert_eq!(nice_ceiling(31_000.0), 50_000.0);
    assert_eq!(nice_ceiling(1_000.0), 1_000.0);
    assert_eq!(nice_ceiling(1_001.0), 2_000.0);
}

#[test]
fn axis_labels_are_short() {
    assert_eq!(axis_label(0.0), "0 ms");
    assert_eq!(axis_label(250.0), "250 ms");
    assert_eq!(axis_label(12_500.0), "12.5 s");
    assert_eq!(axis_label(50_000.0), "50 s");
    assert_eq!(axis_label(2_000_000.0), "2,000 s");
}

#[test]
fn defaults_without_jitter() {
    let p = Policy {
        jitter: Jitter::None,
        ..Policy::default()
    };
    let s = schedule(&p, 1);
    let c = layout(&s, p.cap_ms, Some(20_000));
    assert_eq!(c.marks.len(), 5);
    assert_eq!(
        c.marks.iter().map(|m| m.retry).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    // Delay axis tops at 20 s: 16 s sits at 80 % of the plot height.
    let plot_h = HEIGHT - TOP - BOTTOM;
    assert!((c.marks[4].sample_y - (TOP + plot_h * 0.2)).abs() < 1e-9);
    // No jitter: band, sample and expected coincide.
    assert!(c
        .marks
        .iter()
        .all(|m| m.band_top == m.band_bottom && m.sample_y == m.expected_y));
    // Cap (32 s) is above the 20 s axis top, so it is not drawn.
    assert_eq!(c.cap_y, None);
    // Worst-case sums 1, 3, 7, 15, 31 s: retry 5 is past a 20 s deadline.
    assert_eq!(
        c.marks.iter().map(|m| m.past_deadline).collect::<Vec<_>>(),
        [false, false, false, false, true]
    );
    assert!(c.deadline_y.is_some());
    assert_eq!(c.total_ticks.last().unwrap().label, "50 s");
    let delay_labels: Vec<&str> = c.delay_ticks.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(delay_labels, ["0 ms", "5 s", "10 s", "15 s", "20 s"]);
    assert!(c.description.starts_with("5 retries."));
}

#[test]
fn every_wait_zero_reads_sensibly() {
    // Found by a person: urllib3's default backoff_factor=0 waits 0 every
    // time, and the axis read "0 ms, 0 ms, 1 ms, 1 ms, 1 ms".
    let p = Policy {
        base_ms: 0,
        ..Policy::default()
    };
    let c = layout(&schedule(&p, 1), p.cap_ms, None);
    let labels = |ticks: &[backoff_calculator::core::chart::Tick]| {
        ticks.iter().map(|t| t.label.clone()).collect::<Vec<_>>()
    };
    assert_eq!(labels(&c.delay_ticks), ["0 ms", "1 ms"]);
    assert_eq!(labels(&c.total_ticks), ["0 ms", "1 ms"]);
}

#[test]
fn tick_labels_are_exact_and_distinct_for_every_nice_top() {
    // Each label is its value, unrounded: for a top of 50 ms, quarters
    // would read 12.5 ms as "13 ms".
    let mut top = 1.0;
    while top <= 1e13 {
        for m in [1.0, 2.0, 5.0] {
            let p = Policy {
                base_ms: (top * m) as u64,
                cap_ms: (top * m) as u64,
                max_retries: 1,
                jitter: Jitter::None,
                ..Policy::default()
            };
            let c = layout(&schedule(&p, 1), p.cap_ms, None);
            assert!(c.delay_ticks.len() >= 2, "top {}", top * m);
            let mut last = String::new();
            for (i, t) in c.delay_ticks.iter().enumerate() {
                let value = top * m * i as f64 / (c.delay_ticks.len() - 1) as f64;
                assert_eq!(value.fract(), 0.0, "top {}: tick {value}", top * m);
                assert_eq!(t.label, axis_label(value));
                assert_ne!(t.label, last, "top {}", top * m);
                last = t.label.clone();
            }
        }
        top *= 10.0;
    }
}

#[test]
fn no_retries_draws_an_empty_chart() {
    let p = Policy {
        max_retries: 0,
        ..Policy::default()
    };
    let c = layout(&schedule(&p, 1), p.cap_ms, None);
    assert!(c.marks.is_empty());
    assert_eq!(c.cap_y, None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]
    #[test]
    fn marks_stay_inside_the_plot(base in 0u64..100_000, cap in 0u64..1_000_000, retries in 0u32..200, seed in any::<u64>(), deadline in proptest::option::of(0u64..10_000_000)) {
        let p = Policy { base_ms: base, cap_ms: cap, max_retries: retries, ..Policy::default() };
        let c = layout(&schedule(&p, seed), cap, deadline);
        prop_assert_eq!(c.marks.len(), retries as usize);
        for m in &c.marks {
            for y in [m.band_top, m.band_bottom, m.sample_y, m.expected_y] {
                prop_assert!(y.is_finite() && (TOP..=HEIGHT - BOTTOM).contains(&y));
            }
            prop_assert!(m.band_top <= m.sample_y && m.sample_y <= m.band_bottom);
            prop_assert!(m.x >= LEFT - 1e-9 && m.x + m.width <= WIDTH - RIGHT + 1e-9);
        }
    }
}

#[test]
fn axes_markup_has_every_tick_and_line() {
    let p = Policy::default();
    let s = schedule(&p, 1);
    let with_deadline = layout(&s, p.cap_ms, Some(20_000));
    let svg = axes_svg(&with_deadline);
    assert_eq!(
        svg.matches(r#"<line class="grid""#).count(),
        with_deadline.delay_ticks.len()
    );
    for t in with_deadline
        .delay_ticks
        .iter()
        .chain(&with_deadline.total_ticks)
    {
        assert!(svg.contains(&format!(">{}</text>", t.label)), "{}", t.label);
    }
    assert_eq!(
        svg.matches(r#"text-anchor="middle">"#).count(),
        with_deadline.retry_labels.len()
    );
    assert!(svg.contains(r#"<line class="deadline-line""#));
    // Drawn on the cumulative axis, and labelled so.
    assert!(svg.contains(">deadline (right axis)</text>"));
    // Five retries stop at 16 s, below the 32 s cap: no cap line.
    assert!(!svg.contains("cap-line"));
    // Eight reach the cap, and it is drawn; no deadline, no deadline line.
    let capped = Policy {
        max_retries: 8,
        ..p
    };
    let without = axes_svg(&layout(&schedule(&capped, 1), capped.cap_ms, None));
    assert!(without.contains(r#"<line class="cap-line""#) && without.contains(">cap</text>"));
    assert!(!without.contains("deadline"));
}
