//! A configured library in the page's words: how it counts, what decided
//! the number of rows, what it does with `Retry-After`, and where the model
//! was read.
//!
//! The library's selects, fields and translation as markup are in
//! `words/markup.rs`.

pub use markup::{diff_html, field_id, fields_html, option_html, options_html};

use super::{Combine, Counts, LibrarySchedule, BUDGET_RUNS, MEAN_RUNS};
use std::fmt::Write;

use crate::core::decimal_text::Num;
use crate::core::format;
use crate::core::html::escape;

/// Sentences about a library's schedule and settings, as the `<li>`
/// items of a list (escaped, with the source as a link), in the order the
/// page shows them.
pub fn library_notes(shown: &LibrarySchedule) -> String {
    let info = shown.source.0.lib.info();
    let c = info.counting;
    let retries = shown.schedule.rows.len();
    // Each note written straight into the list, as its item.
    let mut out = String::new();
    let _ = match (c.param, c.counts) {
        (Some(p), Counts::Retries) => {
            write!(
                out,
                "<li><code>{p}</code> counts retries, not the first call.</li>"
            )
        }
        (Some(p), Counts::Attempts) => write!(
            out,
            "<li><code>{p}</code> counts attempts, the first call included.</li>"
        ),
        _ => {
            out.push_str("<li>No count ends the retries: only the time budget does.</li>");
            Ok(())
        }
    };
    if !c.first_retry_waits {
        out.push_str("<li>Retry 1 does not wait.</li>");
    }
    if shown.deciding {
        // The note that marks the rows as a preview, found by its test id.
        let _ = match shown.budget {
            Some(b) => write!(
                out,
                "<li data-testid=\"deciding\">Still deciding the count over {} simulated runs: the table shows the {} retries every run makes; the later ones, and “Expected”, follow in a moment.</li>",
                format::thousands(u64::from(BUDGET_RUNS)),
                b.always
            ),
            None => write!(
                out,
                "<li data-testid=\"deciding\">Still deciding “Expected” over {} simulated runs: until then it shows the middle of each range.</li>",
                format::thousands(u64::from(MEAN_RUNS))
            ),
        };
    } else if let Some(b) = shown.budget {
        let param = c.budget_param.unwrap_or("time budget");
        let _ = write!(
            out,
            "<li>The <code>{param}</code> of {} decides the count: {} retries happen in every run; the table shows {retries}, and {} of {} simulated runs retried beyond them. “Expected” is the mean over all those runs, a retry that did not happen counting as no wait.</li>",
            format::delay(b.budget_ms),
            b.always,
            format_share(b.beyond),
            format::thousands(u64::from(b.runs)),
        );
        if shown.run_retries < retries {
            let _ = write!(
                out,
                "<li>This sample stopped after {} retries; the later rows did not happen in it.</li>",
                shown.run_retries
            );
        }
    } else if shown.schedule.expected_is_simulated {
        out.push_str("<li>“Expected” has no closed form here: it is the mean of 2,000 simulated runs (fixed seed).</li>");
    }
    let all = shown.schedule.attempts.saturating_sub(1);
    if (retries as u64) < all {
        let _ = write!(
            out,
            "<li>The table shows the first {retries} of its {} retries; the totals cover those.</li>",
            format::thousands(all)
        );
    }
    if let Some(t) = shown.trailing {
        let _ = write!(
            out,
            "<li>After the last retry fails, it sleeps once more ({}, in the totals) and then gives up without another attempt.</li>",
            format::range(t.min_ms, t.max_ms)
        );
    }
    let ra = info.retry_after;
    let mut statuses = String::new();
    for (i, s) in ra.statuses.iter().enumerate() {
        statuses.push_str(if i == 0 { " on " } else { ", " });
        let _ = write!(statuses, "{s}");
    }
    let chosen = &shown.source.0;
    let bound = ra
        .max_param
        .filter(|_| chosen.values.release().is_empty())
        .map(|p| format!(", up to <code>{p}</code>"))
        .unwrap_or_default();
    // cenkalti reads no header: the operation returns a RetryAfter error.
    let header = match ra.headers {
        [] => "RetryAfter(…)".to_string(),
        h => h.join(" or "),
    };
    let switched_off = ra.switch_param.filter(|p| !chosen.values.flag(p));
    let _ = match (switched_off, ra.combine) {
        (Some(p), _) => write!(
            out,
            "<li>It ignores <code>Retry-After</code>: <code>{p}</code> is false.</li>"
        ),
        (None, Combine::Ignored) => {
            out.push_str("<li>It does not read <code>Retry-After</code>.</li>");
            Ok(())
        }
        (None, Combine::Replaces) => write!(
            out,
            "<li>A <code>{header}</code>{statuses} replaces the delay{bound}.</li>"
        ),
        (None, Combine::AtLeast) => write!(
            out,
            "<li>It waits at least what <code>{header}</code>{statuses} says{bound}.</li>"
        ),
        (None, Combine::Between { extra_ms }) => write!(
            out,
            "<li>A <code>{header}</code>{statuses} is kept between the delay and {} more.</li>",
            format::delay(extra_ms as f64)
        ),
    };
    for n in chosen.lib.model().notes(&chosen.values) {
        out.push_str("<li>");
        out.push_str(&n);
        out.push_str("</li>");
    }
    if let Some(r) = super::release(chosen.lib.model(), &chosen.values) {
        let _ = write!(
            out,
            "<li>Release: {}, which covers {}.</li>",
            escape(r.label),
            escape(r.covers)
        );
    }
    let source = chosen.lib.model().source();
    let _ = write!(
        out,
        "<li>Model read from {}, <a href=\"{}\">{}</a>.</li>",
        escape(source.release),
        escape(source.url),
        escape(source.file())
    );
    out
}

fn format_share(share: f64) -> String {
    format!("{}\u{a0}%", Num((share * 1000.0).round() / 10.0))
}

mod markup;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::library::{library_schedule, Configured, LibId};

    fn notes(id: &str) -> Vec<String> {
        let c = Configured::defaults(LibId::parse(id).unwrap());
        let s = library_schedule(&c, 1).unwrap();
        let html = library_notes(&s);
        let items = html
            .strip_prefix("<li>")
            .unwrap()
            .strip_suffix("</li>")
            .unwrap();
        items.split("</li><li>").map(str::to_string).collect()
    }

    #[test]
    fn urllib3_says_retry_1_does_not_wait() {
        let n = notes("urllib3");
        assert!(n[0].contains("<code>total</code> counts retries"), "{n:?}");
        assert!(n.contains(&"Retry 1 does not wait.".to_string()));
        assert!(n
            .iter()
            .any(|l| l.contains("replaces the delay, up to <code>retry_after_max</code>")));
    }

    #[test]
    fn a_budget_says_how_the_count_was_decided() {
        let n = notes("google-api-core");
        assert!(n.iter().any(|l| l.contains("<code>timeout</code> of 120,000 ms (120 s) decides the count")), "{n:?}");
        assert!(n.iter().any(|l| l.contains("of 10,000 simulated runs")));
    }

    #[test]
    fn the_file_is_read_from_the_link() {
        let source = LibId::parse("urllib3").unwrap().model().source();
        assert_eq!(source.file(), "src/urllib3/util/retry.py");
    }

    #[test]
    fn every_library_cites_its_source() {
        for lib in LibId::all() {
            assert!(notes(lib.id()).last().unwrap().contains("Model read from"));
        }
    }
}
