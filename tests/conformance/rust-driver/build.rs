//! Test code: makes every generated Rust snippet a module of this driver, so
//! they all compile in one build that cargo caches in this crate's target dir.
//!
//! `SNIPPETS_DIR` is the dump_snippets output; each `$SNIPPETS_DIR/rs/*.rs`
//! becomes `mod vN` (included exactly as written, through `#[path]`) and an
//! arm of `run_variant`, keyed by its file stem such as `full-honor`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    println!("cargo:rerun-if-env-changed=SNIPPETS_DIR");
    let mut snippets: Vec<PathBuf> = Vec::new();
    if let Ok(dir) = env::var("SNIPPETS_DIR") {
        let dir = Path::new(&dir).join("rs");
        println!("cargo:rerun-if-changed={}", dir.display());
        for entry in fs::read_dir(&dir).expect("SNIPPETS_DIR/rs should exist") {
            let path = entry.expect("readable directory").path();
            if path.extension().is_some_and(|e| e == "rs") {
                println!("cargo:rerun-if-changed={}", path.display());
                snippets.push(path);
            }
        }
    }
    snippets.sort();
    let mut code = String::new();
    for (i, path) in snippets.iter().enumerate() {
        let _ = writeln!(
            code,
            "#[path = {:?}]\nmod v{i};",
            path.display().to_string()
        );
    }
    code.push_str(
        "\n/// Runs `variant` once; `None` when no snippet has that name.\n\
         async fn run_variant(variant: &str, request: &Request) -> Option<String> {\n    \
         Some(match variant {\n",
    );
    for (i, path) in snippets.iter().enumerate() {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("UTF-8 file name");
        let _ = writeln!(code, "        {stem:?} => drive!(v{i}, request),");
    }
    code.push_str("        _ => return None,\n    })\n}\n");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("variants.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
