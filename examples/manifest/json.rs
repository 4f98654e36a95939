//! The JSON the manifest prints, written by hand: the example has no JSON
//! library, and its output is a few flat lists.

/// A JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A number as the page writes it, as a JSON string.
pub fn number(x: impl std::fmt::Display) -> String {
    string(&x.to_string())
}

/// A JSON object from its fields, on one line.
pub fn object(fields: &[(&str, String)]) -> String {
    let inner: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{}: {v}", string(k)))
        .collect();
    format!("{{{}}}", inner.join(", "))
}

/// A JSON array, one element per line.
pub fn array(items: Vec<String>) -> String {
    format!("[\n    {}\n  ]", items.join(",\n    "))
}

/// `value`, or JSON `null` when there is none.
pub fn or_null(value: Option<String>) -> String {
    value.unwrap_or_else(|| "null".to_string())
}
