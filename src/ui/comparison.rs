//! The mode comparison: every jitter mode for the current base,
//! multiplier, cap and retries, as a table and as bars on one shared axis.

use leptos::prelude::*;

use crate::core::chart::{axis_label, nice_ceiling};
use crate::core::fit::{compare_modes, ModeRow, STUDY, STUDY_URL};
use crate::core::format;
use crate::core::policy::{Jitter, Proportional};
use crate::ui::scroll_table::ScrollTable;
use crate::ui::state::use_state;

/// Width and height of the bar chart's drawing, in SVG units.
const W: f64 = 640.0;
/// Left margin for the mode names.
const NAME_W: f64 = 120.0;
/// Height of one mode's row.
const ROW_H: f64 = 34.0;
/// Room under the bars for the axis labels.
const AXIS_H: f64 = 26.0;

/// The mode's name, with proportional jitter's current factors.
fn mode_name(jitter: Jitter, factors: Proportional) -> String {
    match jitter {
        Jitter::Proportional => format!("Proportional ×{}–{}", factors.lo, factors.hi),
        j => j.label().to_string(),
    }
}

/// Worst case and expected total of every mode, with what the AWS study
/// found; picking a row switches the policy to that mode.
#[component]
pub fn ModeComparison() -> impl IntoView {
    let state = use_state();
    // A memo: the table and the chart both read it, and it runs five
    // schedules. The decorrelated mean comes from the shared memo.
    let rows = Memo::new(move |_| {
        state
            .means
            .with(|m| state.policy.with(|p| compare_modes(p, m)))
    });
    let factors = move || state.policy.with(|p| p.proportional);
    let top = Memo::new(move |_| {
        rows.with(|r| nice_ceiling(r.iter().map(|m| m.worst_ms).fold(0.0, f64::max)))
    });
    // Room on the right for the last axis label, centred on its tick.
    let x = move |ms: f64| NAME_W + (W - NAME_W - 28.0) * (ms / top.get()).clamp(0.0, 1.0);

    let table_row = move |row: ModeRow| {
        let j = row.jitter;
        let current = move || state.jitter.get() == j;
        view! {
            <tr data-mode=j.as_str() class:current=current>
                <th scope="row">
                    <button
                        type="button"
                        class="link-button"
                        aria-pressed=move || current().to_string()
                        on:click=move |_| state.jitter.set(j)
                    >
                        {move || mode_name(j, factors())}
                    </button>
                </th>
                <td data-worst-ms=row.worst_ms.to_string()>{format::total(row.worst_ms)}</td>
                <td data-expected-ms=row.expected_ms.to_string()>
                    {format::total(row.expected_ms)}
                    {row.expected_is_simulated.then_some(" (simulated)")}
                </td>
                <td class="study">{row.study}</td>
            </tr>
        }
    };
    let bar = move |(i, row): (usize, ModeRow)| {
        let y = i as f64 * ROW_H;
        view! {
            <g class="mode-bar" class:current=move || state.jitter.get() == row.jitter>
                <text class="tick" x=NAME_W - 8.0 y=y + ROW_H / 2.0 + 4.0 text-anchor="end">
                    {row.jitter.label()}
                </text>
                <line class="worst" x1=x(0.0) x2=x(row.worst_ms) y1=y + ROW_H / 2.0 y2=y + ROW_H / 2.0 />
                <rect class="expected-bar" x=x(0.0) y=y + 8.0 width=x(row.expected_ms) - x(0.0) height=ROW_H - 16.0 />
                <line class="worst-end" x1=x(row.worst_ms) x2=x(row.worst_ms) y1=y + 6.0 y2=y + ROW_H - 6.0 />
            </g>
        }
    };
    let axis = move || {
        let height = rows.with(Vec::len) as f64 * ROW_H;
        let top = top.get();
        (0..=4)
            .map(|i| {
                let ms = top * i as f64 / 4.0;
                view! {
                    <line class="grid" x1=x(ms) x2=x(ms) y1=0.0 y2=height />
                    <text class="tick" x=x(ms) y=height + 18.0 text-anchor="middle">{axis_label(ms)}</text>
                }
            })
            .collect_view()
    };
    let height = move || rows.with(Vec::len) as f64 * ROW_H + AXIS_H;
    view! {
        <section class="panel comparison" aria-labelledby="comparison-heading">
            <h2 id="comparison-heading">"Compare the modes"</h2>
            <p class="intro">
                "The same base, multiplier, cap and retries in every jitter mode. The worst case is what to hold against a deadline; the expected total is what a typical call waits. Choose a mode to use it."
            </p>
            <ScrollTable
                caption="Mode comparison"
                caption_id="comparison-caption"
                class="modes"
                headers=&["Mode", "Worst case", "Expected total", "In the AWS study"]
            >
                <tbody>{move || rows.get().into_iter().map(table_row).collect_view()}</tbody>
            </ScrollTable>
            <figure class="chart mode-chart">
                <svg
                    viewBox=move || format!("0 0 {W} {}", height())
                    role="img"
                    aria-labelledby="mode-chart-title"
                    preserveAspectRatio="xMidYMid meet"
                >
                    <title id="mode-chart-title">
                        "Expected total (bar) and worst case (line) of each mode, on one axis"
                    </title>
                    {axis}
                    {move || rows.get().into_iter().enumerate().map(bar).collect_view()}
                </svg>
                <figcaption class="legend">
                    <span class="key expected-bar">"expected total"</span>
                    <span class="key worst">"worst case"</span>
                    <span>"Source of the study column: " <a href=STUDY_URL>{STUDY}</a> "."</span>
                </figcaption>
            </figure>
        </section>
    }
}
