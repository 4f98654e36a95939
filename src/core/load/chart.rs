//! A load run on one time axis, as SVG markup: offered load (first tries
//! and retries stacked) with goodput and the server's capacity, the time
//! calls spend in the server with the attempt timeout, and the queue. The
//! trigger is shaded in each. The page sets the markup as one element's
//! content; every text is escaped.

use std::fmt::Write;

use super::{LoadConfig, Series, TriggerKind};
use crate::core::chart::nice_ceiling;
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
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
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
    let title = format!("{}, {}", panel.title(), who);
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<figure class="load-figure"><figcaption aria-hidden="true">{p}</figcaption><svg class="load-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{id}" preserveAspectRatio="xMidYMid meet"><title id="{id}">{t}</title>"#,
        id = escape(id),
        t = escape(&title),
        p = escape(panel.title()),
    );
    // The trigger.
    let tr = &config.trigger;
    if tr.length_s > 0.0 {
        let _ = write!(
            out,
            r#"<rect class="load-trigger" x="{:.1}" y="{TOP}" width="{:.1}" height="{ph}"><title>{}</title></rect>"#,
            x(tr.at_s),
            x(tr.end_s().min(n)) - x(tr.at_s),
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
            r#"<line class="grid" x1="{LEFT}" x2="{:.1}" y1="{y:.1}" y2="{y:.1}"/><text class="tick" x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            WIDTH - RIGHT,
            LEFT - 8.0,
            y(v) + 6.0,
            label(v),
            y = y(v)
        );
    }
    let mut t = 0u32;
    while (t as f64) <= n {
        let _ = write!(
            out,
            r#"<text class="tick" x="{:.1}" y="{:.1}" text-anchor="middle">{t} s</text>"#,
            x(t as f64),
            bottom + 26.0
        );
        t += 10;
    }
    let line = |out: &mut String, class: &str, v: &dyn Fn(usize) -> f64| {
        let pts: Vec<String> = (0..secs.len())
            .map(|i| format!("{:.1},{:.1}", x(i as f64 + 0.5), y(v(i))))
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
            r#"<line class="{class}" x1="{LEFT}" x2="{:.1}" y1="{y:.1}" y2="{y:.1}"/>"#,
            WIDTH - RIGHT,
            y = y(v)
        );
    };
    match panel {
        Panel::Load => {
            let w = (pw / n - 1.0).max(0.5);
            for (i, s) in secs.iter().enumerate() {
                let (f, r) = (s.first as f64, s.retries as f64);
                let _ = write!(
                    out,
                    r#"<rect class="load-first" x="{:.1}" y="{:.1}" width="{w:.1}" height="{:.1}"/>"#,
                    x(i as f64),
                    y(f),
                    bottom - y(f)
                );
                if r > 0.0 {
                    let _ = write!(
                        out,
                        r#"<rect class="load-retry" x="{:.1}" y="{:.1}" width="{w:.1}" height="{:.1}"/>"#,
                        x(i as f64),
                        y(f + r),
                        y(f) - y(f + r)
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
