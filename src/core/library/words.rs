//! A configured library in the page's words: how it counts, what decided
//! the number of rows, what it does with `Retry-After`, and where the model
//! was read.

use super::{Combine, Configured, Counts, LibrarySchedule};
use crate::core::format;
use crate::core::html::escape;

/// Sentences about `chosen` and its schedule, as markup (escaped, with the
/// source as a link), in the order the page shows them.
pub fn library_notes(chosen: &Configured, shown: &LibrarySchedule) -> Vec<String> {
    let info = chosen.lib.model().info();
    let c = info.counting;
    let retries = shown.schedule.rows.len();
    let mut out = Vec::new();
    let counted = match (c.param, c.counts) {
        (Some(p), Counts::Retries) => format!("<code>{p}</code> counts retries, not the first call."),
        (Some(p), Counts::Attempts) => {
            format!("<code>{p}</code> counts attempts, the first call included.")
        }
        _ => "No count ends the retries: only the time budget does.".to_string(),
    };
    out.push(counted);
    if !c.first_retry_waits {
        out.push("Retry 1 does not wait.".to_string());
    }
    if let Some(b) = shown.budget {
        let param = c.budget_param.unwrap_or("time budget");
        out.push(format!(
            "The <code>{param}</code> of {} decides the count: {} retries happen in every run; the table shows {retries}, and {} of {} simulated runs retried beyond them. “Expected” is the mean over all those runs, a retry that did not happen counting as no wait.",
            format::delay(b.budget_ms),
            b.always,
            format_share(b.beyond),
            format::thousands(u64::from(b.runs)),
        ));
        if shown.run_retries < retries {
            out.push(format!(
                "This sample stopped after {} retries; later rows show no sampled wait.",
                shown.run_retries
            ));
        }
    } else if shown.schedule.expected_is_simulated {
        out.push("“Expected” has no closed form here: it is the mean of 2,000 simulated runs (fixed seed).".to_string());
    }
    if let Some(t) = shown.trailing {
        out.push(format!(
            "After the last retry fails, it sleeps once more ({}) and then gives up without another attempt.",
            format::range(t.min_ms, t.max_ms)
        ));
    }
    let ra = info.retry_after;
    let statuses = if ra.statuses.is_empty() {
        String::new()
    } else {
        let s: Vec<String> = ra.statuses.iter().map(u16::to_string).collect();
        format!(" on {}", s.join(", "))
    };
    let bound = ra
        .max_param
        .map(|p| format!(", up to <code>{p}</code>"))
        .unwrap_or_default();
    let header = ra.headers.join(" or ");
    out.push(match ra.combine {
        Combine::Ignored => "It does not read <code>Retry-After</code>.".to_string(),
        Combine::Replaces => format!("A <code>{header}</code>{statuses} replaces the delay{bound}."),
        Combine::AtLeast => format!("It waits at least what <code>{header}</code>{statuses} says{bound}."),
        Combine::Between { extra_ms } => format!(
            "A <code>{header}</code>{statuses} is kept between the delay and {} more.",
            format::delay(extra_ms as f64)
        ),
    });
    out.push(format!(
        "Model read from {}, <a href=\"{}\">{}</a>.",
        escape(info.release),
        escape(info.url),
        escape(info.file)
    ));
    out
}

fn format_share(share: f64) -> String {
    format!("{}\u{a0}%", (share * 1000.0).round() / 10.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::library::{library_schedule, LibId};

    fn notes(id: &str) -> Vec<String> {
        let c = Configured::defaults(LibId::parse(id).unwrap());
        let s = library_schedule(&c, 1).unwrap();
        library_notes(&c, &s)
    }

    #[test]
    fn urllib3_says_retry_1_does_not_wait() {
        let n = notes("urllib3");
        assert!(n[0].contains("<code>total</code> counts retries"), "{n:?}");
        assert!(n.contains(&"Retry 1 does not wait.".to_string()));
        assert!(n.iter().any(|l| l.contains("replaces the delay, up to <code>retry_after_max</code>")));
    }

    #[test]
    fn a_budget_says_how_the_count_was_decided() {
        let n = notes("google-api-core");
        assert!(n.iter().any(|l| l.contains("<code>timeout</code> of 120,000 ms (120 s) decides the count")), "{n:?}");
        assert!(n.iter().any(|l| l.contains("of 10,000 simulated runs")));
    }

    #[test]
    fn every_library_cites_its_source() {
        for lib in LibId::all() {
            assert!(notes(lib.id()).last().unwrap().contains("Model read from"));
        }
    }
}
