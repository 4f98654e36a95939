//! A load run on one time axis, as SVG markup: offered load (first tries
//! and retries stacked) with goodput and the server's capacity, the time
//! calls spend in the server with the attempt timeout, and the queue. The
//! trigger is shaded in each. The page sets the markup as one element's
//! content; every text is escaped.

use std::fmt::Write;

use super::{LoadConfig, Series, TriggerKind};
use crate::core::chart::nice_ceiling;
use crate::core::decimal_text::{fixed, shortest, Fixed, Num};
use crate::core::format;
use crate::core::html::escape;

/// Width of a panel, SVG units.
pub const WIDTH: f64 = 640.0;
/// Height of a panel, SVG units.
pub const HEIGHT: f64 = 210.0;
const LEFT: f64 = 78.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 44.0;

/// Which panel of the time axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    /// First tries and retries sent, goodput, capacity: calls per second.
    Load,
    /// Mean time in the server of the calls served each second.
    Latency,
    /// Calls in the server at each second's end.
    Queue,
}

impl Panel {
    /// The three, top to bottom.
    pub const ALL: [Panel; 3] = [Panel::Load, Panel::Latency, Panel::Queue];

    fn title(self) -> &'static str {
        match self {
            Panel::Load => "Calls per second: first tries, retries, goodput",
            Panel::Latency => "Time in the server (s)",
            Panel::Queue => "Calls queued",
        }
    }
}

/// A number for an axis: `1,500`, `2.5`, `0.25`.
fn label(v: f64) -> String {
    if v >= 10.0 || v.fract() == 0.0 {
        format::thousands(v.round() as u64)
    } else if v >= 1.0 {
        fixed(v, 1)
    } else {
        fixed(v, 2)
    }
}

/// A nice top for values up to `max` (at least `floor`).
fn top(max: f64, floor: f64) -> f64 {
    let m = max.max(floor);
    if m <= 1.0 {
        // Small values (seconds in the server): 0.25, 0.5 or 1.
        [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0]
            .into_iter()
            .find(|t| *t >= m)
            .unwrap_or(1.0)
    } else {
        nice_ceiling(m)
    }
}

/// One panel's markup for `series`, run with `config`; `id` must be
/// unique on the page, `who` names the budget in the accessible name.
pub fn panel_svg(
    series: &Series,
    config: &LoadConfig,
    panel: Panel,
    id: &str,
    who: &str,
) -> String {
    let secs = &series.seconds;
    let n = secs.len().max(1) as f64;
    let pw = WIDTH - LEFT - RIGHT;
    let ph = HEIGHT - TOP - BOTTOM;
    let bottom = HEIGHT - BOTTOM;
    let x = |t: f64| LEFT + pw * t / n;
    let (max, floor) = match panel {
        Panel::Load => (
            secs.iter().map(|s| s.offered() as f64).fold(0.0, f64::max),
            config.capacity * 1.1,
        ),
        Panel::Latency => (
            secs.iter().map(|s| s.latency()).fold(0.0, f64::max),
            config.timeout_ms / 1000.0 * 1.1,
        ),
        Panel::Queue => (
            secs.iter().map(|s| s.queue as f64).fold(0.0, f64::max),
            10.0,
        ),
    };
    let top = top(max, floor);
    let y = |v: f64| bottom - ph * (v / top).min(1.0);
    // Coordinates to a tenth, written by the core's own writer (the
    // standard one's `{:.1}` costs code at every call).
    let d1 = |v: f64| Fixed(v, 1);
    let title = format!("{}, {}", panel.title(), who);
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<figure class="load-figure"><figcaption aria-hidden="true">{p}</figcaption><svg class="load-chart" viewBox="0 0 {w} {h}" role="img" aria-labelledby="{id}" preserveAspectRatio="xMidYMid meet"><title id="{id}">{t}</title>"#,
        id = escape(id),
        w = Num(WIDTH),
        h = Num(HEIGHT),
        t = escape(&title),
        p = escape(panel.title()),
    );
    // The trigger.
    let tr = &config.trigger;
    if tr.length_s > 0.0 {
        let _ = write!(
            out,
            r#"<rect class="load-trigger" x="{}" y="{}" width="{}" height="{}"><title>{}</title></rect>"#,
            d1(x(tr.at_s)),
            Num(TOP),
            d1(x(tr.end_s().min(n)) - x(tr.at_s)),
            Num(ph),
            match tr.kind {
                TriggerKind::Outage => "outage",
                TriggerKind::Spike => "spike",
            }
        );
    }
    // Grid and value labels.
    for i in 0..=4 {
        let v = top * i as f64 / 4.0;
        let _ = write!(
            out,
            r#"<line class="grid" x1="{}" x2="{}" y1="{y}" y2="{y}"/><text class="tick" x="{}" y="{}" text-anchor="end">{}</text>"#,
            Num(LEFT),
            d1(WIDTH - RIGHT),
            d1(LEFT - 8.0),
            d1(y(v) + 6.0),
            label(v),
            y = d1(y(v))
        );
    }
    let mut t = 0u32;
    while (t as f64) <= n {
        let _ = write!(
            out,
            r#"<text class="tick" x="{}" y="{}" text-anchor="middle">{t} s</text>"#,
            d1(x(t as f64)),
            d1(bottom + 26.0)
        );
        t += 10;
    }
    let line = |out: &mut String, class: &str, v: &dyn Fn(usize) -> f64| {
        let pts: Vec<String> = (0..secs.len())
            .map(|i| format!("{},{}", d1(x(i as f64 + 0.5)), d1(y(v(i)))))
            .collect();
        let _ = write!(
            out,
            r#"<polyline class="{class}" points="{}"/>"#,
            pts.join(" ")
        );
    };
    let level = |out: &mut String, class: &str, v: f64| {
        let _ = write!(
            out,
            r#"<line class="{class}" x1="{}" x2="{}" y1="{y}" y2="{y}"/>"#,
            Num(LEFT),
            d1(WIDTH - RIGHT),
            y = d1(y(v))
        );
    };
    match panel {
        Panel::Load => {
            let w = d1((pw / n - 1.0).max(0.5));
            for (i, s) in secs.iter().enumerate() {
                let (f, r) = (s.first as f64, s.retries as f64);
                let _ = write!(
                    out,
                    r#"<rect class="load-first" x="{}" y="{}" width="{w}" height="{}"/>"#,
                    d1(x(i as f64)),
                    d1(y(f)),
                    d1(bottom - y(f))
                );
                if r > 0.0 {
                    let _ = write!(
                        out,
                        r#"<rect class="load-retry" x="{}" y="{}" width="{w}" height="{}"/>"#,
                        d1(x(i as f64)),
                        d1(y(f + r)),
                        d1(y(f) - y(f + r))
                    );
                }
            }
            level(&mut out, "load-capacity", config.capacity);
            line(&mut out, "load-good", &|i| secs[i].ok as f64);
        }
        Panel::Latency => {
            level(&mut out, "load-timeout", config.timeout_ms / 1000.0);
            line(&mut out, "load-latency", &|i| secs[i].latency());
        }
        Panel::Queue => line(&mut out, "load-queue", &|i| secs[i].queue as f64),
    }
    out += "</svg></figure>";
    out
}

/// Legend of the charts.
const LEGEND: &str = r#"<p class="legend load-legend"><span class="key k-first">First tries</span> <span class="key k-retry">Retries</span> <span class="key k-good">Goodput (attempts that succeeded)</span> <span class="key k-cap">Capacity, attempt timeout</span> <span class="key k-trigger">Trigger</span></p>"#;

/// What the table's figures mean.
const TABLE_NOTE: &str = r#"<p class="note">Time to recover: from the trigger's end until every later second has at least 95 % of its attempts succeed. Amplification: attempts sent ÷ first tries (peak: the largest second from the trigger on). At 100 % failure: the same clients with the server serving nothing for the whole run.</p>"#;

/// A captioned table in its own focusable scrolling region, as the
/// page's `ScrollTable` writes it.
fn table(out: &mut String, caption: &str, id: &str, class: &str, headers: &[&str], rows: &str) {
    let _ = write!(
        out,
        r#"<div class="table-wrap" tabindex="0" role="region" aria-labelledby="{id}"><table class="{class}" role="table" aria-labelledby="{id}"><caption id="{id}">{caption}</caption><thead role="rowgroup"><tr role="row">"#
    );
    for h in headers {
        let _ = write!(out, r#"<th scope="col" role="columnheader">{h}</th>"#);
    }
    let _ = write!(out, "</tr></thead><tbody>{rows}</tbody></table></div>");
}

/// One budget's column: its name, its verdict and its three panels.
fn column(out: &mut String, r: &super::StudyResult, b: &super::BudgetResult) {
    let kind = b.budget.kind();
    let recovered = b
        .verdict
        .recovered_s
        .map_or_else(|| "none".to_string(), shortest);
    let _ = write!(
        out,
        r#"<div class="load-column" data-budget="{k}"><h3>{label}</h3><p class="load-verdict" data-testid="load-verdict" data-budget="{k}" data-recovered="{recovered}">{verdict}</p><div class="load-panels">"#,
        k = kind.as_str(),
        label = escape(kind.label()),
        verdict = escape(&super::verdict_sentence(&r.config, kind, &b.verdict)),
    );
    for (i, p) in Panel::ALL.iter().enumerate() {
        let id = format!("load-{}-{i}", kind.as_str());
        *out += &panel_svg(&b.series, &r.config, *p, &id, kind.label());
    }
    *out += "</div></div>";
}

/// A finished study as the page shows it: the chosen budget's column and
/// no budget's beside it, the legend, the table of every budget, and the
/// chosen budget's seconds behind a disclosure.
pub fn results_html(r: &super::StudyResult) -> String {
    let chosen = r.chosen();
    let mut out = String::from(r#"<div class="load-columns">"#);
    column(&mut out, r, chosen);
    if chosen.budget.kind() != super::BudgetKind::None {
        column(&mut out, r, r.of(super::BudgetKind::None));
    }
    out += "</div>";
    out += LEGEND;
    table(
        &mut out,
        "Every budget on this setting",
        "load-caption",
        "sim-table load-table",
        &[
            "Budget",
            "Time to recover",
            "Peak amplification",
            "Over the run",
            "At 100 % failure",
        ],
        &super::budget_rows_html(r),
    );
    out += TABLE_NOTE;
    out += r#"<details class="load-seconds"><summary>Second by second, with the chosen budget</summary>"#;
    table(
        &mut out,
        "Seconds of the run with the chosen budget",
        "load-seconds-caption",
        "sim-table",
        &[
            "Second",
            "First tries",
            "Retries",
            "Goodput",
            "Queue",
            "Time in server",
        ],
        &super::second_rows_html(&chosen.series),
    );
    out + "</details>"
}
