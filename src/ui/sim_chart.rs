//! Drawing the simulation's charts from the core's plain geometry
//! ([`crate::core::sim_chart`]): static SVG, re-drawn whole when the
//! results change, never a closure per point.

use leptos::prelude::*;

use crate::core::sim_chart::{
    Bars, LineChart, Tick, HEIGHT, LEFT, PLOT_BOTTOM, PLOT_RIGHT, TOP, WIDTH,
};

/// The grid, the value labels left of the plot, the labels under it and
/// the two axis titles.
fn axes(x_ticks: &[Tick], y_ticks: &[Tick], x_title: &str, y_title: String) -> impl IntoView {
    let grid = y_ticks
        .iter()
        .map(|t| {
            view! {
                <line class="grid" x1=LEFT x2=PLOT_RIGHT y1=t.at y2=t.at />
                <text class="tick" x=LEFT - 6.0 y=t.at + 4.0 text-anchor="end">{t.label.clone()}</text>
            }
        })
        .collect_view();
    let under = x_ticks
        .iter()
        .map(|t| {
            view! {
                <text class="tick" x=t.at y=PLOT_BOTTOM + 18.0 text-anchor="middle">{t.label.clone()}</text>
            }
        })
        .collect_view();
    view! {
        {grid}
        {under}
        <text class="tick axis-title" x=(LEFT + PLOT_RIGHT) / 2.0 y=HEIGHT - 6.0 text-anchor="middle">
            {x_title.to_string()}
        </text>
        <text class="tick axis-title" x=LEFT y=TOP - 4.0>{y_title}</text>
    }
}

/// An SVG figure titled `title` (its accessible name) around `body`.
fn figure(id: String, title: String, body: impl IntoView) -> impl IntoView {
    let labelled_by = id.clone();
    view! {
        <figure class="chart sim-chart">
            <svg
                viewBox=format!("0 0 {WIDTH} {HEIGHT}")
                role="img"
                aria-labelledby=labelled_by
                preserveAspectRatio="xMidYMid meet"
            >
                <title id=id>{title}</title>
                {body}
            </svg>
        </figure>
    }
}

/// A line chart: one polyline with dots per mode.
pub fn line_svg(chart: &LineChart, id: &str, title: &str, y_title: &str) -> impl IntoView {
    let lines = chart
        .lines
        .iter()
        .map(|l| {
            let dots = l
                .dots
                .iter()
                .map(|&(x, y)| view! { <circle cx=x cy=y r=3.5 /> })
                .collect_view();
            view! {
                <g class=format!("line m-{}", l.mode.as_str())>
                    <polyline points=l.points.clone() />
                    {dots}
                </g>
            }
        })
        .collect_view();
    let body = view! {
        {axes(&chart.x_ticks, &chart.y_ticks, "clients", y_title.to_string())}
        {lines}
    };
    figure(id.to_string(), title.to_string(), body)
}

/// A timeline's stacked bars: failed writes under successful ones.
pub fn bars_svg(b: &Bars, id: String, title: String) -> impl IntoView {
    let body = view! {
        {axes(&b.x_ticks, &b.y_ticks, "time since start", b.unit.clone())}
        <path class="bar failed" d=b.failures.clone() />
        <path class="bar succeeded" d=b.successes.clone() />
    };
    figure(id, title, body)
}

/// A legend: per key, a swatch (class `k-{key}`) and its label.
pub fn legend(keys: Vec<(&'static str, &'static str)>) -> impl IntoView {
    let keys = keys
        .into_iter()
        .map(|(key, label)| view! { <span class=format!("key k-{key}")>{label}</span> })
        .collect_view();
    view! { <p class="legend sim-legend">{keys}</p> }
}
