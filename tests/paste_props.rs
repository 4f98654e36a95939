//! "Paste your config", read back: every config the page writes, for
//! random parameter sets of every library, pasted into the reader gives
//! the same library and the same value for every parameter the config
//! carries (a parameter it does not carry — the code is the same whatever
//! its value — stays at its default). A set the library refuses as a
//! whole gives the model's own message.

use backoff_calculator::core::library::paste::{self, code_of, PasteError};
use backoff_calculator::core::library::{Configured, LibId, Unit, Values};
use proptest::prelude::*;

/// A value on a grid the configs write exactly (ms to the µs, s to the
/// ms, factors to the thousandth), from the uniform `u`.
fn grid(unit: Unit, min: f64, max: f64, u: f64) -> f64 {
    let x = match unit {
        Unit::Bool => (u < 0.5) as u8 as f64,
        Unit::Choice(names) => (u * names.len() as f64).floor(),
        Unit::Retries | Unit::Attempts => min + (u * 12.0).floor(),
        Unit::Number => ((min + u * (max.min(min + 4.0) - min)) * 1000.0).round() / 1000.0,
        Unit::Seconds => (u * 40_000.0).round() / 1000.0,
        Unit::Millis if u < 0.3 => (u * 30_000_000.0).round() / 1000.0,
        Unit::Millis => (u * 60_000.0).round(),
    };
    x.min(max)
}

fn values_from(lib: LibId, seeds: &[f64]) -> Values {
    let mut v = lib.defaults();
    for (p, u) in lib.info().params.iter().zip(seeds) {
        // Sometimes keep the default ("none" included); an invalid grid
        // value (0 where the minimum is open) keeps it too.
        if *u < 0.85 {
            let _ = v.set(p.name, grid(p.unit, p.min, p.max, u / 0.85));
        }
    }
    v
}

/// Checks one library's config for `v` read back.
fn round_trip(lib: LibId, v: &Values) -> Result<(), TestCaseError> {
    let config = lib.writer().config(v);
    let got = paste::read(&config);
    let wanted = Configured {
        lib,
        values: v.clone(),
        unread: Vec::new(),
    };
    if let Err(e) = wanted.check() {
        match got {
            Err(PasteError::Refused { errors, .. }) => prop_assert_eq!(errors, vec![e]),
            other => prop_assert!(false, "{}: {e} expected, got {other:?}\n{config}", lib.id()),
        }
        return Ok(());
    }
    let reading = match got {
        Ok(r) => r,
        Err(e) => return Err(TestCaseError::fail(format!("{}: {e}\n{config}", lib.id()))),
    };
    prop_assert_eq!(reading.config.lib, lib, "{}", config);
    let code = code_of(&config);
    for p in lib.info().params {
        let (want, read) = (v.get(p.name), reading.config.values.get(p.name));
        if want == read {
            continue;
        }
        // Not read back: the config must not carry it (its code is the
        // same at the default), and the reading holds the default.
        let mut reset = v.clone();
        reset.set(p.name, p.default).unwrap();
        let carried = code_of(&lib.writer().config(&reset)) != code;
        prop_assert!(
            !carried && read == p.default,
            "{}: {} written {want}, read {read}\n{config}",
            lib.id(),
            p.name
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_written_config_reads_back(
        which in 0usize..15,
        seeds in prop::collection::vec(0.0f64..1.0, 8),
    ) {
        let lib = LibId::all().nth(which % LibId::all().count()).unwrap();
        round_trip(lib, &values_from(lib, &seeds))?;
    }
}

/// Every library at its defaults, and at the corners of the grid, once
/// each: the property above draws them only by chance.
#[test]
fn defaults_and_corners_read_back() {
    for lib in LibId::all() {
        round_trip(lib, &lib.defaults()).unwrap();
        for u in [0.0, 0.2, 0.5, 0.84] {
            let seeds = vec![u; lib.info().params.len()];
            round_trip(lib, &values_from(lib, &seeds)).unwrap();
        }
    }
}
