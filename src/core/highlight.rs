//! Light syntax colouring for the generated code: comments and string
//! literals only, which is what makes a snippet easy to scan. A small
//! scanner, not a parser: it only has to be right for the code the
//! writers in [`super::snippets`] produce, and the pieces always join back
//! into the exact text.

use super::html::escape_text;
use super::snippets::Lang;

/// What a piece of code is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Anything else.
    Plain,
    /// A comment, to the end of the line or of a block.
    Comment,
    /// A string or character literal.
    String,
}

/// The code as HTML for a `<code>` element: comments and strings wrapped
/// in `<span class="tok-comment">` and `<span class="tok-string">`, every
/// `&`, `<` and `>` escaped ([`escape_text`]: quotes need no escape in
/// element content, and the code is full of them). One string, so the
/// page sets it in one step instead of building a node per piece.
pub fn to_html(lang: Lang, code: &str) -> String {
    let mut html = String::with_capacity(code.len() + code.len() / 4);
    for (kind, text) in pieces(lang, code) {
        let class = match kind {
            Kind::Plain => None,
            Kind::Comment => Some("tok-comment"),
            Kind::String => Some("tok-string"),
        };
        if let Some(class) = class {
            html.push_str("<span class=\"");
            html.push_str(class);
            html.push_str("\">");
        }
        html.push_str(&escape_text(text));
        if class.is_some() {
            html.push_str("</span>");
        }
    }
    html
}

/// Splits `code` into pieces that join back into exactly `code`.
pub fn pieces(lang: Lang, code: &str) -> Vec<(Kind, &str)> {
    let hash_comments = matches!(lang, Lang::Py | Lang::Sh);
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut plain_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        let at_word_start = i == 0 || bytes[i - 1].is_ascii_whitespace();
        let line_comment = if hash_comments {
            rest[0] == b'#' && at_word_start
        } else {
            rest.starts_with(b"//")
        };
        let end = if line_comment {
            Some((Kind::Comment, line_end(bytes, i)))
        } else if !hash_comments && rest.starts_with(b"/*") {
            let close = find(bytes, i + 2, b"*/").map_or(bytes.len(), |j| j + 2);
            Some((Kind::Comment, close))
        } else {
            string_end(lang, bytes, i).map(|end| (Kind::String, end))
        };
        match end {
            Some((kind, end)) => {
                if plain_start < i {
                    out.push((Kind::Plain, &code[plain_start..i]));
                }
                out.push((kind, &code[i..end]));
                i = end;
                plain_start = end;
            }
            None => i += 1,
        }
    }
    if plain_start < bytes.len() {
        out.push((Kind::Plain, &code[plain_start..]));
    }
    out
}

fn line_end(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |j| from + j)
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|j| from + j)
}

/// Where a string literal starting at `i` ends (exclusive), if one starts.
fn string_end(lang: Lang, bytes: &[u8], i: usize) -> Option<usize> {
    let quote = bytes[i];
    // Template literals, Go raw strings and bash single quotes (the awk
    // program) may span lines; other strings end at the line's end.
    let multiline = quote == b'`' && matches!(lang, Lang::Js | Lang::Ts | Lang::Go)
        || quote == b'\'' && lang == Lang::Sh;
    match quote {
        b'"' => {}
        b'`' if multiline => {}
        // In Rust a quote also starts lifetimes: only 'x' and '\x' are chars.
        b'\'' if lang == Lang::Rs => {
            let close = if bytes.get(i + 1) == Some(&b'\\') {
                i + 3
            } else {
                i + 2
            };
            return (bytes.get(close) == Some(&b'\'')).then_some(close + 1);
        }
        b'\'' => {}
        _ => return None,
    }
    // bash single quotes have no escapes; elsewhere a backslash escapes.
    let escapes = !(lang == Lang::Sh && quote == b'\'');
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            // A backslash escapes the next character, but not a line end:
            // that is a shell line continuation outside the string.
            b'\\' if escapes && bytes.get(j + 1) != Some(&b'\n') => j += 2,
            b'\n' if !multiline => return Some(j),
            b if b == quote => return Some(j + 1),
            _ => j += 1,
        }
    }
    Some(bytes.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_strings() {
        let code = "const A = 1; // one\nlet s = \"a // b\";\n/* block\n */ x";
        assert_eq!(
            pieces(Lang::Js, code),
            [
                (Kind::Plain, "const A = 1; "),
                (Kind::Comment, "// one"),
                (Kind::Plain, "\nlet s = "),
                (Kind::String, "\"a // b\""),
                (Kind::Plain, ";\n"),
                (Kind::Comment, "/* block\n */"),
                (Kind::Plain, " x"),
            ]
        );
    }

    #[test]
    fn hash_comments_only_at_a_word_start() {
        let code = "n=${#a} # count\necho 'it''s'";
        assert_eq!(
            pieces(Lang::Sh, code),
            [
                (Kind::Plain, "n=${#a} "),
                (Kind::Comment, "# count"),
                (Kind::Plain, "\necho "),
                (Kind::String, "'it'"),
                (Kind::String, "'s'"),
            ]
        );
    }

    #[test]
    fn rust_lifetimes_are_not_strings() {
        let code = "fn f<'a>(x: &'a str) -> char { 'x' }";
        let strings: Vec<&str> = pieces(Lang::Rs, code)
            .into_iter()
            .filter(|(k, _)| *k == Kind::String)
            .map(|(_, s)| s)
            .collect();
        assert_eq!(strings, ["'x'"]);
    }
}
