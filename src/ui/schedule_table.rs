//! The retry schedule table.

use leptos::html::Tbody;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Text};

use crate::core::format;
use crate::core::schedule::Row;
use crate::ui::dom::{element, set, text, with_children, ItemDom, Keyed};
use crate::ui::scroll_table::ScrollTable;
use crate::ui::state::use_state;

/// What one line of the table shows: the row and whether it may start
/// after the deadline.
type Line = (Row, bool);

/// A delay cell: its exact value in `data-ms`, whole ms as text, then the
/// seconds in a span that narrow screens hide.
struct DelayCell {
    td: Element,
    millis: Text,
    secs: Text,
}

impl DelayCell {
    fn new() -> Self {
        let (millis, secs) = (text(), text());
        let span = with_children(element(None, "span"), &[&secs]);
        span.set_class_name("secs");
        let td = with_children(element(None, "td"), &[&millis, &span]);
        DelayCell { td, millis, secs }
    }

    fn show(&self, ms: f64) {
        set(&self.td, "data-ms", &ms.to_string());
        let (millis, secs) = format::delay_parts(ms);
        self.millis.set_data(&millis);
        self.secs
            .set_data(&secs.map(|s| format!(" {s}")).unwrap_or_default());
    }
}

/// One row's cells, kept to be rewritten in place.
struct RowDom {
    tr: Element,
    th: Element,
    sample: DelayCell,
    range: Element,
    expected: DelayCell,
    cumulative: DelayCell,
}

/// The badges after the retry number. Fixed words and digits only, so the
/// markup needs no escaping.
fn retry_html(row: &Row, past: bool) -> String {
    let mut html = row.retry.to_string();
    if row.capped {
        html.push_str(r#"<span class="badge" title="This backoff has reached the cap">cap</span>"#);
    }
    if row.server_wait {
        html.push_str(r#"<span class="badge server" title="The server's Retry-After wait replaces the computed delay">server</span>"#);
    }
    if past {
        html.push_str(r#"<span class="badge late" title="In the worst case this retry starts after the deadline">past deadline</span>"#);
    }
    html
}

impl ItemDom<Line> for RowDom {
    fn create() -> Self {
        let th = element(None, "th");
        set(&th, "scope", "row");
        let (sample, expected, cumulative) = (DelayCell::new(), DelayCell::new(), DelayCell::new());
        let range = element(None, "td");
        let tr = with_children(
            element(None, "tr"),
            &[&th, &sample.td, &range, &expected.td, &cumulative.td],
        );
        RowDom {
            tr,
            th,
            sample,
            range,
            expected,
            cumulative,
        }
    }

    fn root(&self) -> &Element {
        &self.tr
    }

    fn update(&self, old: Option<&Line>, &(row, past): &Line) {
        let changed = |f: fn(&Line) -> f64| old.is_none_or(|o| f(o) != f(&(row, past)));
        let flags = |(r, p): &Line| (r.retry, r.capped, r.server_wait, *p);
        if old.is_none_or(|o| flags(o) != flags(&(row, past))) {
            self.th.set_inner_html(&retry_html(&row, past));
            let mut class = String::new();
            for (on, name) in [
                (row.capped, "capped"),
                (past, "past-deadline"),
                (row.server_wait, "server-wait"),
            ] {
                if on {
                    class.push_str(name);
                    class.push(' ');
                }
            }
            self.tr.set_class_name(class.trim_end());
        }
        if changed(|(r, _)| r.sample_ms) {
            self.sample.show(row.sample_ms);
        }
        if changed(|(r, _)| r.min_ms) || changed(|(r, _)| r.max_ms) {
            set(&self.range, "data-min-ms", &row.min_ms.to_string());
            set(&self.range, "data-max-ms", &row.max_ms.to_string());
            self.range
                .set_text_content(Some(&format::range(row.min_ms, row.max_ms)));
        }
        if changed(|(r, _)| r.expected_ms) {
            self.expected.show(row.expected_ms);
        }
        if changed(|(r, _)| r.cumulative_ms) {
            self.cumulative.show(row.cumulative_ms);
        }
    }
}

/// The schedule: one row per retry, read from the shared memo and updated
/// in place (see [`crate::ui::dom`]).
#[component]
pub fn ScheduleTable() -> impl IntoView {
    let state = use_state();
    let schedule = state.schedule;
    let body = NodeRef::<Tbody>::new();
    // Worked out once for the table, not once per row.
    let fits = Memo::new(move |_| {
        let deadline = state.deadline.valid.get()?;
        Some(schedule.with(|s| s.against_deadline(deadline).retries_fit_worst_case))
    });
    // The rows live outside the reactive graph: the effect keeps them as its
    // own value between runs.
    Effect::new(move |list: Option<Keyed<Line, RowDom>>| {
        let mut list = list.unwrap_or_default();
        if let Some(tbody) = body.get() {
            let fits = fits.get();
            let lines: Vec<Line> = schedule.with(|s| {
                s.rows
                    .iter()
                    .map(|r| (*r, fits.is_some_and(|n| r.retry > n)))
                    .collect()
            });
            list.sync(tbody.unchecked_ref(), &lines);
        }
        list
    });
    let empty = move || schedule.with(|s| s.rows.is_empty());
    let simulated = move || schedule.with(|s| s.expected_is_simulated);
    view! {
        <ScrollTable
            caption="Retry schedule"
            caption_id="schedule-caption"
            class="schedule"
            headers=&["Retry", "Sampled delay", "Min – max", "Expected", "Cumulative wait"]
        >
            <tbody node_ref=body></tbody>
        </ScrollTable>
        <Show when=empty>
            <p class="empty">"No retries: the first attempt is the only one."</p>
        </Show>
        <p class="scroll-hint">"On a narrow screen the table scrolls sideways."</p>
        <Show when=simulated>
            <p class="note">
                "Decorrelated jitter has no closed-form mean, so “Expected” is the average of 2,000 simulated runs (fixed seed, so it stays put when you re-roll)."
            </p>
        </Show>
    }
}
