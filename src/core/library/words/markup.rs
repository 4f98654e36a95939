//! A library in the page's markup: the translation's differences, the
//! selects' options, and the chosen library's fields with its `Release`
//! select.

use crate::core::html::escape;
use crate::core::library::{param_doc, LibId, Translation, Unit, RELEASE_PARAM};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::library::Configured;

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
}
