//! "Paste your config" on configs as real code bases write them: one file
//! per library in `tests/paste_corpus/`, each entry citing the public
//! repository and file it was taken from, the fields it must give, and
//! the excerpt itself (the retry settings, with the lines around them that
//! a person would paste). Every entry must be recognised as its file's
//! library and give exactly its fields; the run prints, per library, how
//! many entries there are and how many were read completely (nothing left
//! aside for want of a value the page could read).

use std::fs;
use std::path::Path;

use backoff_calculator::core::library::paste::read;
use backoff_calculator::core::library::{LibId, Unit};

struct Entry {
    source: String,
    want: Vec<(String, String)>,
    text: String,
}

fn entries(file: &Path) -> Vec<Entry> {
    let body = fs::read_to_string(file).unwrap();
    body.split("=== ")
        .filter(|b| !b.trim().is_empty())
        .map(|block| {
            let (head, text) = block
                .split_once("\n---\n")
                .expect("a `---` line before the excerpt");
            let mut lines = head.lines();
            let source = lines.next().unwrap().trim().to_string();
            let want = lines
                .next()
                .and_then(|l| l.strip_prefix("want:"))
                .expect("a `want:` line")
                .split_whitespace()
                .map(|kv| {
                    let (k, v) = kv.split_once('=').expect("name=value");
                    (k.to_string(), v.to_string())
                })
                .collect();
            assert!(
                source.split(' ').count() == 2,
                "`owner/repo path` in {source}"
            );
            Entry {
                source,
                want,
                text: text.to_string(),
            }
        })
        .collect()
}

/// The value `text` stands for in `lib`'s parameter `name`, as the
/// fields write it (a choice or a flag by its name).
fn value(lib: LibId, name: &str, text: &str) -> f64 {
    let p = lib
        .info()
        .params
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("{} has no {name}", lib.id()));
    match p.unit {
        Unit::Bool => f64::from(u8::from(text == "true")),
        Unit::Choice(names) => names.iter().position(|n| *n == text).unwrap() as f64,
        _ => text.parse().unwrap(),
    }
}

#[test]
fn public_configs_read_as_written() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/paste_corpus");
    let mut report = Vec::new();
    for lib in LibId::all() {
        let file = dir.join(format!("{}.txt", lib.id()));
        let list = entries(&file);
        assert!(!list.is_empty(), "{}: no entries", lib.id());
        let mut complete = 0;
        for e in &list {
            let r =
                read(&e.text).unwrap_or_else(|err| panic!("{} ({}): {err}", lib.id(), e.source));
            assert_eq!(r.config.lib, lib, "{}", e.source);
            let mut read_names: Vec<&str> = r.read.clone();
            read_names.sort_unstable();
            let mut wanted: Vec<&str> = e.want.iter().map(|(k, _)| k.as_str()).collect();
            wanted.sort_unstable();
            assert_eq!(read_names, wanted, "{}: fields read", e.source);
            for (k, v) in &e.want {
                assert_eq!(
                    r.config.values.get(k),
                    value(lib, k, v),
                    "{}: {k}",
                    e.source
                );
            }
            let unread = r.ignored.iter().any(|i| {
                i.why.contains("without running code") || i.why.contains("not in the paste")
            });
            complete += usize::from(!unread);
        }
        report.push(format!(
            "{}: {} entries, {} read completely",
            lib.id(),
            list.len(),
            complete
        ));
    }
    println!("{}", report.join("\n"));
}
