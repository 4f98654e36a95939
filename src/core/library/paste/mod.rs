//! "Paste your config": a library's retry settings as they stand in
//! someone's code or config file, read back into the page's [`Configured`]
//! without running any of it.
//!
//! The text is lexed (`lex`), shaped into a forgiving tree of keys,
//! calls and objects (`parse`), flattened into facts (`facts`), and the
//! library is recognised by the names only it uses (`libs`). Its reader
//! then takes every parameter it finds, in any spelling its syntaxes use,
//! converts each to the model's unit (`value`) and sets it through the
//! model's own table, so a value the library refuses gets the model's
//! message. What it leaves aside is listed with the reason.
//!
//! Every step is one pass over the text or its tree, the tree's depth is
//! bounded (`parse::MAX_DEPTH`), and the text is capped at
//! [`MAX_BYTES`]: hostile text is read as fast as a config, and gives at
//! worst a notice.

mod duration;
mod facts;
mod lex;
mod libs;
mod parse;
mod read;
mod value;

use std::fmt;

use super::{Configured, LibError, LibId};

/// The longest paste read, bytes: a config, even with the code around it,
/// fits many times over.
pub const MAX_BYTES: usize = 32 * 1024;

/// Something in the paste the reader left aside, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Ignored {
    /// The key, call or part of the text.
    pub what: String,
    /// Why it was not read, in one sentence.
    pub why: String,
}

/// A paste read: the library, its parameters, and what was left aside.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The library and every parameter read (the others at its defaults).
    pub config: Configured,
    /// The parameters read, in the order read.
    pub read: Vec<&'static str>,
    /// What was left aside.
    pub ignored: Vec<Ignored>,
}

/// Why a paste changes nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum PasteError {
    /// Nothing but spaces.
    Empty,
    /// Longer than [`MAX_BYTES`].
    TooLong {
        /// Its length, bytes.
        bytes: usize,
    },
    /// No library's names in it.
    NoLibrary,
    /// Names of more than one library.
    TwoLibraries(Vec<LibId>),
    /// Values the library refuses, with the model's own messages.
    Refused {
        /// The library recognised.
        lib: LibId,
        /// Each refusal.
        errors: Vec<LibError>,
        /// What was left aside.
        ignored: Vec<Ignored>,
    },
}

impl PasteError {
    /// What was left aside, when a library was recognised.
    pub fn ignored(&self) -> &[Ignored] {
        match self {
            PasteError::Refused { ignored, .. } => ignored,
            _ => &[],
        }
    }
}

impl fmt::Display for PasteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PasteError::Empty => f.write_str("Paste a retry library's config to read it."),
            PasteError::TooLong { bytes } => write!(
                f,
                "The paste is {bytes} bytes; the reader takes at most {MAX_BYTES}. Paste the retry settings alone."
            ),
            PasteError::NoLibrary => f.write_str(
                "No retry library recognised: paste the call, object or file that configures it (with its import line if the names are generic)."
            ),
            PasteError::TwoLibraries(libs) => {
                f.write_str("This names more than one library (")?;
                for (i, l) in libs.iter().enumerate() {
                    f.write_str(if i == 0 { "" } else { ", " })?;
                    f.write_str(l.name())?;
                }
                f.write_str("): paste one library's config at a time.")
            }
            PasteError::Refused { lib, errors, .. } => {
                f.write_str(lib.name())?;
                f.write_str(" refuses this: ")?;
                for (i, e) in errors.iter().enumerate() {
                    f.write_str(if i == 0 { "" } else { "; " })?;
                    fmt::Display::fmt(e, f)?;
                }
                f.write_str(".")
            }
        }
    }
}

/// Reads a pasted config: the library it configures and every parameter
/// it sets, the combination checked by [`Configured::check`]. Never runs
/// anything; linear in the text's length.
pub fn read(text: &str) -> Result<Reading, PasteError> {
    read_with(text, Configured::check)
}

/// [`read`], with the combination checked by `check`: the page passes its
/// library models' ([`crate::core::library::Engine::check`]), so that the
/// part of the page holding the paste field does not carry a second copy
/// of the models.
pub fn read_with(
    text: &str,
    check: fn(&Configured) -> Result<(), LibError>,
) -> Result<Reading, PasteError> {
    if text.len() > MAX_BYTES {
        return Err(PasteError::TooLong { bytes: text.len() });
    }
    if text.trim().is_empty() {
        return Err(PasteError::Empty);
    }
    let (toks, dropped) = lex::lex(text);
    let (args, deep) = parse::parse(&toks);
    let trees = facts::trees(args, deep);
    let facts = facts::Facts::of(&trees);
    let found = libs::recognise(&facts);
    let lib = match found.as_slice() {
        [] => return Err(PasteError::NoLibrary),
        [one] => *one,
        _ => return Err(PasteError::TwoLibraries(found)),
    };
    let mut r = read::Reader::new(&facts, lib);
    libs::read(&mut r);
    if dropped.unclosed_string {
        r.ignore(
            "a string",
            "it never closes: read up to the end of its line",
        );
    }
    if dropped.unclosed_comment {
        r.ignore(
            "a comment",
            "it never closes: everything after /* is skipped",
        );
    }
    if dropped.invisible {
        r.ignore(
            "invisible characters",
            "control and direction characters are not part of any config",
        );
    }
    if trees.deep {
        r.ignore(
            "brackets nested too deep",
            "skipped whole: no config nests that far",
        );
    }
    let config = Configured {
        lib,
        values: r.values,
        unread: Vec::new(),
    };
    if !r.errors.is_empty() {
        return Err(PasteError::Refused {
            lib,
            errors: r.errors,
            ignored: r.ignored,
        });
    }
    if let Err(e) = check(&config) {
        return Err(PasteError::Refused {
            lib,
            errors: vec![e],
            ignored: r.ignored,
        });
    }
    Ok(Reading {
        config,
        read: r.read,
        ignored: r.ignored,
    })
}

/// The code of a config, its comments and spacing left out: what the
/// round-trip test compares to know which parameters a config carries.
pub fn code_of(text: &str) -> String {
    let (toks, _) = lex::lex(text);
    toks.iter()
        .map(|t| format!("{t:?}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Reading {
    /// One sentence: the library and each parameter read, with its unit
    /// (`urllib3 Retry: total 5, backoff_factor 0.5 s.`).
    pub fn summary(&self) -> String {
        let c = &self.config;
        let table = c.values.table();
        let mut parts = String::new();
        for name in &self.read {
            let Some(p) = table.iter().find(|p| p.name == *name) else {
                continue;
            };
            parts.push_str(if parts.is_empty() { "" } else { ", " });
            parts.push_str(p.name);
            parts.push(' ');
            parts.push_str(&c.values.text(p.name));
            match p.unit.suffix() {
                Some(unit) if c.values.get(p.name).is_finite() => {
                    parts.push(' ');
                    parts.push_str(unit);
                }
                _ => {}
            }
        }
        if parts.is_empty() {
            return format!("Read {}: no parameter set, so its defaults.", c.lib.name());
        }
        format!("Read {}: {parts}.", c.lib.name())
    }
}

impl Ignored {
    /// `what: why`, as the list beside the field shows it.
    pub fn line(&self) -> String {
        format!("{} left aside: {}.", self.what, self.why)
    }
}
