//! The schedule chart: an SVG drawn from [`crate::core::chart::layout`].

use leptos::prelude::*;
use leptos::svg::G;
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::core::chart::{layout, Chart, Mark, HEIGHT, LEFT, RIGHT, WIDTH};
use crate::core::format::{tenths, tenths_text};
use crate::ui::dom::{element, set, with_children, ItemDom, Keyed, SVG};
use crate::ui::state::use_state;

/// A shape's attribute and how a mark sets it.
type Attr<'a> = (&'a Element, &'static str, fn(&Mark) -> f64);

/// One retry's shapes: the min–max band, the expected tick and the sample dot.
struct MarkDom {
    g: Element,
    band: Element,
    expected: Element,
    sample: Element,
}

impl ItemDom<Mark> for MarkDom {
    fn create() -> Self {
        let (band, expected, sample) = (
            element(Some(SVG), "rect"),
            element(Some(SVG), "line"),
            element(Some(SVG), "circle"),
        );
        band.set_attribute("class", "band").ok();
        expected.set_attribute("class", "expected").ok();
        sample.set_attribute("class", "sample").ok();
        let g = with_children(element(Some(SVG), "g"), &[&band, &expected, &sample]);
        MarkDom {
            g,
            band,
            expected,
            sample,
        }
    }

    fn root(&self) -> &Element {
        &self.g
    }

    fn update(&self, old: Option<&Mark>, m: &Mark) {
        let flags = |m: &Mark| (m.retry, m.server_wait, m.past_deadline);
        if old.is_none_or(|o| flags(o) != flags(m)) {
            let mut class = String::from("mark");
            if m.server_wait {
                class.push_str(" server");
            }
            if m.past_deadline {
                class.push_str(" past");
            }
            set(&self.g, "class", &class);
            set(&self.g, "data-retry", &m.retry.to_string());
        }
        // Only what moved is written: a re-roll moves the dots alone.
        let attrs: [Attr; 11] = [
            (&self.band, "x", |m| m.x),
            (&self.band, "y", |m| m.band_top),
            (&self.band, "width", |m| m.width),
            (&self.band, "height", |m| {
                (m.band_bottom - m.band_top).max(1.0)
            }),
            (&self.expected, "x1", |m| m.x),
            (&self.expected, "x2", |m| m.x + m.width),
            (&self.expected, "y1", |m| m.expected_y),
            (&self.expected, "y2", |m| m.expected_y),
            (&self.sample, "cx", |m| m.x + m.width / 2.0),
            (&self.sample, "cy", |m| m.sample_y),
            (&self.sample, "r", |m| (m.width / 2.0).clamp(1.5, 4.0)),
        ];
        // To a tenth of a pixel: a small change of input leaves most
        // values' text as it was, and those are not written at all.
        for (el, name, value) in attrs {
            let v = tenths(value(m));
            if old.is_none_or(|o| tenths(value(o)) != v) {
                set(el, name, &tenths_text(v));
            }
        }
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
    // The marks are kept in step by hand, like the table's rows.
    let marks = NodeRef::<G>::new();
    Effect::new(move |list: Option<Keyed<Mark, MarkDom>>| {
        let mut list = list.unwrap_or_default();
        if let Some(g) = marks.get() {
            chart.with(|c| list.sync(g.unchecked_ref(), &c.marks));
        }
        list
    });
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
                <g node_ref=marks></g>
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
