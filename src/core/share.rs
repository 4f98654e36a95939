//! The share link: the page's whole state in its URL query.
//!
//! The parameters are declared in [`super::inputs::PARAMS`], each with its
//! spelling (docs/page.md lists them). [`encode`] writes every parameter
//! that has a value, so a copied link reproduces the exact sample.
//! [`decode`] takes what it can: a missing parameter keeps its default, an
//! invalid one is ignored and reported as a [`Notice`] for the page to
//! show. Unknown parameters are left alone. What a link carries,
//! [`State`], is declared in `share/state.rs`.

use std::fmt;

pub use state::State;

use super::decimal_text::shortest;
use super::inputs::PARAMS;
use super::library::{Configured, RELEASE_PARAM};

/// A parameter that was present but could not be used.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// The parameter's name.
    pub key: String,
    /// Its value as found in the link.
    pub value: String,
    /// Why it was ignored.
    pub reason: String,
}

/// How much of a refused key or value a notice quotes: enough to
/// recognise it, never so much that a huge link floods the page.
pub const NOTICE_QUOTE_CHARS: usize = 40;

/// The first [`NOTICE_QUOTE_CHARS`] characters of `text`, with `…` when cut.
fn quote(text: &str) -> String {
    // Whole chars, not `&text[..cut]`: see `presets::note_parts`.
    let mut quoted: String = text.chars().take(NOTICE_QUOTE_CHARS).collect();
    if text.chars().nth(NOTICE_QUOTE_CHARS).is_some() {
        quoted.push('…');
    }
    quoted
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            // Quoted by hand: `{:?}` would bring Rust's escaping (about
            // 2 KB of wasm) to the first screen for one message.
            "Ignored {}=\"{}\" from the link: {}",
            quote(&self.key),
            quote(&self.value),
            self.reason
        )
    }
}

/// The prefix of a library parameter's key: `lib.backoff_factor=0.5`.
pub const LIB_PREFIX: &str = "lib.";

/// Writes the query string (without `?`) for `state`: every parameter
/// of [`PARAMS`] that has a value, in that order, then each of the chosen
/// library's parameters that differs from its default, in the library's
/// own unit and spelling.
pub fn encode(state: &State) -> String {
    let mut out = String::new();
    let mut pair = |key: &str, value: &str| {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(key);
        out.push('=');
        out.push_str(value);
    };
    for param in PARAMS {
        if let Some(value) = param.write(state) {
            pair(param.key(), &value);
        }
    }
    if let Some(chosen) = &state.library {
        for (name, _) in chosen.values.changed() {
            pair(&format!("{LIB_PREFIX}{name}"), &chosen.values.text(name));
        }
        let release = chosen.values.release();
        if !release.is_empty() {
            pair(&format!("{LIB_PREFIX}{RELEASE_PARAM}"), release);
        }
        // Not read yet (the library models are not here): as the link gave
        // them, escaped.
        for (name, text) in &chosen.unread {
            pair(&format!("{LIB_PREFIX}{}", escape(name)), &escape(text));
        }
    }
    out
}

/// `text` with every byte but a letter, a digit and `-._~` written as
/// `%XX`, so that any text reads back as it was.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
    out
}

/// Whether `text` could be a release's id: at most 16 of the characters
/// ids use (`2.5`, `java-1.71`), all safe in a URL as written.
pub fn release_id_like(text: &str) -> bool {
    text.len() <= 16
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
}

/// Reads a query string (with or without the leading `?`) over `defaults`.
pub fn decode(query: &str, defaults: State) -> (State, Vec<Notice>) {
    let (mut state, mut notices) = decode_fields(query, defaults);
    settle_library(&mut state, &mut notices, Configured::settle);
    (state, notices)
}

/// [`decode`] up to the library's values: they are kept as the link gave
/// them ([`Configured::unread`]). The page reads them with
/// [`settle_library`] once it has the library's model (which it fetches
/// only for a link that names a library), so the first screen carries no
/// reader of them.
pub fn decode_fields(query: &str, defaults: State) -> (State, Vec<Notice>) {
    let fallback = defaults.policy.proportional;
    let mut state = defaults;
    let mut notices = Vec::new();
    let mut lib_params = Vec::new();
    for (key, value) in parse_query(query) {
        if let Some(name) = key.strip_prefix(LIB_PREFIX) {
            lib_params.push((name.to_string(), key, value));
            continue;
        }
        let Some(param) = PARAMS.iter().find(|p| p.key() == key) else {
            continue;
        };
        if let Err(reason) = param.read(&mut state, &value) {
            notices.push(Notice { key, value, reason });
        }
    }
    // A library's parameters are read once the library is known, whatever
    // their order in the link.
    for (name, key, value) in lib_params {
        let reason = match &mut state.library {
            None => Some("no library is chosen (lib=).".to_string()),
            // Checked against the model's releases once the model is here
            // (`settle_library`); until then only a short id of the
            // characters release ids use is kept (leaked: a few bytes
            // once per link read), so the link written meanwhile never
            // carries more than that.
            Some(chosen) if name == RELEASE_PARAM && release_id_like(&value) => {
                chosen.values.set_release(Box::leak(value.into_boxed_str()));
                continue;
            }
            Some(_) if name == RELEASE_PARAM => Some("not a release this page knows.".into()),
            // Read with the library models (`settle_library`).
            Some(chosen) => {
                chosen.unread.push((name, value));
                continue;
            }
        };
        if let Some(reason) = reason {
            notices.push(Notice { key, value, reason });
        }
    }
    // The two factors are checked as a pair: a reversed pair is refused
    // whole, so neither half of it is used.
    let proportional = state.policy.proportional;
    if let Err(e) = proportional.check() {
        state.policy.proportional = fallback;
        notices.push(Notice {
            key: "lo".into(),
            value: format!(
                "{}, hi={}",
                shortest(proportional.lo),
                shortest(proportional.hi)
            ),
            reason: super::inputs::link_reason(e),
        });
    }
    (state, notices)
}

/// Holds the link's library values to the library's own rules with
/// `settle` ([`Configured::settle`], from the library models): its
/// release, and its values together; each refusal is added to `notices`.
pub fn settle_library(
    state: &mut State,
    notices: &mut Vec<Notice>,
    settle: fn(&mut Configured, &mut Vec<Notice>),
) {
    if let Some(chosen) = &mut state.library {
        settle(chosen, notices);
    }
}

/// Splits a query into decoded `(key, value)` pairs: `&`-separated,
/// `+` as space, `%XX` escapes; malformed escapes are kept as written.
pub fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

mod state;
#[cfg(test)]
mod tests;
