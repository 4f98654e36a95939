//! Properties every library model keeps, for random parameter sets: every
//! seeded sample lies within its row's [min, max], every expected value
//! too, the sample is reproducible from its seed, and each model's config
//! names every parameter.

use backoff_calculator::core::library::{self, all, sample, schedule, Model, Unit, Values};
use proptest::prelude::*;

/// A valid value for each parameter, from `seeds` (uniforms in [0, 1)),
/// kept to sizes that make rows small enough to compare.
fn values_from(model: &dyn Model, seeds: &[f64]) -> Values {
    let mut v = library::defaults(model);
    for (p, u) in model.info().params.iter().zip(seeds) {
        let value = match p.unit {
            Unit::Bool => (*u < 0.5) as u8 as f64,
            Unit::Choice(names) => (u * names.len() as f64).floor(),
            Unit::Retries | Unit::Attempts => (p.min + (u * 12.0).floor()).min(p.max),
            Unit::Number => p.min + 0.05 + u * (p.max.min(p.min + 3.0) - p.min - 0.05),
            Unit::Seconds => p.min + 0.001 + u * 30.0,
            Unit::Millis => p.min + (u * 30_000.0).round(),
        };
        // Sometimes keep the default ("none" included).
        if *u < 0.8 {
            v.set(p.name, value)
                .unwrap_or_else(|e| panic!("{}: {e}", model.info().id));
        }
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn samples_and_means_stay_in_range(
        which in 0usize..64,
        seeds in prop::collection::vec(0.0f64..1.0, 8),
        seed in any::<u64>(),
    ) {
        let model = all()[which % all().len()];
        let v = values_from(model, &seeds);
        let id = model.info().id;
        if let Ok(s) = schedule(model, &v) {
            let draw = sample(model, &v, seed).unwrap();
            for (row, d) in s.rows.iter().zip(&draw) {
                let tol = 1e-6 * row.max_ms.max(1.0);
                prop_assert!(row.min_ms <= *d + tol && *d <= row.max_ms + tol,
                    "{id} {v:?} retry {}: {d} outside [{}, {}]", row.retry, row.min_ms, row.max_ms);
                prop_assert!(row.min_ms <= row.expected_ms + tol && row.expected_ms <= row.max_ms + tol,
                    "{id} retry {}: mean {} outside [{}, {}]", row.retry, row.expected_ms, row.min_ms, row.max_ms);
            }
            if s.budget.is_none() {
                prop_assert_eq!(draw.len(), s.rows.len(), "{} {:?}", id, v);
            }
            prop_assert_eq!(draw, sample(model, &v, seed).unwrap());
        }
    }
}

#[test]
fn every_model_declares_its_source_and_writes_every_parameter() {
    for m in all() {
        let info = m.info();
        // A release, or a pinned commit: never a branch.
        let source = m.source();
        let pinned = source
            .release
            .split([' ', '(', ')'])
            .any(|w| w.len() > 2 && source.url.contains(w));
        assert!(pinned, "{}: link", info.id);
        assert!(!source.url.contains("/blob/main/"), "{}: a branch", info.id);
        let v = library::defaults(*m);
        let config = library::LibId::parse(info.id).unwrap().writer().config(&v);
        for p in info.params {
            let shown = match p.unit {
                Unit::Choice(_) => config.contains(v.choice(p.name)),
                _ => config.contains(p.name),
            };
            // "None" is written by leaving the argument out; tenacity's
            // jitter exists only for wait_exponential_jitter; urllib3's
            // retry_after_max (new in 2.6.3) only when it is not the default.
            let left_out = p.default.is_infinite()
                || (info.id == "tenacity" && p.name == "jitter")
                || (info.id == "urllib3" && p.name == "retry_after_max");
            assert!(shown || left_out, "{}: config lacks {}", info.id, p.name);
        }
        assert!(schedule(*m, &v).is_ok(), "{} defaults", info.id);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// What a link, a field or a pasted config hands a library's values
    /// (any name, any text, any number) is taken or refused, never a
    /// panic, and every parameter still reads after it: a choice names one
    /// of its names, a number is a number.
    #[test]
    fn any_entry_is_taken_or_refused(
        which in 0usize..64,
        pick in 0usize..16,
        other in ".{0,12}",
        text in prop_oneof!["[-+0-9., a-zA-Z_]{0,16}", ".{0,16}"],
        number in any::<f64>(),
    ) {
        let model = all()[which % all().len()];
        let params = model.info().params;
        let name = params.get(pick).map_or(other.as_str(), |p| p.name);
        let mut v = library::defaults(model);
        let _ = v.set_text(name, &text);
        let _ = v.set_typed(name, &text);
        let _ = v.set(name, number);
        for p in params {
            prop_assert!(p.check(v.get(p.name)).is_ok(), "{} {}", model.info().id, p.name);
            let _ = v.text(p.name);
            match p.unit {
                Unit::Choice(names) => prop_assert!(names.contains(&v.choice(p.name))),
                Unit::Bool => prop_assert_eq!(v.flag(p.name), v.get(p.name) != 0.0),
                _ => {}
            }
        }
    }
}
