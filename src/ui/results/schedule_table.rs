//! The retry schedule table.

use std::cell::{Cell, RefCell};

use leptos::html::Tbody;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Text};

use crate::core::decimal_text::fixed;
use crate::core::format;
use crate::core::schedule::{Row, NOT_MADE};
use crate::ui::state::{use_derived, use_library};
use crate::ui::widgets::dom::{element, next_frame, set, set_number, text, with_children, ItemDom};
use crate::ui::widgets::in_view::{self, SharedList};
use crate::ui::widgets::scroll_table::ScrollTable;

/// What one line of the table shows.
#[derive(Clone, Copy, PartialEq)]
struct Line {
    row: Row,
    /// The sampled delay as shown, whole ms: the shown delays add up to
    /// the shown cumulative wait ([`crate::core::schedule::Schedule::whole_samples`]).
    shown_ms: u64,
    /// Whether the retry may start after the deadline.
    past: bool,
    /// Whether the retry happened in the sampled run.
    sampled: bool,
}

/// A delay cell: its exact value in `data-ms`, whole ms as text, then the
/// seconds in a span that narrow screens hide.
struct DelayCell {
    td: Element,
    millis: Text,
    secs: Text,
    /// The seconds as last written: a small change of input often leaves
    /// them as they were, and then they are not written again.
    last_secs: RefCell<String>,
}

impl DelayCell {
    fn new() -> Self {
        let (millis, secs) = (text(), text());
        // Two unbreakable parts: a narrow column puts the seconds on a
        // second line rather than breaking a number.
        let ms_span = with_children(element(None, "span"), &[&millis]);
        let secs_span = with_children(element(None, "span"), &[&secs]);
        secs_span.set_class_name("secs");
        let gap = leptos::prelude::document().create_text_node(" ");
        let td = with_children(element(None, "td"), &[&ms_span, &gap, &secs_span]);
        set(&td, "role", "cell");
        DelayCell {
            td,
            millis,
            secs,
            last_secs: RefCell::default(),
        }
    }

    fn show(&self, ms: f64) {
        self.show_as(ms, ms);
    }

    /// A retry the sampled run did not make: said in words, since "0 ms"
    /// would read as a retry made at once.
    fn not_made(&self) {
        set_number(&self.td, "data-ms", 0.0);
        self.millis.set_data(NOT_MADE);
        self.secs.set_data("");
        self.last_secs.borrow_mut().clear();
    }

    /// Keeps the exact `ms` in `data-ms` and writes `shown` as the text.
    fn show_as(&self, ms: f64, shown: f64) {
        set_number(&self.td, "data-ms", ms);
        let (millis, secs) = format::delay_parts(shown);
        self.millis.set_data(&millis);
        let secs = secs.unwrap_or_default();
        let mut last = self.last_secs.borrow_mut();
        if *last != secs {
            self.secs.set_data(&secs);
            *last = secs;
        }
    }
}

/// One row's cells, kept to be rewritten in place.
struct RowDom {
    tr: Element,
    th: Element,
    sample: DelayCell,
    range: Element,
    /// The range's text: its data is rewritten, so the browser keeps the
    /// node rather than laying out a new one.
    range_text: Text,
    expected: DelayCell,
    cumulative: DelayCell,
    /// Whether the browser skips the row (see `in_view`).
    skipped: Cell<bool>,
}

/// What the retry cell shows: its number and its badges, which set the
/// row's height.
fn badges(l: &Line) -> (u32, bool, bool, bool) {
    (l.row.retry, l.row.capped, l.row.server_wait, l.past)
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
        html.push_str(r#"<span class="badge late">worst case past deadline</span>"#);
    }
    html
}

impl ItemDom<Line> for RowDom {
    fn create() -> Self {
        let th = element(None, "th");
        set(&th, "scope", "row");
        set(&th, "role", "rowheader");
        let (sample, expected, cumulative) = (DelayCell::new(), DelayCell::new(), DelayCell::new());
        let range_text = text();
        let range = with_children(element(None, "td"), &[&range_text]);
        set(&range, "role", "cell");
        let tr = with_children(
            element(None, "tr"),
            &[&th, &sample.td, &range, &expected.td, &cumulative.td],
        );
        set(&tr, "role", "row");
        RowDom {
            tr,
            th,
            sample,
            range,
            range_text,
            expected,
            cumulative,
            skipped: Cell::new(false),
        }
    }

    fn root(&self) -> &Element {
        &self.tr
    }

    fn skipped(&self) -> Option<&Cell<bool>> {
        Some(&self.skipped)
    }

    fn resizes(old: &Line, new: &Line) -> bool {
        badges(old) != badges(new)
    }

    fn update(&self, old: Option<&Line>, line: &Line) {
        let Line { row, past, .. } = *line;
        let changed = |f: fn(&Line) -> f64| old.is_none_or(|o| f(o) != f(line));
        if old.is_none_or(|o| badges(o) != badges(line)) {
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
        if !line.sampled {
            self.sample.not_made();
        } else if changed(|l| l.row.sample_ms)
            || changed(|l| l.shown_ms as f64)
            || old.is_some_and(|o| !o.sampled)
        {
            self.sample.show_as(row.sample_ms, line.shown_ms as f64);
        }
        if changed(|l| l.row.min_ms) || changed(|l| l.row.max_ms) {
            set_number(&self.range, "data-min-ms", row.min_ms);
            set_number(&self.range, "data-max-ms", row.max_ms);
            self.range_text
                .set_data(&format::range(row.min_ms, row.max_ms));
        }
        if changed(|l| l.row.expected_ms) {
            self.expected.show(row.expected_ms);
        }
        if changed(|l| l.row.cumulative_ms) {
            self.cumulative.show(row.cumulative_ms);
        }
    }
}

/// The longest header's width in `ch` of body text (headers are set
/// smaller): a delay column is never narrower. Phones wrap the headers and
/// use [`SHORT_HEADER_CH`].
const HEADER_CH: f64 = 12.5;
/// The longest word of a header, for phones.
const SHORT_HEADER_CH: f64 = 9.0;

/// The widths the delay columns need, in `ch`, as a `style` attribute:
/// `--wN` for the wider of a value's two parts (whole ms, and the seconds,
/// which go to a second line when the column is narrow), `--sN` for the ms
/// alone (phones hide the seconds). Each row is its own grid (see
/// style/main.css), so the columns are sized here, from the widest value
/// each holds, rather than by the browser from every row.
///
/// `--r` is the retry column's width: room for a badge only when a row
/// has one, so a short schedule leaves the delays room for one line.
fn column_widths(lines: &[Line]) -> String {
    let badges = lines
        .iter()
        .any(|l| l.row.capped || l.row.server_wait || l.past);
    let widest = |f: fn(&Row) -> f64| lines.iter().map(|l| f(&l.row)).fold(0.0, f64::max);
    let delay = |ms: f64| {
        let (millis, secs) = format::delay_parts(ms);
        let short = format::width_ch(&millis);
        let long = short.max(secs.map_or(0.0, |s| format::width_ch(&s)));
        (long, short)
    };
    let range = format::width_ch(&format::range(widest(|r| r.min_ms), widest(|r| r.max_ms)));
    let columns = [
        delay(widest(|r| r.sample_ms)),
        (range, range),
        delay(widest(|r| r.expected_ms)),
        delay(widest(|r| r.cumulative_ms)),
    ];
    let mut style = String::from(if badges { "--r:8rem;" } else { "--r:3.5rem;" });
    for (i, (long, short)) in columns.iter().enumerate() {
        style.push_str(&format!(
            "--w{i}:{};--s{i}:{};",
            fixed(long.max(HEADER_CH), 1),
            fixed(short.max(SHORT_HEADER_CH), 1)
        ));
    }
    style
}

/// The schedule: one row per retry, read from the shared memo and updated
/// in place (see [`crate::ui::widgets::dom`]).
#[component]
pub fn ScheduleTable() -> impl IntoView {
    let schedule = use_derived().schedule;
    let deadline = use_derived().deadline;
    let body = NodeRef::<Tbody>::new();
    // Worked out once for the table, not once per row.
    let fits = Memo::new(move |_| {
        let deadline = deadline.get()?;
        Some(schedule.with(|s| s.against_deadline(deadline).retries_fit_worst_case))
    });
    // The rows live outside the reactive graph, shared with the listeners
    // that write the rows out of view (see `in_view`) for the page's life
    // (the table is mounted once). The effect keeps
    // the column widths last written: a changed custom property makes
    // the browser restyle every row, so it is written only when it
    // changes. New rows come at most a chunk per frame (see `dom::CHUNK`).
    let rows: SharedList<Line, RowDom> = Box::leak(Box::default());
    let more = RwSignal::new(false);
    Effect::new(move |last: Option<String>| {
        let mut widths = last.unwrap_or_default();
        more.track();
        if let Some(tbody) = body.get() {
            let fits = fits.get();
            let lines: Vec<Line> = schedule.with(|s| {
                s.rows
                    .iter()
                    .zip(s.whole_samples())
                    .map(|(r, shown_ms)| Line {
                        row: *r,
                        shown_ms,
                        past: fits.is_some_and(|n| r.retry > n),
                        sampled: s.sampled(r.retry),
                    })
                    .collect()
            });
            let style = column_widths(&lines);
            // New widths change the rows' heights: every row at once (see
            // `ItemDom::resizes`).
            if !in_view::show(rows, tbody.unchecked_ref(), lines, style != widths) {
                next_frame(more);
            }
            if style != widths {
                if let Some(table) = tbody.parent_element() {
                    set(&table, "style", &style);
                }
                widths = style;
            }
        }
        widths
    });
    let empty = move || schedule.with(|s| s.rows.is_empty());
    // A library says how its expected column was found in its own notes.
    let model = use_library().model;
    let simulated = move || model.get().is_none() && schedule.with(|s| s.expected_is_simulated);
    // A long schedule's decorrelated means are made after it is shown.
    let deciding = use_derived().means.deciding;
    view! {
        <ScrollTable
            caption="Retry schedule"
            caption_id="schedule-caption"
            class="schedule"
            headers=&["Retry", "Sampled delay", "Min – max", "Expected", "Cumulative wait"]
        >
            <tbody node_ref=body role="rowgroup"></tbody>
        </ScrollTable>
        <Show when=empty>
            <p class="empty">"No retries: the first attempt is the only one."</p>
        </Show>
        <Show when=simulated>
            <p class="note" data-testid=move || deciding.get().then_some("deciding")>
                {move || match deciding.get() {
                    true => "Still deciding: “Expected” shows the middle of each range until 2,000 simulated runs are made, in a moment.",
                    false => "Decorrelated jitter has no closed-form mean, so “Expected” is the average of 2,000 simulated runs (fixed seed, so it stays put when you re-roll).",
                }}
            </p>
        </Show>
    }
}
