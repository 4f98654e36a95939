//! The release a person runs, carried and read: the link's
//! `lib.version=` (written only when it is not the current release, an
//! unknown one a notice that keeps the other values) and the `Release`
//! select, read after the library's fields. Each release's rows and
//! configs: `tests/library_releases.rs`.

use backoff_calculator::core::library::{read_fields, Configured, LibId};
use backoff_calculator::core::share::{decode, encode, State};

#[test]
fn the_link_carries_the_release_only_when_it_is_not_the_current_one() {
    let read = |query: &str| decode(query, State::with_seed(1));
    // Absent: the current release, nothing written.
    let (s, notices) = read("lib=urllib3&lib.total=3");
    assert!(notices.is_empty());
    let chosen = s.library.clone().unwrap();
    assert_eq!(chosen.values.release(), "");
    assert!(!encode(&s).contains("version"));
    // An older one round-trips.
    let (s, notices) = read("lib=urllib3&lib.version=2.5&lib.total=3");
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(s.library.as_ref().unwrap().values.release(), "2.5");
    let query = encode(&s);
    assert!(query.ends_with("lib.total=3&lib.version=2.5"), "{query}");
    assert_eq!(read(&query).0, s);
    // The current one named is the default: not written back.
    let (s, notices) = read("lib=grpc&lib.version=1.69");
    assert!(notices.is_empty());
    assert!(!encode(&s).contains("version"));
    // Unknown: a notice, the current release, the other values kept.
    for bad in ["1.26", "", "%3Cscript%3E", "2.5%26lib%3Dpolly"] {
        let (s, notices) = read(&format!("lib=urllib3&lib.total=4&lib.version={bad}"));
        let chosen = s.library.unwrap();
        assert_eq!(chosen.values.get("total"), 4.0);
        if bad.is_empty() {
            assert!(notices.is_empty());
            continue;
        }
        assert_eq!(chosen.values.release(), "");
        assert_eq!(notices.len(), 1, "{bad}: {notices:?}");
        assert_eq!(notices[0].key, "lib.version");
    }
    // Before the models are here (the fields read, not yet settled), a
    // text no release id could be is refused at once: the link written
    // meanwhile cannot carry it, nor what it would smuggle in.
    let (s, notices) = backoff_calculator::core::share::decode_fields(
        "lib=urllib3&lib.version=x%26lib%3Dpolly",
        State::with_seed(1),
    );
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(s.library.as_ref().unwrap().values.release(), "");
    assert!(!encode(&s).contains("polly"), "{}", encode(&s));
    // A library with one release, or none chosen.
    let (_, notices) = read("lib=polly&lib.version=8");
    assert!(notices[0].reason.contains("one release"), "{notices:?}");
    let (_, notices) = read("lib.version=2.5");
    assert_eq!(notices[0].key, "lib.version");
    // Values the release refuses together give way to the defaults at
    // that release.
    let (s, notices) = read("lib=urllib3&lib.version=2.5&lib.retry_after_max=60");
    assert_eq!(notices.len(), 1);
    let chosen = s.library.unwrap();
    assert_eq!(chosen.values.release(), "2.5");
    assert_eq!(chosen.values.get("retry_after_max"), 21_600.0);
}

#[test]
fn the_release_select_is_read_after_the_fields() {
    let lib = LibId::parse("tenacity").unwrap();
    let table = lib.info().params;
    let mut texts: Vec<String> = table
        .iter()
        .map(|p| Configured::defaults(lib).values.text(p.name))
        .collect();
    texts.push("9.1".into());
    let (errors, used) = read_fields(lib, &texts, None);
    assert_eq!(errors.len(), table.len() + 1);
    assert!(errors.iter().all(Option::is_none));
    assert_eq!(used.values.release(), "9.1");
    // Not a release it lists: the one in use stays.
    texts[table.len()] = "8".into();
    let (_, kept) = read_fields(lib, &texts, Some(&used));
    assert_eq!(kept.values.release(), "9.1");
    // A release that refuses a field's value: said beside both, and the
    // values in use stay.
    let min = table.iter().position(|p| p.name == "min").unwrap();
    let wait = table.iter().position(|p| p.name == "wait").unwrap();
    texts[table.len()] = String::new();
    texts[wait] = "wait_exponential_jitter".into();
    texts[min] = "1".into();
    let (_, current) = read_fields(lib, &texts, None);
    assert_eq!(current.values.get("min"), 1.0);
    texts[table.len()] = "9.1".into();
    let (errors, used) = read_fields(lib, &texts, Some(&current));
    assert_eq!(used, current);
    assert!(
        errors[min].is_some() && errors[table.len()].is_some(),
        "{errors:?}"
    );
}
