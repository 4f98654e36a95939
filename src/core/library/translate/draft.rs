//! A translation being built ([`Draft`]): the library's values set one by
//! one from the page's policy, each difference tested against the page's
//! schedule and listed.

use super::{
    close, jitter_words, mismatch, n, page_rows, retries, same_rows, unbudgeted, Diff, Translation,
    NO_CAP,
};
use crate::core::decimal_text::WideNum;
use crate::core::library::{defaults, Model, Param, Unit, Values};
use crate::core::policy::{CapOrder, Jitter, Policy, Proportional};

/// A translation being built: the values so far and the diffs found.
pub(in crate::core::library) struct Draft {
    /// The page's policy.
    pub policy: Policy,
    /// The caller's deadline, ms.
    pub deadline: Option<u64>,
    /// The library's values (its defaults until set).
    pub values: Values,
    /// The differences found so far.
    pub diffs: Vec<Diff>,
    rows: Vec<(f64, f64)>,
}

impl Draft {
    /// Starts from the library's defaults.
    pub fn new(model: &dyn Model, policy: &Policy, deadline: Option<u64>) -> Draft {
        Draft {
            policy: *policy,
            deadline,
            values: defaults(model),
            diffs: Vec::new(),
            rows: page_rows(policy),
        }
    }

    /// Whether `field` is among the differences so far.
    pub fn has(&self, field: &str) -> bool {
        self.diffs.iter().any(|d| d.field == field)
    }

    /// Records a difference.
    pub fn diff(&mut self, field: &'static str, text: String) {
        self.diffs.push(Diff { field, text });
    }

    /// Whether the page's schedule changes when `change` is made to its
    /// policy: the test for every listed difference. (Taken by reference,
    /// not as a generic: one copy of the test serves every library.)
    pub fn differs(&self, change: &dyn Fn(&mut Policy)) -> bool {
        let mut p = self.policy;
        change(&mut p);
        !same_rows(&self.rows, &page_rows(&p))
    }

    /// Whether one field the library fixes matters: changed alone in the
    /// page's policy, or set back to the page's value in `lib`, the
    /// policy the library follows (two fields can hide each other, as a
    /// base of 0 hides the cap). `copy` copies that field from its second
    /// argument into its first.
    pub fn matters(&self, lib: &Policy, copy: fn(&mut Policy, &Policy)) -> bool {
        let mut alone = self.policy;
        copy(&mut alone, lib);
        if !same_rows(&self.rows, &page_rows(&alone)) {
            return true;
        }
        let lib_rows = page_rows(lib);
        let mut back = *lib;
        copy(&mut back, &self.policy);
        !same_rows(&self.rows, &lib_rows) && !same_rows(&lib_rows, &page_rows(&back))
    }

    /// Whether the page's rows equal those of its policy drawn with
    /// proportional jitter `×[lo, hi]`, the cap applied `cap`.
    pub fn is_proportional(&self, lo: f64, hi: f64, cap: CapOrder) -> bool {
        !self.differs(&|p| {
            p.jitter = Jitter::Proportional;
            p.proportional = Proportional { lo, hi, cap };
        })
    }

    /// Whether the page's rows equal those of its policy drawn with `j`.
    pub fn is_jitter(&self, j: Jitter) -> bool {
        !self.differs(&|p| p.jitter = j)
    }

    /// Whether the page's retries wait at all (retry 1 included).
    pub fn first_waits(&self) -> bool {
        self.rows.first().is_some_and(|r| r.1 > 0.0)
    }

    /// Whether every retry waits a constant `min(base, cap)` before
    /// jitter, whatever the multiplier (the base is at or above the cap):
    /// the library can then start at the cap and not grow.
    fn constant(&self) -> bool {
        let p = &self.policy;
        p.base_ms >= p.cap_ms
            && !(p.jitter == Jitter::Proportional && p.proportional.cap == CapOrder::After)
    }

    /// The first delay a library should start from, ms: the base, or the
    /// cap when the base is at or above it (see [`Self::growth`]).
    pub fn first_ms(&self) -> f64 {
        if self.constant() {
            self.policy.cap_ms as f64
        } else {
            self.policy.base_ms as f64
        }
    }

    /// The growth a library should use: the multiplier, or 1 when every
    /// retry waits the cap anyway, so a library whose first delay is never
    /// capped still waits the cap.
    pub fn growth(&self) -> f64 {
        if self.constant() {
            1.0
        } else {
            self.policy.multiplier
        }
    }

    /// The cap, ms.
    pub fn cap_ms(&self) -> f64 {
        self.policy.cap_ms as f64
    }

    /// Sets `name` to `want` (in its unit), clamped into the parameter's
    /// range and rounded when it takes whole numbers, each recorded.
    pub fn set(&mut self, name: &'static str, want: f64) {
        let p = self.param(name);
        let unit = match p.unit {
            Unit::Seconds => " s",
            Unit::Millis => " ms",
            _ => "",
        };
        let mut x = want;
        if x == f64::INFINITY && !p.none_ok {
            x = p.max;
            self.diff(
                name,
                format!("{name} cannot be none; set to its largest, {}{unit}", n(x)),
            );
        } else if p.max_open && x >= p.max {
            // Below an open maximum by the field's step.
            x = p.max
                - match p.unit {
                    Unit::Millis => 1.0,
                    _ => 0.01,
                };
            self.diff(
                name,
                format!(
                    "{name} must be below {}{unit}; set to {}{unit}",
                    n(p.max),
                    n(x)
                ),
            );
        } else if x.is_finite() && x > p.max {
            x = p.max;
            self.diff(
                name,
                format!("{name} is at most {}{unit}, not {}{unit}", n(x), n(want)),
            );
        } else if x < p.min || (p.min_open && x <= p.min) {
            x = if p.min_open {
                p.min
                    + match p.unit {
                        Unit::Seconds => 0.001,
                        Unit::Millis => 1.0,
                        _ => 0.01,
                    }
            } else {
                p.min
            };
            let how = if p.min_open { "above" } else { "at least" };
            self.diff(
                name,
                format!(
                    "{name} must be {how} {}{unit}; set to {}{unit}, not {}{unit}",
                    n(p.min),
                    n(x),
                    n(want)
                ),
            );
        }
        if p.whole && x.is_finite() && x.fract() != 0.0 {
            let r = x.round();
            self.diff(
                "rounding",
                format!(
                    "{name} takes whole numbers: {}{unit} becomes {}{unit}",
                    n(x),
                    WideNum(r)
                ),
            );
            x = r;
        }
        self.values
            .set(name, x)
            .unwrap_or_else(|e| panic!("translate set {e}"));
    }

    /// Sets the cap parameter `name` (in ms divided by `scale`): when the
    /// page's cap is above the parameter's range but never reached by the
    /// library's largest value (or "none"), that value is used silently.
    pub fn set_cap(&mut self, name: &'static str, scale: f64) {
        let p = self.param(name);
        let want = self.cap_ms() / scale;
        if want > p.max {
            let (value, lib_cap) = if p.none_ok {
                (f64::INFINITY, NO_CAP)
            } else {
                (p.max, (p.max * scale) as u64)
            };
            if !self.differs(&|q| q.cap_ms = lib_cap) {
                self.values
                    .set(name, value)
                    .unwrap_or_else(|e| panic!("translate cap {e}"));
                return;
            }
        }
        self.set(name, want);
    }

    fn param(&self, name: &str) -> Param {
        *self
            .values
            .table()
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("no parameter {name}"))
    }

    /// The page's retry 1 in words: `1000 ms` or `0–1000 ms`.
    pub fn first_words(&self) -> String {
        match self.rows.first() {
            Some((a, b)) if close(*a, *b) => format!("{} ms", n(*a)),
            Some((a, b)) => format!("{}–{} ms", n(*a), n(*b)),
            None => "nothing".to_string(),
        }
    }

    /// The page's worst case: the sum of the maximums, ms.
    pub fn worst_ms(&self) -> f64 {
        self.rows.iter().map(|r| r.1).sum()
    }

    /// Sets the count parameter `name` from the page's retries, as the
    /// library counts (retries or attempts), at most `limit` retries
    /// (`None`: the parameter's range alone).
    pub fn count(&mut self, name: &'static str, limit: Option<(u32, &str)>) {
        let p = self.param(name);
        let extra = if p.unit == Unit::Attempts { 1.0 } else { 0.0 };
        let want = f64::from(self.policy.max_retries) + extra;
        let x = crate::core::clamp(want, p.min, p.max);
        self.values
            .set(name, x)
            .unwrap_or_else(|e| panic!("translate count {e}"));
        let made = (x - extra) as u32;
        let (made, why) = match limit {
            Some((most, why)) if made > most => (most, format!("; {why}")),
            _ => (made, String::new()),
        };
        if made != self.policy.max_retries {
            self.diff(
                "retries",
                format!(
                    "it makes {} here, not {} ({name} = {}{why})",
                    retries(made),
                    self.policy.max_retries,
                    n(x),
                ),
            );
        }
    }

    /// Lists the multiplier as a difference when the library's fixed growth
    /// `fixed` would change the page's schedule.
    pub fn fixed_multiplier(&mut self, fixed: f64) {
        if self.differs(&|p| p.multiplier = fixed) {
            let text = format!(
                "the multiplier is fixed at {}; the page's is {}",
                n(fixed),
                n(self.policy.multiplier)
            );
            self.diff("multiplier", text);
        }
    }

    /// [`Self::fixed_multiplier`] at 2 for a library whose other fixed
    /// fields can hide the multiplier: tested with [`Self::matters`]
    /// against `lib`, the policy the library follows.
    pub fn doubling_in(&mut self, lib: &Policy) {
        if self.matters(lib, |p, q| p.multiplier = q.multiplier) {
            let text = format!(
                "the multiplier is fixed at 2; the page's is {}",
                n(self.policy.multiplier)
            );
            self.diff("multiplier", text);
        }
    }

    /// Sets the `true`/`false` parameter `name` whose draw is `×[1, 2)`,
    /// the cap applied `cap`: on when the page's jitter is that draw, off
    /// without jitter, and otherwise off with a diff saying `what`.
    pub fn doubling_jitter(&mut self, name: &'static str, cap: CapOrder, what: &str) {
        let on = if self.is_jitter(Jitter::None) {
            false
        } else if self.is_proportional(1.0, 2.0, cap) {
            true
        } else {
            self.jitter_diff(what);
            false
        };
        self.set(name, f64::from(u8::from(on)));
    }

    /// Lists the jitter as a difference when the library's draw (already
    /// chosen) is not the page's: `what` says what the library does.
    pub fn jitter_diff(&mut self, what: &str) {
        let words = jitter_words(&self.policy);
        self.diff("jitter", format!("{what}, not {words}"));
    }

    /// For a library with no time budget: a deadline the caller must keep.
    pub fn no_budget(&mut self, lib: &str) {
        if let Some(d) = self.deadline {
            self.diff(
                "deadline",
                format!(
                    "{lib} has no time budget, so the caller must stop at the {} ms deadline",
                    d
                ),
            );
        }
    }

    /// Ends the translation: if no difference was found yet, the library's
    /// rows (without its time budget) are compared with the page's, and a
    /// leftover difference is recorded as `field` with `why` leading.
    pub fn finish(mut self, model: &dyn Model, field: &'static str, why: &str) -> Translation {
        if self.diffs.iter().all(|d| d.field == "deadline") {
            let v = unbudgeted(model, &self.values);
            if let Some(m) = mismatch(model, &v, &self.rows) {
                self.diff(field, format!("{why}: {m}"));
            }
        }
        Translation {
            values: self.values,
            diffs: self.diffs,
        }
    }
}
