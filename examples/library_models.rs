//! Prints, as JSON, what the core's library models say for each parameter
//! set of `tests/libraries/sets.txt`, for the test that runs the real
//! libraries with the same sets and compares.
//!
//! ```text
//! cargo run --quiet --locked --example library_models -- tests/libraries/sets.txt
//! ```
//!
//! ```text
//! [{"id": "urllib3", "set": "defaults",
//!   "rows": [[min_ms, max_ms, expected_ms, reach], …],
//!   "simulated": [false, …],
//!   "budget": {"always": 6, "beyond": 0.0004} or null}, …]
//! ```

use std::fmt::Write;

#[path = "../tests/common/sets.rs"]
mod sets;

use sets::{sets, Set};

fn json_num(x: f64) -> String {
    if x.is_finite() {
        format!("{x}")
    } else {
        "null".to_string()
    }
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "tests/libraries/sets.txt".to_string());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = String::from("[\n");
    let mut first = true;
    for Set {
        id,
        set,
        schedule: s,
        ..
    } in sets(&text, 3)
    {
        let rows: Vec<String> = s
            .rows
            .iter()
            .map(|r| {
                let cells = [r.min_ms, r.max_ms, r.expected_ms, r.reach].map(json_num);
                format!("[{}]", cells.join(", "))
            })
            .collect();
        let simulated: Vec<String> = s.rows.iter().map(|r| r.simulated.to_string()).collect();
        let budget = s.budget.map_or("null".to_string(), |b| {
            format!(
                "{{\"always\": {}, \"beyond\": {}}}",
                b.always,
                json_num(b.beyond)
            )
        });
        if !first {
            out.push_str(",\n");
        }
        first = false;
        let _ = write!(
            out,
            "{{\"id\": \"{id}\", \"set\": \"{set}\", \"rows\": [{}], \"simulated\": [{}], \"budget\": {budget}}}",
            rows.join(", "),
            simulated.join(", "),
        );
    }
    out.push_str("\n]");
    println!("{out}");
}
