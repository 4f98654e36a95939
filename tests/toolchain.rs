//! The build tools' versions agree wherever they are written.
//!
//! `Trunk.toml` is the source: `trunk-version` for trunk, `[tools]` for
//! wasm-bindgen and wasm-opt (binaryen). `rust-toolchain.toml` is the
//! source for Rust. The copies that cannot read them (Cargo.toml's exact
//! wasm-bindgen pin, Cargo.lock, package.json and its lock file) and every
//! version named in the README and docs/ must match. See docs/toolchain.md.

use std::fs;
use std::path::Path;

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    fs::read_to_string(&full).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// The quoted value of the first line `key = "value"` in `text`.
fn toml_value(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix(key)?.trim_start();
        let rest = rest.strip_prefix('=')?.trim();
        let rest = rest.strip_prefix('"')?;
        Some(rest[..rest.find('"')?].to_string())
    })
}

/// The version of `name` in a Cargo.lock.
fn lock_version(lock: &str, name: &str) -> Option<String> {
    let wanted = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == wanted {
            return toml_value(lines.next()?, "version");
        }
    }
    None
}

/// The version token that follows each `prefix` in `text` (`prefix1.2.3`):
/// digits and dots, without a trailing dot; with where the prefix starts.
fn mentions(text: &str, prefix: &str) -> Vec<(usize, String)> {
    text.match_indices(prefix)
        .filter_map(|(at, _)| {
            let rest = &text[at + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            let v = rest[..end].trim_end_matches('.');
            v.starts_with(|c: char| c.is_ascii_digit())
                .then(|| (at, v.to_string()))
        })
        .collect()
}

/// [`mentions`] without the positions.
fn versions_after(text: &str, prefix: &str) -> Vec<String> {
    mentions(text, prefix).into_iter().map(|(_, v)| v).collect()
}

/// The pinned versions, read from their sources.
struct Pins {
    trunk: String,
    wasm_bindgen: String,
    binaryen_major: String,
    rust: String,
}

fn pins() -> Pins {
    let trunk_toml = read("Trunk.toml");
    let trunk = toml_value(&trunk_toml, "trunk-version").expect("Trunk.toml names trunk-version");
    let trunk = trunk
        .strip_prefix('=')
        .unwrap_or_else(|| panic!("trunk-version pins one release with `=`, not {trunk:?}"))
        .to_string();
    let wasm_bindgen =
        toml_value(&trunk_toml, "wasm_bindgen").expect("Trunk.toml [tools] names wasm_bindgen");
    let wasm_opt = toml_value(&trunk_toml, "wasm_opt").expect("Trunk.toml [tools] names wasm_opt");
    let binaryen_major = wasm_opt
        .strip_prefix("version_")
        .unwrap_or_else(|| panic!("wasm_opt is `version_N`, not {wasm_opt:?}"))
        .to_string();
    let rust = toml_value(&read("rust-toolchain.toml"), "channel")
        .expect("rust-toolchain.toml names its channel");
    Pins {
        trunk,
        wasm_bindgen,
        binaryen_major,
        rust,
    }
}

#[test]
fn cargo_pins_the_wasm_bindgen_that_trunk_uses() {
    let pins = pins();
    let cargo = read("Cargo.toml");
    assert_eq!(
        toml_value(&cargo, "wasm-bindgen"),
        Some(format!("={}", pins.wasm_bindgen)),
        "Cargo.toml's wasm-bindgen must be `=` Trunk.toml's [tools] wasm_bindgen"
    );
    assert_eq!(
        lock_version(&read("Cargo.lock"), "wasm-bindgen"),
        Some(pins.wasm_bindgen.clone()),
        "Cargo.lock's wasm-bindgen (run `cargo update -p wasm-bindgen`)"
    );
    let rust_version = toml_value(&cargo, "rust-version").expect("Cargo.toml names rust-version");
    assert!(
        pins.rust.starts_with(&rust_version),
        "Cargo.toml's rust-version {rust_version} is rust-toolchain.toml's {}",
        pins.rust
    );
}

#[test]
fn npm_installs_the_wasm_opt_that_trunk_asks_for() {
    let pins = pins();
    let major = |v: &str| v.split('.').next().unwrap_or_default().to_string();
    let package = read("package.json");
    // package.json writes `"binaryen": "132.0.0",`.
    let wanted = package
        .lines()
        .find_map(|l| {
            let rest = l.trim().strip_prefix("\"binaryen\":")?.trim();
            Some(rest.trim_matches(|c| c == '"' || c == ',').to_string())
        })
        .expect("package.json lists binaryen");
    assert_eq!(
        major(&wanted),
        pins.binaryen_major,
        "package.json's binaryen"
    );
    let lock = read("package-lock.json");
    let at = lock
        .find("\"node_modules/binaryen\"")
        .expect("package-lock.json has node_modules/binaryen");
    let locked = versions_after(&lock[at..], "\"version\": \"")
        .into_iter()
        .next()
        .expect("binaryen's version in package-lock.json");
    assert_eq!(
        major(&locked),
        pins.binaryen_major,
        "package-lock.json's binaryen"
    );
}

#[test]
fn setup_installs_the_pinned_versions() {
    let pins = pins();
    let setup = read("scripts/setup.sh");
    for (var, want) in [
        ("TRUNK_VERSION=", &pins.trunk),
        ("WASM_BINDGEN_VERSION=", &pins.wasm_bindgen),
    ] {
        for found in versions_after(&setup, var) {
            assert_eq!(&found, want, "scripts/setup.sh writes {var}{found}");
        }
    }
}

#[test]
fn readme_and_docs_name_the_pinned_versions() {
    let pins = pins();
    let mut files = vec!["README.md".to_string()];
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    for entry in fs::read_dir(docs).expect("docs/ exists") {
        let name = entry.expect("a docs/ entry").file_name();
        let name = name.to_string_lossy();
        if name.ends_with(".md") {
            files.push(format!("docs/{name}"));
        }
    }
    // `=0.2.129` is the only `=` version the docs write.
    let checks: [(&str, &str); 6] = [
        ("trunk ", &pins.trunk),
        ("trunk@", &pins.trunk),
        ("wasm-bindgen-cli ", &pins.wasm_bindgen),
        ("wasm-bindgen-cli@", &pins.wasm_bindgen),
        ("wasm-bindgen ", &pins.wasm_bindgen),
        ("`=", &pins.wasm_bindgen),
    ];
    for file in &files {
        let text = read(file);
        for (prefix, want) in checks {
            for found in versions_after(&text, prefix) {
                assert_eq!(&found, want, "{file} names {prefix}{found}");
            }
        }
        // "Rust 1.95" or "Rust 1.95.0".
        for found in versions_after(&text, "Rust ") {
            assert!(pins.rust.starts_with(&found), "{file} names Rust {found}");
        }
        // Debian's binaryen is named as the one not to use.
        for (at, found) in mentions(&text, "binaryen ") {
            if text[..at].ends_with("Debian's ") {
                continue;
            }
            let major = found.split('.').next().unwrap_or_default();
            assert_eq!(major, pins.binaryen_major, "{file} names binaryen {found}");
        }
    }
}

#[test]
fn the_helpers_read_what_they_should() {
    assert_eq!(
        versions_after("trunk 0.21.14. and trunk x", "trunk "),
        ["0.21.14"]
    );
    assert_eq!(toml_value("a = \"=1.2\"\n", "a"), Some("=1.2".into()));
    assert_eq!(
        lock_version("name = \"x\"\nversion = \"1.0.0\"\n", "x"),
        Some("1.0.0".into())
    );
}

/// The wasm split tool and the runtime the app links must read the same
/// format: both 0.2 releases, the tool's version named where it is
/// installed from (Cargo.toml's metadata) and in docs/toolchain.md, the
/// runtime pinned to the release Leptos itself depends on.
#[test]
fn the_split_tool_and_its_runtime_agree() {
    let cargo = read("Cargo.toml");
    let metadata = cargo
        .split("[package.metadata.wasm-split]")
        .nth(1)
        .expect("Cargo.toml has [package.metadata.wasm-split]");
    let tool = toml_value(metadata, "version").expect("the split tool's version");
    let runtime =
        toml_value(&cargo, "wasm_split_helpers").expect("Cargo.toml names wasm_split_helpers");
    let runtime = runtime
        .strip_prefix('=')
        .expect("wasm_split_helpers pinned with `=`");
    assert_eq!(
        lock_version(&read("Cargo.lock"), "wasm_split_helpers").as_deref(),
        Some(runtime),
        "Cargo.lock's wasm_split_helpers"
    );
    let minor = |v: &str| v.split('.').take(2).collect::<Vec<_>>().join(".");
    assert_eq!(
        minor(&tool),
        minor(runtime),
        "tool {tool}, runtime {runtime}"
    );
    let docs = read("docs/toolchain.md");
    assert!(
        docs.contains(&format!("`wasm_split_cli_support` {tool}")),
        "docs/toolchain.md names the tool's {tool}"
    );
    assert!(
        docs.contains(&format!("`wasm_split_helpers` ={runtime}")),
        "docs/toolchain.md names the runtime's {runtime}"
    );
}
