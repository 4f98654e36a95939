//! A configured library in the page's words: how it counts, what decided
//! the number of rows, what it does with `Retry-After`, and where the model
//! was read.

use super::{
    param_doc, Combine, Counts, LibId, LibrarySchedule, Translation, Unit, BUDGET_RUNS, MEAN_RUNS,
    RELEASE_PARAM,
};
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

/// `library-diff` as markup: whether the translation is exact, then one
/// `<li data-field="…">` per field the library cannot match.
pub fn diff_html(lib: LibId, t: &Translation) -> String {
    let lead = if t.exact() {
        format!("{} does exactly what this page's policy does.", lib.name())
    } else {
        format!(
            "Where {} cannot do what this page's policy does:",
            lib.name()
        )
    };
    let items: String = t
        .diffs
        .iter()
        .map(|d| {
            format!(
                "<li data-field=\"{}\">{}</li>",
                escape(d.field),
                escape(&d.text)
            )
        })
        .collect();
    format!(
        "<div data-testid=\"library-diff\" data-exact=\"{}\"><p>{}</p><ul>{items}</ul></div>",
        t.exact(),
        escape(&lead)
    )
}

/// An `<option>` with this value and text.
pub fn option_html(value: &str, text: &str) -> String {
    format!(
        "<option value=\"{}\">{}</option>",
        escape(value),
        escape(text)
    )
}

/// `first`, then an `<option>` per library (value: its id; text: its
/// name): the `Model`, `Library` and `Preset` selects list them alike.
pub fn options_html(first: String) -> String {
    LibId::all().fold(first, |out, lib| out + &option_html(lib.id(), lib.name()))
}

/// The element id of a library parameter's field (`lib-backoff_factor`);
/// its hint and message add `-hint` and `-error`.
pub fn field_id(name: &str) -> String {
    format!("lib-{name}")
}

/// The chosen library's fields as markup, one `.field` per parameter
/// (`data-param` naming it), showing `texts`: a select for `true`/`false`
/// and for a choice, a text box for a number.
pub fn fields_html(lib: LibId, texts: &[String]) -> String {
    let mut out = String::new();
    for (i, p) in lib.info().params.iter().enumerate() {
        let id = field_id(p.name);
        let text = texts.get(i).map(String::as_str).unwrap_or("");
        let attrs =
            format!("id=\"{id}\" aria-describedby=\"{id}-hint {id}-error\" aria-invalid=\"false\"");
        let names: &[&str] = match p.unit {
            Unit::Bool => &["true", "false"],
            Unit::Choice(names) => names,
            _ => &[],
        };
        let control = if names.is_empty() {
            format!(
                "<input {attrs} type=\"text\" inputmode=\"decimal\" autocomplete=\"off\" spellcheck=\"false\" value=\"{}\">",
                escape(text)
            )
        } else {
            let options: String = names
                .iter()
                .map(|n| {
                    let sel = if *n == text { " selected" } else { "" };
                    format!("<option value=\"{n}\"{sel}>{n}</option>")
                })
                .collect();
            format!("<select {attrs}>{options}</select>")
        };
        out += &format!(
            "<div class=\"field\" data-param=\"{}\"><label for=\"{id}\">{}</label>{control}<p class=\"hint\" id=\"{id}-hint\">{}</p><p class=\"field-error\" id=\"{id}-error\" aria-live=\"polite\"></p></div>",
            p.name,
            breakable(&escape(&p.label())),
            escape(param_doc(lib.id(), p.name))
        );
    }
    out += &release_html(lib, texts.get(lib.info().params.len()));
    out
}

/// The `Release` select, when the model covers more than one release:
/// each as people say it (the link's spelling as its value, empty for
/// the current one), and one line saying which releases the model covers.
fn release_html(lib: LibId, chosen: Option<&String>) -> String {
    let list = lib.model().releases();
    if list.len() < 2 {
        return String::new();
    }
    let id = field_id(RELEASE_PARAM);
    let chosen = chosen.map_or("", String::as_str);
    let options: String = list
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let value = if i == 0 { "" } else { r.id };
            let sel = if value == chosen { " selected" } else { "" };
            format!(
                "<option value=\"{value}\"{sel}>{}</option>",
                escape(r.label)
            )
        })
        .collect();
    let covers: Vec<&str> = list.iter().map(|r| r.covers).collect();
    format!(
        "<div class=\"field\" data-param=\"{RELEASE_PARAM}\"><label for=\"{id}\">Release</label><select id=\"{id}\" aria-describedby=\"{id}-hint {id}-error\" aria-invalid=\"false\">{options}</select><p class=\"hint\" id=\"{id}-hint\">The model covers {}.</p><p class=\"field-error\" id=\"{id}-error\" aria-live=\"polite\"></p></div>",
        escape(&covers.join("; "))
    )
}

/// A parameter's label with a line break allowed after each `_` and
/// before each hump of camel case (`<wbr>`), and nowhere else: a narrow
/// field wraps `enableExponential|Backoff`, never `enableExponent|ialBackoff`.
fn breakable(label: &str) -> String {
    let mut out = String::with_capacity(label.len() + 16);
    let mut lower = false;
    for c in label.chars() {
        if lower && c.is_ascii_uppercase() {
            out.push_str("<wbr>");
        }
        out.push(c);
        if c == '_' {
            out.push_str("<wbr>");
        }
        lower = c.is_ascii_lowercase();
    }
    out
}

fn format_share(share: f64) -> String {
    format!("{}\u{a0}%", Num((share * 1000.0).round() / 10.0))
}

#[cfg(test)]
mod tests {

    #[test]
    fn labels_break_only_at_underscores_and_camel_humps() {
        assert_eq!(
            super::breakable("enableExponentialBackoff"),
            "enable<wbr>Exponential<wbr>Backoff"
        );
        assert_eq!(
            super::breakable("respect_retry_after_header"),
            "respect_<wbr>retry_<wbr>after_<wbr>header"
        );
        assert_eq!(
            super::breakable("MaxRetryAttempts (ms)"),
            "Max<wbr>Retry<wbr>Attempts (ms)"
        );
        assert_eq!(super::breakable("RPC"), "RPC");
    }
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
    fn fields_follow_the_table() {
        let lib = LibId::parse("urllib3").unwrap();
        let c = Configured::defaults(lib);
        let texts: Vec<String> = c
            .values
            .table()
            .iter()
            .map(|p| c.values.text(p.name))
            .collect();
        let html = fields_html(lib, &texts);
        assert!(html.contains(r#"<label for="lib-backoff_factor">backoff_<wbr>factor (s)</label>"#));
        assert!(html.contains(r#"id="lib-total""#));
        assert!(html.contains(r#"<option value="true" selected>true</option>"#));
        // The table's fields, then the Release select (urllib3 has two).
        assert_eq!(
            html.matches("class=\"field\"").count(),
            c.values.table().len() + 1
        );
        assert!(html.contains(r#"<label for="lib-version">Release</label>"#));
        assert!(html.contains(r#"<option value="" selected>2.6.3 and later</option>"#));
        assert!(html.contains(r#"<option value="2.5">2.0 to 2.6.2</option>"#));
        assert!(html.contains("The model covers urllib3 2.6.3 to 2.8.0"));
        // Shown chosen when the texts name it; none for one release.
        let mut old = texts.clone();
        old.push("2.5".into());
        assert!(fields_html(lib, &old).contains(r#"<option value="2.5" selected>"#));
        let polly = LibId::parse("polly").unwrap();
        assert!(!fields_html(polly, &[]).contains(RELEASE_PARAM));
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
