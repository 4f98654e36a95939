//! The schedule chart: an SVG drawn from [`crate::core::chart::layout`].

use leptos::prelude::*;

use crate::core::chart::{layout, Chart, HEIGHT, LEFT, RIGHT, WIDTH};
use crate::ui::state::use_state;

/// Draws one laid-out chart. The table stays the accessible source; the
/// SVG carries a title and a one-sentence description.
fn draw(c: Chart) -> impl IntoView {
    let right = WIDTH - RIGHT;
    let bottom = HEIGHT - 32.0;
    let marks = c
        .marks
        .into_iter()
        .map(|m| {
            let mid = m.x + m.width / 2.0;
            view! {
                <g
                    data-retry=m.retry
                    class="mark"
                    class:server=m.server_wait
                    class:past=m.past_deadline
                >
                    <rect
                        class="band"
                        x=m.x
                        y=m.band_top
                        width=m.width
                        height=(m.band_bottom - m.band_top).max(1.0)
                    />
                    <line class="expected" x1=m.x x2=m.x + m.width y1=m.expected_y y2=m.expected_y />
                    <circle class="sample" cx=mid cy=m.sample_y r=(m.width / 2.0).clamp(1.5, 4.0) />
                </g>
            }
        })
        .collect_view();
    let delay_ticks = c
        .delay_ticks
        .into_iter()
        .map(|t| {
            view! {
                <line class="grid" x1=LEFT x2=right y1=t.y y2=t.y />
                <text class="tick" x=LEFT - 6.0 y=t.y + 4.0 text-anchor="end">{t.label}</text>
            }
        })
        .collect_view();
    let total_ticks = c
        .total_ticks
        .into_iter()
        .map(|t| view! { <text class="tick total" x=right + 6.0 y=t.y + 4.0>{t.label}</text> })
        .collect_view();
    let retry_labels = c
        .retry_labels
        .into_iter()
        .map(|(x, k)| view! { <text class="tick" x=x y=bottom + 16.0 text-anchor="middle">{k}</text> })
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
        {marks}
        <polyline class="cumulative" points=c.cumulative_points />
        <desc id="chart-desc">{c.description}</desc>
    }
}

/// Per-retry delays (band: min–max, dot: sample, tick: expected) and the
/// cumulative wait on a second axis; redraws with every input and re-roll.
#[component]
pub fn ScheduleChart() -> impl IntoView {
    let state = use_state();
    let chart = move || {
        let cap = state.policy.with(|p| p.cap_ms);
        let deadline = state.deadline.valid.get();
        state.schedule.with(|s| layout(s, cap, deadline))
    };
    view! {
        <figure class="chart">
            <svg
                viewBox=format!("0 0 {WIDTH} {HEIGHT}")
                role="img"
                aria-labelledby="chart-title chart-desc"
                preserveAspectRatio="xMidYMid meet"
            >
                <title id="chart-title">"Delay per retry and cumulative wait"</title>
                {move || draw(chart())}
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
