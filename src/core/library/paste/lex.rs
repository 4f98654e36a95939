//! The pasted text as tokens, in one pass over its characters: names,
//! numbers (with a unit or type suffix kept: `500ms`, `10L`), strings,
//! and single punctuation, with comments, whitespace and invisible
//! characters dropped. Nothing is ever evaluated here or later: the reader
//! only looks at the shape of the text.

/// One token of the pasted text.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// A name: letters, digits, `_`, `$`, and `-` between two letters (as
    /// YAML keys write `wait-duration`).
    Ident(String),
    /// A number as written, from its first digit to the end of its suffix
    /// (`0.025s`, `1_000`, `2.0d`, `1e-7`).
    Num(String),
    /// A string's content, its escapes read; `false` when it never closed.
    Str(String, bool),
    /// Punctuation: one character, or one of the pairs in [`PAIRS`].
    Punct(&'static str),
    /// A line break outside brackets' concern (the parser decides).
    Newline,
}

/// The two-character operators kept whole.
const PAIRS: &[&str] = &[
    "=>", ":=", "==", "::", "->", "!=", "<=", ">=", "&&", "||", "**",
];

/// The single characters kept as punctuation.
const SINGLES: &str = "=:,;(){}[]<>.+-*/%@&|!?^~\\";

/// What the lexer noticed and dropped, for the reader's notes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Dropped {
    /// A string that never closed.
    pub unclosed_string: bool,
    /// A block comment that never closed.
    pub unclosed_comment: bool,
    /// Control or invisible characters (NUL, direction marks, …).
    pub invisible: bool,
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// The text's tokens, and what was dropped. Linear in the text's length.
pub fn lex(text: &str) -> (Vec<Tok>, Dropped) {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut dropped = Dropped::default();
    let mut i = 0;
    // Read through `at`, never by index: an index that could be out of
    // range brings a panic's code and location into the wasm.
    let at = |j: usize| chars.get(j).copied().unwrap_or('\0');
    let text_of = |from: usize, to: usize| -> String {
        chars.get(from..to).unwrap_or_default().iter().collect()
    };
    while i < chars.len() {
        let c = at(i);
        if c == '\n' {
            if toks.last() != Some(&Tok::Newline) {
                toks.push(Tok::Newline);
            }
            i += 1;
        } else if c == ' ' || c == '\t' || c == '\r' {
            i += 1;
        } else if c == '#' || (c == '/' && at(i + 1) == '/') {
            while i < chars.len() && at(i) != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            i += 2;
            while i < chars.len() && !(at(i) == '*' && at(i + 1) == '/') {
                i += 1;
            }
            dropped.unclosed_comment |= i >= chars.len();
            i += 2;
        } else if c.is_ascii_digit() || (c == '.' && at(i + 1).is_ascii_digit()) {
            let start = i;
            // A sign belongs to the number only right after its exponent's
            // `e` (`1e-7`), not after a unit (`5m-1`).
            let mut letters = 0;
            while i < chars.len() {
                let d = at(i);
                let exponent_sign = (d == '+' || d == '-')
                    && letters == 1
                    && matches!(at(i.wrapping_sub(1)), 'e' | 'E')
                    && at(i + 1).is_ascii_digit();
                if is_name_char(d) || d == '.' || exponent_sign {
                    letters += usize::from(d.is_ascii_alphabetic());
                    i += 1;
                } else {
                    break;
                }
            }
            toks.push(Tok::Num(text_of(start, i)));
        } else if is_name_char(c) {
            let start = i;
            while i < chars.len()
                && (is_name_char(at(i))
                    || (at(i) == '-'
                        && at(i.wrapping_sub(1)).is_ascii_alphabetic()
                        && at(i + 1).is_ascii_alphabetic()))
            {
                i += 1;
            }
            toks.push(Tok::Ident(text_of(start, i)));
        } else if c == '"' || c == '\'' || c == '`' {
            let (s, closed, next) = string(&chars, i);
            dropped.unclosed_string |= !closed;
            toks.push(Tok::Str(s, closed));
            i = next;
        } else if let Some(p) = PAIRS
            .iter()
            .find(|p| p.starts_with(c) && p.chars().nth(1) == Some(at(i + 1)))
        {
            toks.push(Tok::Punct(p));
            i += 2;
        } else if let Some(p) = SINGLES.find(c).and_then(|k| SINGLES.get(k..k + 1)) {
            toks.push(Tok::Punct(p));
            i += 1;
        } else {
            // Letters of other scripts, NUL, direction marks, emoji: none
            // is part of a config's syntax.
            dropped.invisible |= c.is_control() || is_invisible(c);
            i += 1;
        }
    }
    (toks, dropped)
}

/// Zero-width and direction-control characters.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// The string starting at `chars[start]` (a quote): its content, whether
/// it closed, and the index after it. `'` and `"` end at the line's end
/// when left open; a backquote (Go, JavaScript) may span lines.
fn string(chars: &[char], start: usize) -> (String, bool, usize) {
    let at = |j: usize| chars.get(j).copied().unwrap_or('\0');
    let quote = at(start);
    let mut s = String::new();
    let mut i = start + 1;
    while i < chars.len() {
        let c = at(i);
        if c == quote {
            return (s, true, i + 1);
        }
        if c == '\n' && quote != '`' {
            return (s, false, i);
        }
        if c == '\\' && quote != '`' && i + 1 < chars.len() {
            i += 1;
            s.push(match at(i) {
                'n' => '\n',
                't' => '\t',
                other => other,
            });
        } else {
            s.push(c);
        }
        i += 1;
    }
    (s, false, i)
}
