//! Prints, as JSON, the config each library model writes for each parameter
//! set of `tests/libraries/config_sets.txt`, with the model's rows, for the
//! test that pastes each config verbatim, runs it with the real library
//! against a local server and times the retries
//! (`tests/libraries/configs.test.mjs`).
//!
//! ```text
//! cargo run --quiet --locked --example library_configs -- tests/libraries/config_sets.txt
//! ```
//!
//! ```text
//! [{"id": "urllib3", "set": "plain", "language": "python",
//!   "config": "from requests.adapters import …",
//!   "rows": [[min_ms, max_ms], …]}, …]
//! ```
//!
//! A set line is `<model id> <set name> [<parameter>=<value> …]`, in the
//! library's own names and units.

use std::fmt::Write;

#[path = "../tests/common/sets.rs"]
mod sets;

use backoff_calculator::core::library::{Language, LibId};
use sets::{sets, Set};

/// `s` as a JSON string literal.
fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_num(x: f64) -> String {
    if x.is_finite() {
        format!("{x}")
    } else {
        "null".to_string()
    }
}

fn language(l: Language) -> &'static str {
    match l {
        Language::Python => "python",
        Language::JavaScript => "javascript",
        Language::CSharp => "csharp",
        Language::Java => "java",
        Language::Yaml => "yaml",
        Language::Json => "json",
        Language::Go => "go",
        Language::Rust => "rust",
    }
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "tests/libraries/config_sets.txt".to_string());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut items = Vec::new();
    for Set {
        id,
        set,
        model,
        values: v,
        schedule: s,
    } in sets(&text, 2)
    {
        let rows: Vec<String> = s
            .rows
            .iter()
            .map(|r| format!("[{}, {}]", json_num(r.min_ms), json_num(r.max_ms)))
            .collect();
        items.push(format!(
            "{{\"id\": {}, \"set\": {}, \"language\": \"{}\", \"config\": {}, \"rows\": [{}]}}",
            json_str(id),
            json_str(set),
            language(model.info().language),
            json_str(&LibId::parse(id).unwrap().writer().config(&v)),
            rows.join(", "),
        ));
    }
    println!("[\n{}\n]", items.join(",\n"));
}
