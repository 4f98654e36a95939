//! The tokens as a forgiving tree of the shapes every config syntax here
//! shares: `key = value`, `key: value`, calls with positional and named
//! arguments, `{ … }` objects (with a type before them or not), lists,
//! dotted names and arithmetic. Anything else is skipped a token at a time,
//! so every text gives a tree; nesting past [`MAX_DEPTH`] is skipped whole
//! (and said), which keeps the reader's own recursion bounded.

use super::lex::Tok;
use super::read::one_of;

/// The deepest brackets read; deeper ones are skipped.
pub const MAX_DEPTH: usize = 16;

/// The most operators one expression chains, and the most calls and
/// members one builder chain reads; past them the rest is skipped. With
/// [`MAX_DEPTH`] they bound the tree's depth, hence the reader's recursion.
pub const MAX_CHAIN: usize = 16;

/// The most links of one builder chain (`.a(…)` counts two).
pub const MAX_LINKS: usize = 64;

/// A value as written.
#[derive(Debug)]
pub enum Expr {
    /// A number with its suffix, as written.
    Num(String),
    /// A string's content.
    Str(String),
    /// A dotted name: `time.Second`, `Duration::ZERO`, `total`.
    Path(Vec<String>),
    /// A call: what is called, and its arguments.
    Call(Box<Expr>, Vec<Arg>),
    /// A `{ … }` block, with the type written before it if any.
    Obj(Option<Box<Expr>>, Vec<Arg>),
    /// `[ … ]`, or `( … )` holding other than one plain value.
    List(Vec<Arg>),
    /// `a op b`.
    Bin(&'static str, Box<Expr>, Box<Expr>),
    /// `-a`.
    Neg(Box<Expr>),
    /// `a.b` after something other than a name (a call's result).
    Member(Box<Expr>, String),
    /// Nothing readable.
    Empty,
    /// Brackets nested past [`MAX_DEPTH`], skipped.
    Deep,
}

/// One entry of a sequence: a value, with the key before it if any.
#[derive(Debug)]
pub struct Arg {
    /// The key as written (`b.InitialInterval`: both names).
    pub key: Option<Vec<String>>,
    /// The value.
    pub value: Expr,
}

impl Expr {
    /// The last name of a dotted name or member: what a call calls.
    pub fn name(&self) -> Option<&str> {
        match self {
            Expr::Path(p) => p.last().map(String::as_str),
            Expr::Member(_, n) => Some(n),
            _ => None,
        }
    }
}

struct Parser<'a> {
    t: &'a [Tok],
    i: usize,
    deep: bool,
}

/// The text's entries, and whether some brackets were too deep to read.
pub fn parse(toks: &[Tok]) -> (Vec<Arg>, bool) {
    let mut p = Parser {
        t: toks,
        i: 0,
        deep: false,
    };
    let args = p.seq(None, 0);
    (args, p.deep)
}

fn closer(open: &str) -> &'static str {
    match open {
        "(" => ")",
        "[" => "]",
        _ => "}",
    }
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.t.get(self.i)
    }

    fn punct(&self, off: usize) -> Option<&'static str> {
        match self.t.get(self.i + off) {
            Some(Tok::Punct(p)) => Some(p),
            _ => None,
        }
    }

    /// Line breaks count only at the top and inside `{ … }`; inside `( … )`
    /// and `[ … ]` they are spaces.
    fn skip_newlines(&mut self, inside: Option<&str>) {
        if matches!(inside, Some(")" | "]")) {
            while self.peek() == Some(&Tok::Newline) {
                self.i += 1;
            }
        }
    }

    /// Entries until `close` (consumed) or the end.
    fn seq(&mut self, close: Option<&'static str>, depth: usize) -> Vec<Arg> {
        let mut out = Vec::new();
        loop {
            while matches!(
                self.peek(),
                Some(Tok::Newline) | Some(Tok::Punct("," | ";"))
            ) {
                self.i += 1;
            }
            let Some(tok) = self.peek() else { break };
            if let Tok::Punct(p @ (")" | "]" | "}")) = tok {
                if Some(*p) == close {
                    self.i += 1;
                    break;
                }
                if close.is_some() {
                    // Someone else's closer: the enclosing level reads it.
                    break;
                }
                self.i += 1;
                continue;
            }
            let before = self.i;
            let arg = self.item(close, depth);
            if !matches!(arg.value, Expr::Empty) || arg.key.is_some() {
                out.push(arg);
            }
            if self.i == before {
                self.i += 1;
            }
        }
        out
    }

    fn item(&mut self, close: Option<&'static str>, depth: usize) -> Arg {
        // A YAML list entry: `- name: value`.
        if self.punct(0) == Some("-")
            && matches!(self.t.get(self.i + 1), Some(Tok::Ident(_) | Tok::Str(..)))
            && self.punct(2) == Some(":")
        {
            self.i += 1;
        }
        let e = self.expr(close, depth);
        if let Some("=" | ":" | ":=") = self.punct(0) {
            let key = match &e {
                Expr::Path(p) => Some(p.clone()),
                Expr::Str(s) => Some(vec![s.clone()]),
                _ => None,
            };
            if let Some(key) = key {
                self.i += 1;
                self.skip_newlines(close);
                let value = if self.peek() == Some(&Tok::Newline) {
                    Expr::Empty
                } else {
                    self.expr(close, depth)
                };
                return Arg {
                    key: Some(key),
                    value,
                };
            }
        }
        Arg {
            key: None,
            value: e,
        }
    }

    /// Sums of products, then any other operator, left to right.
    fn expr(&mut self, close: Option<&'static str>, depth: usize) -> Expr {
        let mut e = self.term(close, depth);
        let mut n = 0;
        while let Some(op) = self.punct(0) {
            if !one_of("+ - | & => -> || && == != < > <= >= ? % ^", op) {
                break;
            }
            self.i += 1;
            self.skip_newlines(close);
            let rhs = self.term(close, depth);
            n += 1;
            e = self.chain(n, MAX_CHAIN, Expr::Bin(op, Box::new(e), Box::new(rhs)));
        }
        e
    }

    fn term(&mut self, close: Option<&'static str>, depth: usize) -> Expr {
        let mut e = self.unary(depth);
        let mut n = 0;
        while let Some(op @ ("*" | "/" | "**")) = self.punct(0) {
            self.i += 1;
            self.skip_newlines(close);
            let rhs = self.unary(depth);
            n += 1;
            e = self.chain(n, MAX_CHAIN, Expr::Bin(op, Box::new(e), Box::new(rhs)));
        }
        e
    }

    /// Prefix signs in a loop (a text of ten thousand `-` must not recurse).
    fn unary(&mut self, depth: usize) -> Expr {
        let mut negative = false;
        loop {
            match self.punct(0) {
                Some("-") => negative = !negative,
                // Annotations, pointers, spreads: the value is what follows.
                Some(p) if one_of("@ & + ! * **", p) => {}
                _ => break,
            }
            self.i += 1;
        }
        let e = self.postfix(depth);
        if negative {
            Expr::Neg(Box::new(e))
        } else {
            e
        }
    }

    fn postfix(&mut self, depth: usize) -> Expr {
        let mut e = self.primary(depth);
        if matches!(e, Expr::Empty) {
            return e;
        }
        let mut n = 0;
        loop {
            n += 1;
            if n > MAX_LINKS {
                e = self.chain(n, MAX_LINKS, e);
            }
            // A builder chain continued on the next line: `\n    .maxAttempts(3)`.
            if self.peek() == Some(&Tok::Newline) && self.punct(1) == Some(".") {
                self.i += 1;
            }
            match self.punct(0) {
                Some("(") => {
                    self.i += 1;
                    let args = self.bracket("(", depth);
                    e = Expr::Call(Box::new(e), args);
                }
                Some("{") if matches!(e, Expr::Path(_) | Expr::Member(..) | Expr::Call(..)) => {
                    self.i += 1;
                    let args = self.bracket("{", depth);
                    e = Expr::Obj(Some(Box::new(e)), args);
                }
                Some("[") if matches!(e, Expr::Path(_) | Expr::Member(..)) => {
                    // An index or an array type: kept as the name alone.
                    self.i += 1;
                    self.bracket("[", depth);
                }
                Some("." | "::") if matches!(self.t.get(self.i + 1), Some(Tok::Ident(_))) => {
                    let Some(Tok::Ident(n)) = self.t.get(self.i + 1) else {
                        unreachable!()
                    };
                    let n = n.clone();
                    self.i += 2;
                    e = match e {
                        Expr::Path(mut p) => {
                            p.push(n);
                            Expr::Path(p)
                        }
                        other => Expr::Member(Box::new(other), n),
                    };
                }
                // `vec![…]`, `Some(x)?`: a macro's or a try's mark.
                Some("!") if self.punct(1) == Some("[") || self.punct(1) == Some("(") => {
                    self.i += 1
                }
                _ => break,
            }
        }
        e
    }

    /// `e`, or [`Expr::Deep`] once a chain is longer than `max` (said).
    fn chain(&mut self, n: usize, max: usize, e: Expr) -> Expr {
        if n > max {
            self.deep = true;
            Expr::Deep
        } else {
            e
        }
    }

    fn primary(&mut self, depth: usize) -> Expr {
        let Some(tok) = self.peek() else {
            return Expr::Empty;
        };
        let e = match tok {
            Tok::Num(n) => Expr::Num(n.clone()),
            Tok::Str(s, _) => Expr::Str(s.clone()),
            Tok::Ident(n) => Expr::Path(vec![n.clone()]),
            Tok::Punct(open @ ("(" | "[" | "{")) => {
                let open = *open;
                self.i += 1;
                let mut args = self.bracket(open, depth);
                return match open {
                    "(" if args.len() == 1 && args[0].key.is_none() => args.remove(0).value,
                    "{" => Expr::Obj(None, args),
                    _ => Expr::List(args),
                };
            }
            _ => return Expr::Empty,
        };
        self.i += 1;
        e
    }

    /// The entries up to the closer of `open` (just consumed); past
    /// [`MAX_DEPTH`], skipped by counting brackets.
    fn bracket(&mut self, open: &'static str, depth: usize) -> Vec<Arg> {
        if depth < MAX_DEPTH {
            return self.seq(Some(closer(open)), depth + 1);
        }
        self.deep = true;
        let mut level = 1usize;
        let t = self.t;
        while let Some(tok) = t.get(self.i) {
            self.i += 1;
            match tok {
                Tok::Punct("(" | "[" | "{") => level += 1,
                Tok::Punct(")" | "]" | "}") => {
                    level -= 1;
                    if level == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
        vec![Arg {
            key: None,
            value: Expr::Deep,
        }]
    }
}
