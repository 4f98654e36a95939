//! From the page's policy to each library: the closest parameter set, and
//! one [`Diff`] for every way that library cannot do what the policy does.
//!
//! Each model's `translate` sets every parameter the policy maps to (the
//! base in the library's unit, the multiplier, the cap, the count as the
//! library counts, the jitter and the deadline as a time budget where the
//! library has one), clamps a value into the parameter's range when it
//! must, and lists what differs. A [`Diff`]'s `field` is one of:
//!
//! - a parameter name (`backoff_max`, `initial`, …): the value was clamped
//!   into that parameter's range;
//! - `first-retry`: retry 1 does not wait what the page's retry 1 waits;
//! - `multiplier`: the library's growth is fixed, or grows another way;
//! - `jitter`: the library cannot draw the page's jitter;
//! - `cap`: the library caps elsewhere (or not at all);
//! - `retries`: the library makes another number of retries;
//! - `deadline`: the library has no time budget for the caller's deadline,
//!   or spends it another way;
//! - `rounding`: the library rounds a delay the page keeps exact.
//!
//! A difference is listed only when it changes the schedule: each one is
//! decided by asking whether the page's own schedule would change if its
//! field took the library's value. After the specific checks, the
//! library's own rows are compared with the page's (min and max of every
//! retry, and the count), so a translation with no diffs is exact; the
//! tests check that over a grid and random policies.

use super::{Model, Unit, Values};
use crate::core::policy::{CapOrder, Jitter, Policy, Proportional, MAX_DELAY_MS};
use crate::core::schedule::schedule_with_means;

/// The `field` ids a [`Diff`] uses besides a library's parameter names.
pub const FIELDS: &[&str] = &[
    "first-retry",
    "multiplier",
    "jitter",
    "cap",
    "retries",
    "deadline",
    "rounding",
];

/// One field where the library cannot do what the page's policy does.
#[derive(Clone, Debug, PartialEq)]
pub struct Diff {
    /// What differs: a parameter name or one of [`FIELDS`].
    pub field: &'static str,
    /// What the library does instead, in one plain sentence with numbers.
    pub text: String,
}

/// The closest config for a page policy.
#[derive(Clone, Debug, PartialEq)]
pub struct Translation {
    /// The library's parameters, each valid and in the library's unit.
    pub values: Values,
    /// Every way the library's schedule differs from the page's.
    pub diffs: Vec<Diff>,
}

impl Translation {
    /// Whether the library does exactly what the page's policy does.
    pub fn exact(&self) -> bool {
        self.diffs.is_empty()
    }

    /// Whether `field` is among the diffs.
    pub fn has(&self, field: &str) -> bool {
        self.diffs.iter().any(|d| d.field == field)
    }
}

/// Two delays are the same within 1e-9 relative, or 1 ns: Go and Rust
/// durations are whole ns, and float powers differ from repeated
/// multiplication in the last bits.
pub fn close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * a.abs().max(b.abs()) + 1e-6
}

/// The page's rows as `(min, max)` ms (the means are not needed, so no
/// decorrelated simulation runs).
pub fn page_rows(policy: &Policy) -> Vec<(f64, f64)> {
    schedule_with_means(policy, 0, &[])
        .rows
        .iter()
        .map(|r| (r.min_ms, r.max_ms))
        .collect()
}

fn same_rows(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| close(x.0, y.0) && close(x.1, y.1))
}

/// A number for a sentence: at most three decimals, no trailing zeros.
pub(super) fn n(x: f64) -> String {
    if x.is_infinite() {
        return "none".to_string();
    }
    let r = (x * 1000.0).round() / 1000.0;
    format!("{r}")
}

/// `1 retry`, `3 retries`.
pub(super) fn retries(k: u32) -> String {
    if k == 1 {
        "1 retry".to_string()
    } else {
        format!("{k} retries")
    }
}

/// How the page's jitter reads in a sentence.
pub(super) fn jitter_words(p: &Policy) -> String {
    match p.jitter {
        Jitter::None => "no jitter".to_string(),
        Jitter::Proportional => format!(
            "proportional jitter ×{}–{}",
            n(p.proportional.lo),
            n(p.proportional.hi)
        ),
        j => format!("{} jitter", j.as_str()),
    }
}

/// A translation being built: the values so far and the diffs found.
pub(super) struct Draft {
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
            values: super::defaults(model),
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
                    "{name} takes whole numbers: {}{unit} becomes {r}{unit}",
                    n(x)
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

    fn param(&self, name: &str) -> super::Param {
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
        let x = want.clamp(p.min, p.max);
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

/// `v` with the library's time budget, if any, turned off: a budget only
/// drops the retries past the caller's deadline, so the rows before it are
/// compared without one.
pub fn unbudgeted(model: &dyn Model, v: &Values) -> Values {
    let mut v = v.clone();
    if let Some(name) = model.info().counting.budget_param {
        let p = model.info().params.iter().find(|p| p.name == name);
        // cenkalti's MaxElapsedTime takes 0 for "no limit".
        let off = if p.is_some_and(|p| p.none_ok) {
            f64::INFINITY
        } else {
            0.0
        };
        v.set(name, off)
            .unwrap_or_else(|e| panic!("unbudgeted {e}"));
    }
    v
}

/// How the library's rows differ from `page`'s, in words, if they do.
pub fn mismatch(model: &dyn Model, v: &Values, page: &[(f64, f64)]) -> Option<String> {
    let Some(count) = model.max_retries(v) else {
        return Some("it has no retry count".to_string());
    };
    if count as usize != page.len() {
        return Some(format!("it makes {count} retries, not {}", page.len()));
    }
    if model.trailing(v).is_some() {
        return Some("it sleeps once more after the last retry".to_string());
    }
    for (k, want) in (1..).zip(page) {
        let b = model.bounds(v, k);
        if !(close(b.min_ms, want.0) && close(b.max_ms, want.1)) {
            // Below a µs, three decimals would print the same numbers.
            let f = |x: f64| {
                if n(b.min_ms) == n(want.0) && n(b.max_ms) == n(want.1) {
                    format!("{x:.6}")
                } else {
                    n(x)
                }
            };
            return Some(format!(
                "retry {k} waits {}–{} ms, not {}–{} ms",
                f(b.min_ms),
                f(b.max_ms),
                f(want.0),
                f(want.1)
            ));
        }
    }
    None
}

/// The page's largest cap, for "no cap" in a counterfactual.
pub(super) const NO_CAP: u64 = MAX_DELAY_MS;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::library::{all, schedule, LibError};
    use crate::core::schedule::schedule as page_schedule;
    use proptest::prelude::*;

    /// Every parameter in range and the model's own check, as
    /// [`schedule`] checks them (without simulating a budget).
    fn valid(model: &dyn Model, v: &Values) -> Result<(), LibError> {
        for p in model.info().params {
            p.check(v.get(p.name))?;
        }
        model.check(v)
    }

    /// Checks one translation against the page: the diff list never lies.
    fn check_one(model: &dyn Model, policy: &Policy, deadline: Option<u64>) {
        let id = model.info().id;
        let t = model.translate(policy, deadline);
        let ctx = || format!("{id} {policy:?} deadline {deadline:?}: {:?}", t.diffs);
        valid(model, &t.values).unwrap_or_else(|e| panic!("{e}: {}", ctx()));
        for d in &t.diffs {
            let known =
                FIELDS.contains(&d.field) || model.info().params.iter().any(|p| p.name == d.field);
            assert!(known, "unknown field {}: {}", d.field, ctx());
            assert!(!d.text.is_empty() && !d.text.ends_with('.'), "{}", ctx());
        }
        let page: Vec<(f64, f64)> = page_schedule(policy, 0)
            .rows
            .iter()
            .map(|r| (r.min_ms, r.max_ms))
            .collect();
        // The budget only drops retries past the caller's deadline: the
        // rows are compared without it (their reach is not compared).
        let lib = schedule(model, &unbudgeted(model, &t.values))
            .unwrap_or_else(|e| panic!("{e}: {}", ctx()));
        let same = lib.trailing.is_none()
            && lib.rows.len() == page.len()
            && lib
                .rows
                .iter()
                .zip(&page)
                .all(|(r, p)| close(r.min_ms, p.0) && close(r.max_ms, p.1));
        if t.exact() {
            assert!(same, "exact but the rows differ: {}", ctx());
            if let (Some(ms), Some(_)) = (deadline, model.info().counting.budget_param) {
                assert_eq!(model.budget_ms(&t.values), Some(ms as f64), "{}", ctx());
            }
        }
        if !same {
            assert!(!t.exact(), "{}", ctx());
        }
    }

    const JITTERS: [(Jitter, f64, f64, CapOrder); 9] = [
        (Jitter::None, 0.8, 1.2, CapOrder::Before),
        (Jitter::Full, 0.8, 1.2, CapOrder::Before),
        (Jitter::Equal, 0.8, 1.2, CapOrder::Before),
        (Jitter::Decorrelated, 0.8, 1.2, CapOrder::Before),
        (Jitter::Proportional, 0.8, 1.2, CapOrder::Before),
        (Jitter::Proportional, 0.5, 1.5, CapOrder::Before),
        (Jitter::Proportional, 1.0, 2.0, CapOrder::After),
        (Jitter::Proportional, 0.75, 1.25, CapOrder::After),
        (Jitter::Proportional, 1.0, 1.2, CapOrder::Before),
    ];

    fn policy(base: u64, m: f64, cap: u64, n: u32, j: usize) -> Policy {
        let (jitter, lo, hi, order) = JITTERS[j];
        Policy {
            base_ms: base,
            multiplier: m,
            cap_ms: cap,
            max_retries: n,
            jitter,
            proportional: Proportional { lo, hi, cap: order },
        }
    }

    #[test]
    fn library_translations_never_hide_a_difference_on_a_grid() {
        for base in [0, 100, 1000] {
            for m in [1.0, 1.5, 2.0, 3.0] {
                for cap in [0, 500, 32_000] {
                    for n in [0, 1, 3, 10] {
                        for j in 0..JITTERS.len() {
                            let p = policy(base, m, cap, n, j);
                            for deadline in [None, Some(5_000)] {
                                for model in all() {
                                    check_one(*model, &p, deadline);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn library_translations_never_hide_a_difference(
            base in 0u64..5_000,
            m in 4u32..=40,
            cap in 0u64..100_000,
            n in 0u32..16,
            j in 0..JITTERS.len(),
            deadline in proptest::option::of(0u64..200_000),
        ) {
            let p = policy(base, f64::from(m) / 4.0, cap, n, j);
            for model in all() {
                check_one(*model, &p, deadline);
            }
        }
    }

    #[test]
    fn library_translations_of_large_policies_stay_valid() {
        use crate::core::policy::{MAX_DELAY_MS, MAX_RETRIES};
        let p = policy(MAX_DELAY_MS, 10.0, MAX_DELAY_MS, MAX_RETRIES, 1);
        for model in all() {
            let t = model.translate(&p, Some(MAX_DELAY_MS));
            valid(*model, &t.values).unwrap();
            assert!(!t.exact());
        }
    }

    /// `(id, values set, diff fields with full jitter, with none)` for the
    /// page's default policy (1 s doubling to 32 s, 5 retries).
    type Golden = (
        &'static str,
        &'static [(&'static str, f64)],
        &'static [&'static str],
        &'static [&'static str],
    );

    const DEFAULTS: [Golden; 15] = [
        (
            "urllib3",
            &[
                ("total", 5.0),
                ("backoff_factor", 1.0),
                ("backoff_max", 32.0),
                ("backoff_jitter", 0.0),
            ],
            &["first-retry", "jitter"],
            &["first-retry"],
        ),
        (
            "tenacity",
            &[
                ("stop_after_attempt", 6.0),
                ("multiplier", 1.0),
                ("exp_base", 2.0),
                ("min", 0.0),
                ("max", 32.0),
            ],
            &[],
            &[],
        ),
        (
            "p-retry",
            &[
                ("retries", 5.0),
                ("factor", 2.0),
                ("minTimeout", 1000.0),
                ("maxTimeout", 32_000.0),
                ("randomize", 0.0),
                ("maxRetryTime", f64::INFINITY),
            ],
            &["jitter"],
            &[],
        ),
        (
            "axios-retry",
            &[("retries", 5.0), ("delayFactor", 500.0)],
            &["jitter"],
            &["jitter"],
        ),
        (
            "google-api-core",
            &[
                ("initial", 1.0),
                ("maximum", 32.0),
                ("multiplier", 2.0),
                ("timeout", f64::INFINITY),
            ],
            &["retries"],
            &["jitter", "retries"],
        ),
        (
            "aws",
            &[("max_attempts", 6.0), ("throttling", 1.0)],
            &["throttling"],
            &["throttling", "jitter"],
        ),
        (
            "backon",
            &[
                ("min_delay", 1000.0),
                ("factor", 2.0),
                ("max_delay", 32_000.0),
                ("max_times", 5.0),
                ("jitter", 0.0),
                ("total_delay", f64::INFINITY),
            ],
            &["jitter"],
            &[],
        ),
        (
            "cenkalti",
            &[
                ("InitialInterval", 1000.0),
                ("RandomizationFactor", 0.0),
                ("Multiplier", 2.0),
                ("MaxInterval", 32_000.0),
                ("MaxElapsedTime", 0.0),
                ("MaxTries", 6.0),
            ],
            &["jitter"],
            &[],
        ),
        (
            "retryablehttp",
            &[
                ("RetryWaitMin", 1000.0),
                ("RetryWaitMax", 32_000.0),
                ("RetryMax", 5.0),
            ],
            &["jitter"],
            &[],
        ),
        (
            "polly",
            &[
                ("MaxRetryAttempts", 5.0),
                ("BackoffType", 2.0),
                ("Delay", 1.0),
                ("MaxDelay", 32.0),
                ("UseJitter", 0.0),
            ],
            &["jitter"],
            &[],
        ),
        (
            "resilience4j",
            &[
                ("maxAttempts", 6.0),
                ("waitDuration", 1000.0),
                ("enableExponentialBackoff", 1.0),
                ("exponentialBackoffMultiplier", 2.0),
                ("exponentialMaxWaitDuration", 32_000.0),
                ("enableRandomizedWait", 0.0),
            ],
            &["jitter"],
            &[],
        ),
        (
            "spring-retry",
            &[
                ("maxAttempts", 6.0),
                ("delay", 1000.0),
                ("multiplier", 2.0),
                ("maxDelay", 32_000.0),
                ("random", 0.0),
            ],
            &["jitter"],
            &[],
        ),
        (
            "grpc",
            &[
                ("maxAttempts", 6.0),
                ("initialBackoff", 1.0),
                ("maxBackoff", 32.0),
                ("backoffMultiplier", 2.0),
            ],
            &["retries", "jitter"],
            &["retries", "jitter"],
        ),
        (
            "envoy",
            &[
                ("num_retries", 5.0),
                ("base_interval", 1000.0),
                ("max_interval", 32_000.0),
            ],
            &["rounding"],
            &["jitter"],
        ),
        (
            "client-go",
            &[
                ("Duration", 1000.0),
                ("Factor", 2.0),
                ("Jitter", 0.0),
                ("Steps", 6.0),
                ("Cap", 32_000.0),
            ],
            &["jitter"],
            &[],
        ),
    ];

    fn fields(t: &Translation) -> Vec<&'static str> {
        t.diffs.iter().map(|d| d.field).collect()
    }

    #[test]
    fn library_translations_of_the_default_policy() {
        let full = Policy::default();
        let none = Policy {
            jitter: Jitter::None,
            ..full
        };
        for (id, values, with_full, with_none) in DEFAULTS {
            let model = crate::core::library::find(id).unwrap();
            let t = model.translate(&full, None);
            for (name, want) in values {
                assert_eq!(t.values.get(name), *want, "{id} {name}");
            }
            assert_eq!(fields(&t), with_full, "{id}: {:?}", t.diffs);
            let t = model.translate(&none, None);
            assert_eq!(fields(&t), with_none, "{id}: {:?}", t.diffs);
        }
    }

    #[test]
    fn library_translation_texts_say_what_the_library_does() {
        let t = crate::core::library::urllib3::Urllib3.translate(&Policy::default(), None);
        assert_eq!(t.diffs[0].text, "retry 1 waits 0 s, not 0–1000 ms");
        let three = Policy {
            multiplier: 3.0,
            jitter: Jitter::None,
            ..Policy::default()
        };
        let t = crate::core::library::urllib3::Urllib3.translate(&three, None);
        // Half the page's retry 2: retry 2 waits 3 s, as on the page.
        assert_eq!(t.values.get("backoff_factor"), 1.5);
        assert_eq!(
            t.diffs[1],
            Diff {
                field: "multiplier",
                text: "the multiplier is fixed at 2; the page's is 3".to_string()
            }
        );
        let t = crate::core::library::grpc::Grpc.translate(&Policy::default(), None);
        assert_eq!(
            t.diffs[0].text,
            "it makes 4 retries here, not 5 (maxAttempts = 6; the client allows 5 attempts)"
        );
    }

    #[test]
    fn library_deadlines_become_time_budgets() {
        let p = Policy {
            jitter: Jitter::None,
            ..Policy::default()
        };
        let budget = |id: &str, d: Option<u64>| {
            let m = crate::core::library::find(id).unwrap();
            let t = m.translate(&p, d);
            (m.budget_ms(&t.values), fields(&t))
        };
        assert_eq!(budget("cenkalti", Some(20_000)), (Some(20_000.0), vec![]));
        assert_eq!(budget("backon", Some(20_000)), (Some(20_000.0), vec![]));
        assert_eq!(
            budget("google-api-core", Some(20_000)),
            (Some(20_000.0), vec!["jitter", "retries"])
        );
        // 31 s of sleeps pass 20 s: p-retry cuts the last one short.
        assert_eq!(
            budget("p-retry", Some(20_000)),
            (Some(20_000.0), vec!["deadline"])
        );
        assert_eq!(budget("p-retry", Some(40_000)), (Some(40_000.0), vec![]));
        assert_eq!(budget("cenkalti", Some(0)).1, vec!["deadline"]);
        assert_eq!(budget("cenkalti", None), (None, vec![]));
        assert_eq!(budget("retryablehttp", Some(20_000)).1, vec!["deadline"]);
    }

    #[test]
    fn library_translations_name_rounding_clamps_and_fixed_fields() {
        // 100 ms × 1.5: the fourth wait is 337.5 ms, kept whole by some.
        let p = Policy::new(100, 1.5, 500, 10, Jitter::None);
        for (id, exact) in [
            ("p-retry", false),
            ("resilience4j", false),
            ("spring-retry", false),
            ("tenacity", true),
            ("cenkalti", true),
        ] {
            let t = crate::core::library::find(id).unwrap().translate(&p, None);
            assert_eq!(t.exact(), exact, "{id}: {:?}", t.diffs);
            assert!(exact || fields(&t) == ["rounding"], "{id}: {:?}", t.diffs);
        }
        // A base of 0: AWS still draws up to 50 ms.
        let zero = Policy::new(0, 2.0, 0, 3, Jitter::Full);
        let t = crate::core::library::aws::Aws.translate(&zero, None);
        assert!(t.has("first-retry") && t.has("cap"), "{:?}", t.diffs);
        // gRPC's initialBackoff must be above 0.
        let t = crate::core::library::grpc::Grpc.translate(&zero, None);
        assert!(t.has("initialBackoff"), "{:?}", t.diffs);
        // The base at the cap: every retry waits the cap, which backon
        // reaches by starting there without growth.
        let flat = Policy::new(5_000, 3.0, 2_000, 4, Jitter::None);
        let t = crate::core::library::backon::Backon.translate(&flat, None);
        assert!(t.exact(), "{:?}", t.diffs);
        assert_eq!(t.values.get("min_delay"), 2_000.0);
        // client-go's Cap ends the loop: it is left at 0 when reached.
        let t = crate::core::library::client_go::ClientGo
            .translate(&Policy::new(1000, 2.0, 4000, 5, Jitter::None), None);
        assert_eq!(t.values.get("Cap"), 0.0);
        assert_eq!(fields(&t), ["cap"]);
        // A proportional ×[1, 2) after the cap is p-retry's randomize.
        let p = Policy {
            jitter: Jitter::Proportional,
            proportional: Proportional {
                lo: 1.0,
                hi: 2.0,
                cap: CapOrder::After,
            },
            ..Policy::default()
        };
        let t = crate::core::library::p_retry::PRetry.translate(&p, None);
        assert!(t.exact() && t.values.flag("randomize"), "{:?}", t.diffs);
    }
}
