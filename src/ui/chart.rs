//! The schedule chart: an SVG drawn from [`crate::core::chart::layout`].

use leptos::prelude::*;

use crate::core::chart::{layout, Chart, Mark, HEIGHT, LEFT, RIGHT, WIDTH};
use crate::ui::state::use_state;

/// Mark `i`: its band, expected tick and sample dot, updated in place.
fn mark_view(i: usize, chart: Memo<Chart>) -> impl IntoView {
    let mark = Memo::new(move |_| chart.with(|c| c.marks.get(i).cloned()));
    let get = move |f: fn(&Mark) -> f64| move || mark.with(|m| m.as_ref().map_or(0.0, f));
    let flag = move |f: fn(&Mark) -> bool| move || mark.with(|m| m.as_ref().is_some_and(f));
    let right = move || mark.with(|m| m.as_ref().map_or(0.0, |m| m.x + m.width));
    let mid = move || mark.with(|m| m.as_ref().map_or(0.0, |m| m.x + m.width / 2.0));
    let radius = move || mark.with(|m| m.as_ref().map_or(0.0, |m| (m.width / 2.0).clamp(1.5, 4.0)));
    let height = move || {
        mark.with(|m| {
            m.as_ref()
                .map_or(0.0, |m| (m.band_bottom - m.band_top).max(1.0))
        })
    };
    view! {
        <g
            data-retry=move || mark.with(|m| m.as_ref().map(|m| m.retry))
            class="mark"
            class:server=flag(|m| m.server_wait)
            class:past=flag(|m| m.past_deadline)
        >
            <rect class="band" x=get(|m| m.x) y=get(|m| m.band_top) width=get(|m| m.width) height=height />
            <line class="expected" x1=get(|m| m.x) x2=right y1=get(|m| m.expected_y) y2=get(|m| m.expected_y) />
            <circle class="sample" cx=mid cy=get(|m| m.sample_y) r=radius />
        </g>
    }
}

/// The axes, guide lines and cumulative line: few elements, redrawn whole.
fn draw_axes(c: &Chart) -> impl IntoView {
    let right = WIDTH - RIGHT;
    let bottom = HEIGHT - 32.0;
    let delay_ticks = c
        .delay_ticks
        .iter()
        .map(|t| {
            view! {
                <line class="grid" x1=LEFT x2=right y1=t.y y2=t.y />
                <text class="tick" x=LEFT - 6.0 y=t.y + 4.0 text-anchor="end">{t.label.clone()}</text>
            }
        })
        .collect_view();
    let total_ticks = c
        .total_ticks
        .iter()
        .map(|t| view! { <text class="tick total" x=right + 6.0 y=t.y + 4.0>{t.label.clone()}</text> })
        .collect_view();
    let retry_labels = c
        .retry_labels
        .iter()
        .map(|&(x, k)| view! { <text class="tick" x=x y=bottom + 16.0 text-anchor="middle">{k}</text> })
        .collect_view();
    view! {
        {delay_ticks}
        {total_ticks}
        {retry_labels}
        {c.cap_y.map(|y| view! {
            <line class="cap-line" x1=LEFT x2=right y1=y y2=y />
            <text class="line-label" x=LEFT + 4.0 y=y - 4.0>"cap"</text>
        })}
        {c.deadline_y.map(|y| view! {
            <line class="deadline-line" x1=LEFT x2=right y1=y y2=y />
            <text class="line-label deadline" x=right - 4.0 y=y - 4.0 text-anchor="end">"deadline"</text>
        })}
    }
}

/// Per-retry delays (band: min–max, dot: sample, tick: expected) and the
/// cumulative wait on a second axis; redraws with every input and re-roll.
#[component]
pub fn ScheduleChart() -> impl IntoView {
    let state = use_state();
    // A memo: the axes, every mark and the description read it.
    let chart = Memo::new(move |_| {
        let cap = state.policy.with(|p| p.cap_ms);
        let deadline = state.deadline.valid.get();
        state.schedule.with(|s| layout(s, cap, deadline))
    });
    // The axes only change with their labels and lines, not with each draw.
    let axes = Memo::new(move |_| {
        chart.with(|c| {
            (
                c.delay_ticks.clone(),
                c.total_ticks.clone(),
                c.retry_labels.clone(),
                c.cap_y,
                c.deadline_y,
            )
        })
    });
    let count = Memo::new(move |_| chart.with(|c| c.marks.len()));
    view! {
        <figure class="chart">
            <svg
                viewBox=format!("0 0 {WIDTH} {HEIGHT}")
                role="img"
                aria-labelledby="chart-title chart-desc"
                preserveAspectRatio="xMidYMid meet"
            >
                <title id="chart-title">"Delay per retry and cumulative wait"</title>
                {move || {
                    axes.track();
                    chart.with_untracked(draw_axes)
                }}
                <For each=move || 0..count.get() key=|i| *i children=move |i| mark_view(i, chart) />
                <polyline class="cumulative" points=move || chart.with(|c| c.cumulative_points.clone()) />
                <desc id="chart-desc">{move || chart.with(|c| c.description.clone())}</desc>
            </svg>
            <figcaption class="legend">
                <span class="key band">"min – max"</span>
                <span class="key sample">"sampled delay"</span>
                <span class="key expected">"expected"</span>
                <span class="key cumulative">"cumulative wait (right axis)"</span>
            </figcaption>
        </figure>
    }
}
