//! The models refuse what the libraries refuse, and their translations
//! never write a value the library would refuse at start-up.

// Each test file uses only some of the helpers.
#[allow(dead_code)]
#[path = "common/library.rs"]
mod helpers;
use helpers::values;

use backoff_calculator::core::library::{self, LibError, LibId};
use backoff_calculator::core::policy::{CapOrder, Jitter, Policy, Proportional};

/// Whether the library `id` accepts `name` = `text`.
fn accepts(id: &str, name: &str, text: &str) -> Result<(), LibError> {
    let mut v = values(id, &[]);
    v.set_text(name, text)
}

#[test]
fn resilience4j_refuses_a_factor_of_one_and_a_max_below_one_ms() {
    // resilience4j 2.4.0, CommonRetryConfigurationProperties
    // .setRandomizedWaitFactor: "is not in range [0..1)".
    let one = accepts("resilience4j", "randomizedWaitFactor", "1");
    assert!(matches!(one, Err(LibError::NotBelow { .. })), "{one:?}");
    assert_eq!(
        one.unwrap_err().to_string(),
        "randomizedWaitFactor: must be below 1"
    );
    assert!(accepts("resilience4j", "randomizedWaitFactor", "0.99").is_ok());
    assert!(accepts("resilience4j", "randomizedWaitFactor", "0").is_ok());
    // IntervalFunction.checkInterval: a max below 1 ms is refused; the
    // binding reads whole ms (Spring's `500ms`, no fraction).
    for bad in ["0", "0.5", "1500.5"] {
        assert!(
            accepts("resilience4j", "exponentialMaxWaitDuration", bad).is_err(),
            "{bad}"
        );
    }
    assert!(accepts("resilience4j", "exponentialMaxWaitDuration", "1").is_ok());
    assert!(accepts("resilience4j", "exponentialMaxWaitDuration", "none").is_ok());
}

#[test]
fn resilience4j_translations_never_write_a_factor_of_one() {
    let r4j = LibId::parse("resilience4j").unwrap().writer();
    // ×[0, 2] after the cap would be randomizedWaitFactor = 1.
    for (lo, hi) in [(0.0, 2.0), (0.5, 1.5), (0.25, 1.75)] {
        let p = Policy {
            base_ms: 1000,
            multiplier: 2.0,
            cap_ms: 0,
            max_retries: 4,
            jitter: Jitter::Proportional,
            proportional: Proportional {
                lo,
                hi,
                cap: CapOrder::After,
            },
        };
        let t = r4j.translate(&p, None);
        let model = library::find("resilience4j").unwrap();
        let f = t.values.get("randomizedWaitFactor");
        assert!(f < 1.0, "{lo}–{hi}: randomizedWaitFactor {f}");
        assert!(
            t.values.get("exponentialMaxWaitDuration") >= 1.0,
            "a cap of 0 becomes at least 1 ms"
        );
        let config = r4j.config(&t.values);
        assert!(!config.contains("randomizedWaitFactor: 1\n"), "{config}");
        assert!(
            !config.contains("exponentialMaxWaitDuration: 0ms"),
            "{config}"
        );
        assert!(library::schedule(model, &t.values).is_ok());
    }
}
