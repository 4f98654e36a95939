//! The tree as a flat list of facts, each with where it sits: every
//! `key = value` (at any depth, named arguments and object fields too),
//! every call with its arguments (`.maxAttempts(3)`, `stop_after_attempt(5)`),
//! every name written (for recognising the library), and every string.
//! A string holding a gRPC service config (Go and Java code embed it as
//! JSON text) is read as a config itself, once: its own strings are not
//! opened again, which keeps the work linear.

use super::lex::lex;
use super::parse::{parse, Arg, Expr};
use super::read::one_of;
use super::value::Names;

/// Where a fact sits: the call, the typed object or the key it is inside.
#[derive(Debug)]
pub struct Frame {
    /// The call's, type's or key's last name.
    pub name: String,
    /// The frame around it.
    pub parent: Option<usize>,
}

/// One `key = value`, or one call.
#[derive(Debug)]
pub struct Fact<'a> {
    /// The key's last name, or the name called.
    pub key: &'a str,
    /// The key's value (for `put("key", value)` too); `None` for a call.
    pub value: Option<&'a Expr>,
    /// A call's arguments (empty for a key).
    pub args: &'a [Arg],
    /// The frame it is inside.
    pub within: Option<usize>,
    /// Whether the key was written with its owner (`b.InitialInterval`).
    pub dotted: bool,
}

/// Everything the walk found.
#[derive(Default, Debug)]
pub struct Facts<'a> {
    /// Keys and calls, in the order written.
    pub facts: Vec<Fact<'a>>,
    /// The frames they sit in.
    pub frames: Vec<Frame>,
    /// Every dotted name written (keys, values, callees).
    pub paths: Vec<&'a [String]>,
    /// Every string's content.
    pub texts: Vec<&'a str>,
    /// Single names assigned in the paste, `delayFactor = 500`, in the
    /// order written; the first [`MAX_NAMES`] only, which bounds a lookup.
    names: Vec<(&'a str, &'a Expr)>,
}

impl Names for Facts<'_> {
    fn lookup(&self, name: &str) -> Option<&Expr> {
        self.names.iter().find(|(n, _)| *n == name).map(|(_, e)| *e)
    }
}

/// The parsed trees: the paste's own, then any service config found in
/// its strings. Kept apart so that [`Facts`] can borrow them all.
pub struct Trees {
    /// The trees.
    pub trees: Vec<Vec<Arg>>,
    /// Whether some brackets were nested too deep to read.
    pub deep: bool,
}

/// The most names kept for lookups: configs define a handful.
const MAX_NAMES: usize = 256;

/// Words that mark a string as a config of its own (gRPC's, in code).
const EMBEDDED: &[&str] = &["retryPolicy", "retry_policy", "methodConfig"];

/// The trees of `text` (its tokens already lexed by the caller).
pub fn trees(main: Vec<Arg>, deep: bool) -> Trees {
    let mut embedded = Vec::new();
    let mut strings = Vec::new();
    for a in &main {
        strings_of(&a.value, &mut strings);
    }
    let mut deep_any = deep;
    for s in strings {
        if EMBEDDED.iter().any(|w| s.contains(w)) {
            let (toks, _) = lex(&s);
            let (args, deep) = parse(&toks);
            deep_any |= deep;
            embedded.push(args);
        }
    }
    let mut trees = vec![main];
    trees.extend(embedded);
    Trees {
        trees,
        deep: deep_any,
    }
}

/// Strings anywhere in `e`, adjacent ones joined (`"{…" + "…}"`).
fn strings_of(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Str(s) => out.push(s.clone()),
        Expr::Bin("+", a, b) if matches!(**a, Expr::Str(_) | Expr::Bin("+", ..)) => {
            let mut parts = Vec::new();
            strings_of(a, &mut parts);
            strings_of(b, &mut parts);
            out.push(parts.concat());
        }
        Expr::Bin(_, a, b) => {
            strings_of(a, out);
            strings_of(b, out);
        }
        Expr::Call(c, args) => {
            strings_of(c, out);
            args.iter().for_each(|a| strings_of(&a.value, out));
        }
        Expr::Obj(_, args) | Expr::List(args) => {
            args.iter().for_each(|a| strings_of(&a.value, out))
        }
        Expr::Member(x, _) | Expr::Neg(x) => strings_of(x, out),
        _ => {}
    }
}

impl<'a> Facts<'a> {
    /// The facts of every tree.
    pub fn of(trees: &'a Trees) -> Facts<'a> {
        let mut f = Facts::default();
        for t in &trees.trees {
            f.seq(t, None);
        }
        f
    }

    fn frame(&mut self, name: &str, parent: Option<usize>) -> Option<usize> {
        self.frames.push(Frame {
            name: name.to_string(),
            parent,
        });
        Some(self.frames.len() - 1)
    }

    fn seq(&mut self, args: &'a [Arg], within: Option<usize>) {
        for a in args {
            match &a.key {
                Some(key) => {
                    let name = key.last().map_or("", String::as_str);
                    self.paths.push(key);
                    self.facts.push(Fact {
                        key: name,
                        value: Some(&a.value),
                        args: &[],
                        within,
                        dotted: key.len() > 1,
                    });
                    if key.len() == 1 && self.names.len() < MAX_NAMES {
                        self.names.push((name, &a.value));
                    }
                    let inner = self.frame(name, within);
                    self.expr(&a.value, inner);
                }
                None => self.expr(&a.value, within),
            }
        }
    }

    fn expr(&mut self, e: &'a Expr, within: Option<usize>) {
        match e {
            Expr::Path(p) => self.paths.push(p),
            Expr::Str(s) => self.texts.push(s),
            Expr::Call(callee, args) => {
                self.expr(callee, within);
                if let Expr::Member(_, n) = &**callee {
                    self.paths.push(std::slice::from_ref(n));
                }
                let name = callee.name().unwrap_or("");
                // Java's maps: `retryPolicy.put("maxAttempts", 5D)`.
                if let (
                    Some("put"),
                    [Arg {
                        key: None,
                        value: Expr::Str(k),
                    }, v],
                ) = (callee.name(), args.as_slice())
                {
                    self.texts.push(k);
                    self.facts.push(Fact {
                        key: k,
                        value: Some(&v.value),
                        args: &[],
                        within,
                        dotted: false,
                    });
                }
                self.facts.push(Fact {
                    key: name,
                    value: None,
                    args,
                    within,
                    dotted: false,
                });
                let inner = self.frame(name, within);
                self.seq(args, inner);
            }
            Expr::Obj(ty, args) => {
                let inner = match ty {
                    Some(t) => {
                        self.expr(t, within);
                        let name = match &**t {
                            Expr::Call(c, _) => c.name(),
                            other => other.name(),
                        };
                        self.frame(name.unwrap_or(""), within)
                    }
                    None => within,
                };
                self.seq(args, inner);
            }
            Expr::List(args) => self.seq(args, within),
            Expr::Bin(_, a, b) => {
                self.expr(a, within);
                self.expr(b, within);
            }
            Expr::Member(x, _) | Expr::Neg(x) => {
                self.expr(x, within);
            }
            _ => {}
        }
    }

    /// Whether the frame `within`, or one around it, is named one of
    /// `names` (apart by spaces).
    pub fn inside(&self, within: Option<usize>, names: &str) -> bool {
        let mut at = within;
        while let Some(i) = at {
            if one_of(names, &self.frames[i].name) {
                return true;
            }
            at = self.frames[i].parent;
        }
        false
    }

    /// The name of the frame right around `within`'s fact.
    pub fn frame_name(&self, within: Option<usize>) -> &str {
        within.map_or("", |i| self.frames[i].name.as_str())
    }
}
