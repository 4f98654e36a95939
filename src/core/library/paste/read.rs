//! Reading one library's parameters out of the facts: by the names the
//! library gives them (in any of the spellings its syntaxes use), each
//! value converted to the parameter's unit and checked by the model's own
//! table, with what was left aside and why.

use super::duration::duration_text;
use super::facts::{Fact, Facts};
use super::value::{eval, Val, Q};
use super::Ignored;
use crate::core::library::{LibError, LibId, Unit, Values};

/// What a number written without a unit means for a key.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bare {
    /// Milliseconds (JavaScript, Spring annotations and properties).
    Ms,
    /// Seconds (Python).
    S,
    /// Nanoseconds (a Go `time.Duration`).
    Ns,
    /// Not a duration (counts, factors, flags, choices).
    Plain,
}

/// The spelling a key is compared in: lower case, without `_` and `-`,
/// so `max_attempts`, `maxAttempts` and `max-attempts` are one key.
pub fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| *c != '_' && *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Whether `name` is one of `keys`, a list written as one string, its
/// names apart by spaces (`"connect read status"`): one string, not a
/// table of pointers to each name.
pub fn one_of(keys: &str, name: &str) -> bool {
    !name.is_empty() && keys.split(' ').any(|k| k == name)
}

/// A call's name as a key: `setMaxAttempts`, `with_min_delay`,
/// `WithInitialInterval` → `maxattempts`, `mindelay`, `initialinterval`.
pub fn call_key(name: &str) -> String {
    let n = norm(name);
    for prefix in ["set", "with"] {
        if let Some(rest) = n.strip_prefix(prefix) {
            if !rest.is_empty() {
                return rest.to_string();
            }
        }
    }
    n
}

/// One library's reading in progress.
pub struct Reader<'f, 'a> {
    /// The facts.
    pub f: &'f Facts<'a>,
    /// Which facts were used (read or set aside).
    pub used: Vec<bool>,
    /// The library read.
    pub lib: LibId,
    /// Its values: defaults, then what was read.
    pub values: Values,
    /// The parameters read, in the order read.
    pub read: Vec<&'static str>,
    /// What was left aside.
    pub ignored: Vec<Ignored>,
    /// Values the library refuses.
    pub errors: Vec<LibError>,
}

impl<'f, 'a> Reader<'f, 'a> {
    /// A reading of `lib` from `f`.
    pub fn new(f: &'f Facts<'a>, lib: LibId) -> Self {
        Reader {
            f,
            used: vec![false; f.facts.len()],
            lib,
            values: lib.defaults(),
            read: Vec::new(),
            ignored: Vec::new(),
            errors: Vec::new(),
        }
    }

    /// Notes `what` as left aside, because `why`.
    pub fn ignore(&mut self, what: &str, why: &str) {
        if !self.ignored.iter().any(|i| i.what == what && i.why == why) {
            self.ignored.push(Ignored {
                what: what.to_string(),
                why: why.to_string(),
            });
        }
    }

    /// Notes `key` as left aside: `param` was read already.
    fn again(&mut self, key: &str, param: &str) {
        self.ignore(
            key,
            &format!("{param} is set again; the first value is kept"),
        );
    }

    /// The unused facts `keep` picks, by index, each marked used: one
    /// function for every search (a closure per search through iterator
    /// adapters would bring a copy of their code each).
    pub fn pick(&mut self, keep: &dyn Fn(&Fact<'a>) -> bool) -> Vec<usize> {
        let mut hits = Vec::new();
        for (i, (f, used)) in self.f.facts.iter().zip(self.used.iter_mut()).enumerate() {
            if !*used && keep(f) {
                *used = true;
                hits.push(i);
            }
        }
        hits
    }

    /// The value of a key fact, or of a one-argument call, named one of
    /// `keys` (in [`norm`] form, apart by spaces).
    pub fn value_of(
        fact: &Fact<'a>,
        keys: &str,
    ) -> Option<&'a crate::core::library::paste::parse::Expr> {
        match fact.value {
            Some(v) => one_of(keys, &norm(fact.key)).then_some(v),
            None => match fact.args {
                [a] if a.key.is_none() && one_of(keys, &call_key(fact.key)) => Some(&a.value),
                _ => None,
            },
        }
    }

    /// Reads `param` from every unused fact named one of `keys`, a bare
    /// number meaning `bare`, plus `offset` (a count of retries read into
    /// attempts: 1).
    pub fn take(&mut self, keys: &str, param: &'static str, bare: Bare, offset: i32) {
        let hits = self.pick(&|f| Self::value_of(f, keys).is_some());
        for i in hits {
            // Read with `get`, not by index: an index that could be out
            // of range, and `expect`, bring a panic's code into the wasm.
            let Some(fact) = self.f.facts.get(i) else {
                continue;
            };
            let Some(e) = Self::value_of(fact, keys) else {
                continue;
            };
            let v = eval(e, self.f);
            self.put(fact.key, param, v, bare, offset);
        }
    }

    /// Sets `param` from the value `v` written under `key`.
    pub fn put(&mut self, key: &str, param: &'static str, v: Val, bare: Bare, offset: i32) {
        let Some(p) = self
            .values
            .table()
            .iter()
            .find(|p| p.name == param)
            .copied()
        else {
            return;
        };
        if let (Unit::Choice(names), Val::Name(n) | Val::Text(n)) = (p.unit, &v) {
            let name = names.iter().find(|c| c.eq_ignore_ascii_case(n)).copied();
            let before = self.values.clone();
            match self.values.set_text(param, name.unwrap_or(n)) {
                Ok(()) if !self.read.contains(&param) => self.read.push(param),
                Ok(()) if before != self.values => {
                    self.values = before;
                    self.again(key, param);
                }
                Ok(()) => {}
                Err(e) => self.errors.push(e),
            }
            return;
        }
        let value = match convert(&v, p.unit, bare) {
            Some(x) if offset != 0 && x.is_finite() => x + offset as f64,
            Some(x) => x,
            None => {
                match v {
                    Val::Name(n) => self.ignore(key, &format!("`{n}` is a name whose value is not in the paste (the page never runs code)")),
                    _ => self.ignore(key, "not a value the page can read without running code"),
                }
                return;
            }
        };
        if self.read.contains(&param) {
            if self.values.get(param) != value {
                self.again(key, param);
            }
            return;
        }
        match self.values.set(param, value) {
            Ok(()) => self.read.push(param),
            Err(e) => {
                if !self.errors.contains(&e) {
                    self.errors.push(e);
                }
            }
        }
    }

    /// Sets `param` to `value` directly (a builder call with no argument,
    /// an implied setting), as if written.
    pub fn put_value(&mut self, key: &str, param: &'static str, value: f64) {
        self.put(key, param, Val::Num(Q::F(value), None), Bare::Plain, 0);
    }

    /// Notes every unused fact named one of `keys` as left aside, because `why`.
    pub fn aside(&mut self, keys: &str, why: &str) {
        let hits = self.pick(&|f| {
            one_of(keys, &norm(f.key)) || (f.value.is_none() && one_of(keys, &call_key(f.key)))
        });
        for i in hits {
            let Some(fact) = self.f.facts.get(i) else {
                continue;
            };
            self.ignore(fact.key, why);
        }
    }

    /// Notes every unused key written inside one of `containers` (the
    /// library's own call or object) as left aside: not modelled.
    pub fn rest_inside(&mut self, containers: &str) {
        let facts = self.f;
        let hits = self.pick(&|f| {
            (f.value.is_some() && facts.inside(f.within, containers))
                && (one_of(containers, facts.frame_name(f.within)))
        });
        for i in hits {
            let Some(fact) = self.f.facts.get(i) else {
                continue;
            };
            self.ignore(
                fact.key,
                "not a setting of the delays or the count the page models",
            );
        }
    }
}

/// `v` in `unit`, a bare number meaning `bare`; `None` when it is not a
/// value of that kind.
pub fn convert(v: &Val, unit: Unit, bare: Bare) -> Option<f64> {
    let per_ms = match unit {
        Unit::Seconds => Some(3),
        Unit::Millis => Some(0),
        _ => None,
    };
    let bare_ms = |q: Q| match bare {
        Bare::S => q.shift(3),
        Bare::Ns => q.shift(-6),
        _ => q,
    };
    match (unit, v) {
        (_, Val::Nothing) => Some(f64::INFINITY),
        (_, Val::Num(Q::F(x), _)) | (_, Val::Dur(Q::F(x))) if x.is_infinite() => Some(*x),
        (Unit::Seconds | Unit::Millis, _) => {
            let ms = match v {
                Val::Dur(q) => *q,
                Val::Num(q, Some(per)) => q.mul(*per),
                Val::Num(q, None) => bare_ms(*q),
                Val::Text(t) => match duration_text(t) {
                    Some(q) => q,
                    None => bare_ms(Q::parse(t.trim())?),
                },
                _ => return None,
            };
            Some(ms.shift(-per_ms?).f64())
        }
        (Unit::Bool, Val::Bool(b)) => Some(f64::from(u8::from(*b))),
        (Unit::Bool, Val::Text(t)) => match t.to_ascii_lowercase().as_str() {
            "true" => Some(1.0),
            "false" => Some(0.0),
            _ => None,
        },
        (Unit::Bool, Val::Num(q, None)) if matches!(q.f64(), 0.0 | 1.0) => Some(q.f64()),
        (Unit::Bool, _) => None,
        (Unit::Choice(_), _) => None,
        (_, Val::Num(q, _)) => Some(q.f64()),
        (_, Val::Text(t)) => Q::parse(t.trim()).map(Q::f64),
        _ => None,
    }
}
