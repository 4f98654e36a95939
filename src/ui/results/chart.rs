//! The schedule chart: an SVG drawn from [`crate::core::chart::layout`].

use leptos::prelude::*;
use leptos::svg::G;
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::core::chart::{axes_svg, layout, Mark, HEIGHT, WIDTH};
use crate::core::decimal_text::Num;
use crate::core::format::tenths;
use crate::ui::state::{use_derived, use_library};
use crate::ui::widgets::dom::{
    element, next_frame, set, set_number, with_children, IndexedList, ItemDom, SVG,
};

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
        let flags = |m: &Mark| (m.retry, m.server_wait, m.past_deadline, m.sampled);
        if old.is_none_or(|o| flags(o) != flags(m)) {
            let mut class = String::from("mark");
            if m.server_wait {
                class.push_str(" server");
            }
            if m.past_deadline {
                class.push_str(" past");
            }
            set(&self.g, "class", &class);
            set_number(&self.g, "data-retry", m.retry as f64);
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
            // No dot for a retry the sampled run did not make.
            (&self.sample, "r", |m| {
                f64::from(u8::from(m.sampled)) * crate::core::clamp(m.width / 2.0, 1.5, 4.0)
            }),
        ];
        // To a tenth of a pixel: a small change of input leaves most
        // values' text as it was, and those are not written at all.
        for (el, name, value) in attrs {
            let v = tenths(value(m));
            if old.is_none_or(|o| tenths(value(o)) != v) {
                // Whole tenths over ten: the browser writes at most one
                // decimal (`12.5`, `12`).
                set_number(el, name, v as f64 / 10.0);
            }
        }
    }
}

/// Per-retry delays (band: min–max, dot: sample, tick: expected) and the
/// cumulative wait on a second axis; redraws with every input and re-roll.
#[component]
pub fn ScheduleChart() -> impl IntoView {
    let derived = use_derived();
    // A memo: the axes, every mark and the description read it.
    let chart = Memo::new(move |_| {
        // A library's cap is its own parameter: no page cap line then.
        let cap = match use_library().model.get() {
            Some(_) => u64::MAX,
            None => derived.policy.with(|p| p.cap_ms),
        };
        let deadline = derived.deadline.get();
        derived.schedule.with(|s| layout(s, cap, deadline))
    });
    // The axes as markup: a memo, so they are set again only when their
    // labels or lines change, not with each draw.
    let axes = Memo::new(move |_| chart.with(axes_svg));
    // The marks are kept in step by hand, like the table's rows.
    let marks = NodeRef::<G>::new();
    let more = RwSignal::new(false);
    Effect::new(move |list: Option<IndexedList<Mark, MarkDom>>| {
        let mut list = list.unwrap_or_default();
        more.track();
        if let Some(g) = marks.get() {
            if !chart.with(|c| list.sync(g.unchecked_ref(), &c.marks, true).built) {
                next_frame(more);
            }
        }
        list
    });
    view! {
        <figure class="chart">
            <svg
                viewBox=format!("0 0 {} {}", Num(WIDTH), Num(HEIGHT))
                role="img"
                aria-labelledby="chart-title chart-desc"
                preserveAspectRatio="xMidYMid meet"
            >
                <title id="chart-title">"Delay per retry and cumulative wait"</title>
                <g class="axes" inner_html=move || axes.get()></g>
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
