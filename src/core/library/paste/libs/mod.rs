//! Which library a paste configures, and each library's reader.
//!
//! A library is recognised by names only it uses (its module, its types,
//! its distinctive keys); the readers are in [`python`], [`jvm`], [`go`]
//! and [`rest`], one function per library, each naming the keys it reads
//! and the ones it leaves aside with the reason.

mod go;
mod jvm;
mod python;
mod rest;
mod shared_config;

use super::facts::Facts;
use super::parse::{Arg, Expr};
use super::read::{norm, one_of, Bare, Reader};
use super::value::eval;
use crate::core::library::LibId;

/// A sign that a paste is a library's.
pub enum Mark {
    /// A dotted name ending in these two: `wait.Backoff`.
    Tail(&'static str, &'static str),
    /// A name written alone, not as part of a dotted one (`@Backoff`).
    Only(&'static str),
    /// Text inside a string (an import path: `"p-retry"`).
    Text(&'static str),
    /// A key written inside a call or object of this name.
    KeyIn(&'static str, &'static str),
}

/// A library's signs and reader.
pub struct Spec {
    /// The library's id.
    pub id: &'static str,
    /// Names written anywhere (a key, a type, a module, a call), apart by
    /// spaces: any one names the library.
    pub names: &'static str,
    /// Any one of these names the library too.
    pub marks: &'static [Mark],
    /// Reads its parameters.
    pub read: fn(&mut Reader),
}

/// Every library's spec.
const SPECS: &[&Spec] = &[
    &python::URLLIB3,
    &python::TENACITY,
    &rest::P_RETRY,
    &rest::AXIOS_RETRY,
    &python::GOOGLE,
    &python::AWS,
    &rest::BACKON,
    &go::CENKALTI,
    &go::RETRYABLEHTTP,
    &rest::POLLY,
    &jvm::RESILIENCE4J,
    &jvm::SPRING,
    &rest::GRPC,
    &rest::ENVOY,
    &go::CLIENT_GO,
];

fn spec(lib: LibId) -> Option<&'static Spec> {
    SPECS.iter().copied().find(|s| s.id == lib.id())
}

/// Whether `name` is written anywhere in the facts.
fn written(f: &Facts, name: &str) -> bool {
    f.paths.iter().any(|p| p.iter().any(|s| s == name))
}

fn marked(f: &Facts, mark: &Mark) -> bool {
    match mark {
        Mark::Tail(a, b) => f
            .paths
            .iter()
            .any(|p| p.len() >= 2 && p[p.len() - 2] == *a && p[p.len() - 1] == *b),
        Mark::Only(n) => f.paths.iter().any(|p| p.len() == 1 && p[0] == *n),
        Mark::Text(t) => f.texts.iter().any(|s| s.contains(t)),
        Mark::KeyIn(k, frame) => f
            .facts
            .iter()
            .any(|x| x.value.is_some() && x.key == *k && f.frame_name(x.within) == *frame),
    }
}

/// The libraries whose signs the facts show, in the page's order.
pub fn recognise(f: &Facts) -> Vec<LibId> {
    LibId::all()
        .filter(|l| {
            spec(*l).is_some_and(|s| {
                s.names.split(' ').any(|n| written(f, n)) || s.marks.iter().any(|m| marked(f, m))
            })
        })
        .collect()
}

/// Reads the recognised library's parameters.
pub fn read(r: &mut Reader) {
    if let Some(s) = spec(r.lib) {
        (s.read)(r);
    }
}

/// The argument at position `pos` (among those without a name), or the
/// one named one of `keys` (in [`norm`] form, apart by spaces).
pub fn arg<'a>(args: &'a [Arg], pos: usize, keys: &str) -> Option<&'a Expr> {
    args.iter()
        .find(|a| {
            a.key
                .as_ref()
                .and_then(|k| k.last())
                .is_some_and(|k| one_of(keys, &norm(k)))
        })
        .or_else(|| args.iter().filter(|a| a.key.is_none()).nth(pos))
        .map(|a| &a.value)
}

impl Reader<'_, '_> {
    /// The unused calls named one of `names` (apart by spaces), marked used.
    pub fn calls(&mut self, names: &str) -> Vec<usize> {
        self.calls_named(&|k| one_of(names, k))
    }

    /// The unused calls whose name is `named`, marked used.
    pub fn calls_named(&mut self, named: &dyn Fn(&str) -> bool) -> Vec<usize> {
        self.pick(&|f| f.value.is_none() && named(f.key))
    }

    /// Reads the arguments of call `i`: each `(position, names, param,
    /// bare)` present sets `param`.
    pub fn call_args(&mut self, i: usize, spec: &[(usize, &str, &'static str, Bare)]) {
        let Some(fact) = self.f.facts.get(i) else {
            return;
        };
        for (pos, keys, param, bare) in spec {
            if let Some(e) = arg(fact.args, *pos, keys) {
                let v = eval(e, self.f);
                self.put(param, param, v, *bare, 0);
            }
        }
    }

    /// Marks unused facts named one of `keys` as used, without a note:
    /// keys whose values the reader reads through their calls (`wait=`).
    pub fn quiet(&mut self, keys: &str) {
        self.pick(&|f| one_of(keys, &norm(f.key)));
    }

    /// Calls with no argument named `name` set `param` to `value`
    /// (`.with_jitter()`, `.without_max_delay()`).
    pub fn switch(&mut self, name: &str, param: &'static str, value: f64) {
        for i in self.calls(name) {
            if self.f.facts.get(i).is_some_and(|f| f.args.is_empty()) {
                self.put_value(name, param, value);
            }
        }
    }

    /// Runs a library's reading written as text, its steps apart by `;`,
    /// so that each library's keys, params and reasons are words in one
    /// string rather than code and tables of pointers:
    /// - `take KEYS > PARAM [ms|s|ns]`: [`Reader::take`], a bare number
    ///   meaning that unit (a plain value without one);
    /// - `aside KEYS: WHY`: [`Reader::aside`];
    /// - `within FRAMES: WHY`: [`Reader::aside_inside`];
    /// - `quiet KEYS`: [`Reader::quiet`];
    /// - `rest FRAMES`: [`Reader::rest_inside`].
    ///
    /// KEYS and FRAMES are names apart by spaces; WHY `which` stands for
    /// [`WHICH`] and `callback` for [`CALLBACK`].
    pub fn run(&mut self, script: &'static str) {
        for step in script.split(';') {
            let (op, rest) = step.split_once(' ').unwrap_or_default();
            let (keys, why) = rest.split_once(": ").unwrap_or((rest, ""));
            let why = match why {
                "which" => WHICH,
                "callback" => CALLBACK,
                w => w,
            };
            match op {
                "take" => {
                    let (keys, to) = rest.split_once(" > ").unwrap_or_default();
                    let (param, bare) = to.split_once(' ').unwrap_or((to, ""));
                    let bare = match bare {
                        "ms" => Bare::Ms,
                        "s" => Bare::S,
                        "ns" => Bare::Ns,
                        _ => Bare::Plain,
                    };
                    self.take(keys, param, bare, 0);
                }
                "aside" => self.aside(keys, why),
                "within" => self.aside_inside(keys, why),
                "quiet" => self.quiet(keys),
                "rest" => self.rest_inside(keys),
                _ => {}
            }
        }
    }

    /// Notes every unused fact inside a frame named one of `frames` as
    /// left aside, because `why` (ExponentialTimeout's `initial` is not a
    /// retry's).
    pub fn aside_inside(&mut self, frames: &str, why: &str) {
        let facts = self.f;
        let hits = self.pick(&|f| facts.inside(f.within, frames));
        for i in hits {
            let Some(fact) = self.f.facts.get(i) else {
                continue;
            };
            self.ignore(fact.key, why);
        }
    }
}

/// Why a key that picks the retried failures is left aside.
pub const WHICH: &str = "it picks which failures are retried, not when";

/// Why a callback is left aside.
pub const CALLBACK: &str = "a callback or hook: it does not change the delays";
