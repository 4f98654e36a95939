//! Text made safe for the markup the core writes as strings.
//!
//! Several writers build HTML or SVG as one string the page sets as an
//! element's content (the charts, the comparison and results tables, the
//! coloured code). Every piece of text they copy in goes through this
//! module, so there is one list of characters to get right.

/// Text made safe anywhere in markup, as element content or inside an
/// attribute value in either kind of quotes: `&`, `<`, `>`, `"` and `'`
/// are written as character references.
///
/// ```
/// use backoff_calculator::core::html::escape;
/// assert_eq!(escape(r#"a & "b" <c> 'd'"#), "a &amp; &quot;b&quot; &lt;c&gt; &#39;d&#39;");
/// ```
pub fn escape(text: &str) -> String {
    escape_chars(text, true)
}

/// Text made safe as element content only: `&`, `<` and `>` are written as
/// character references, quotes are left as they are.
///
/// For the code view, whose text is full of quotes: outside an attribute a
/// quote needs no escape, and leaving them keeps the markup the size of
/// the code. Not for attribute values; use [`escape`] there.
///
/// ```
/// use backoff_calculator::core::html::escape_text;
/// assert_eq!(escape_text(r#"if a < b && c > "d""#), r#"if a &lt; b &amp;&amp; c &gt; "d""#);
/// ```
pub fn escape_text(text: &str) -> String {
    escape_chars(text, false)
}

/// The one escaping loop behind [`escape`] and [`escape_text`].
fn escape_chars(text: &str, quotes: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if quotes => out.push_str("&quot;"),
            '\'' if quotes => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_covers_text_and_both_quotes() {
        assert_eq!(escape("plain text, 1.5 s"), "plain text, 1.5 s");
        assert_eq!(escape("&"), "&amp;");
        assert_eq!(escape("<title>"), "&lt;title&gt;");
        assert_eq!(escape(r#"say "hi""#), "say &quot;hi&quot;");
        assert_eq!(escape("it's"), "it&#39;s");
        // An escape is not read back as one: `&amp;` is escaped again.
        assert_eq!(escape("&amp;"), "&amp;amp;");
        assert_eq!(escape("×0.8–1.2 ‘é’"), "×0.8–1.2 ‘é’");
        assert_eq!(escape(""), "");
    }

    #[test]
    fn escape_text_leaves_quotes() {
        assert_eq!(
            escape_text(r#"a & "b" <'c'>"#),
            r#"a &amp; "b" &lt;'c'&gt;"#
        );
    }

    #[test]
    fn nothing_markup_can_read_is_left() {
        let all = "<&\"'>";
        for c in escape(all).chars() {
            assert!(!"<>\"'".contains(c), "{c} in {}", escape(all));
        }
        // Every `&` left starts a reference.
        assert_eq!(escape(all).matches('&').count(), 5);
    }
}
