//! The translations checked: a diff is listed exactly when the library's
//! schedule differs from the page's, over a grid and random policies, and
//! golden examples per library.

use super::*;
use crate::core::library::{all, schedule, LibError, Writer};
use crate::core::policy::{CapOrder, Proportional};
use crate::core::schedule::schedule as page_schedule;
use proptest::prelude::*;

/// The writer of the library `model` models.
fn writer_of(model: &dyn Model) -> &'static dyn Writer {
    crate::core::library::LibId::parse(model.info().id)
        .unwrap()
        .writer()
}

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
    let t = writer_of(model).translate(policy, deadline);
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
    let lib =
        schedule(model, &unbudgeted(model, &t.values)).unwrap_or_else(|e| panic!("{e}: {}", ctx()));
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
        let t = writer_of(*model).translate(&p, Some(MAX_DELAY_MS));
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
        let t = writer_of(model).translate(&full, None);
        for (name, want) in values {
            assert_eq!(t.values.get(name), *want, "{id} {name}");
        }
        assert_eq!(fields(&t), with_full, "{id}: {:?}", t.diffs);
        let t = writer_of(model).translate(&none, None);
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
        let t = writer_of(m).translate(&p, d);
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
        let t = writer_of(crate::core::library::find(id).unwrap()).translate(&p, None);
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
