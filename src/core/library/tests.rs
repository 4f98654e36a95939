//! The helpers in `mod.rs` ([`ranges`]), natively.

use super::*;

fn row(retry: u32, min_ms: f64, max_ms: f64) -> Row {
    Row {
        retry,
        min_ms,
        max_ms,
        expected_ms: (min_ms + max_ms) / 2.0,
        simulated: false,
        reach: 1.0,
    }
}

/// Each row's bounds, in the rows' order, and nothing else: not the
/// mean, not the trailing sleep.
#[test]
fn ranges_are_the_rows_bounds_in_order() {
    let s = Schedule {
        rows: vec![
            row(1, 0.0, 100.0),
            row(2, 50.0, 200.0),
            row(3, 400.0, 400.0),
        ],
        budget: None,
        trailing: Some(Bounds {
            min_ms: 1.0,
            max_ms: 2.0,
            expected_ms: None,
        }),
        totals: None,
    };
    assert_eq!(
        ranges(&s),
        vec![(0.0, 100.0), (50.0, 200.0), (400.0, 400.0)]
    );
    assert_eq!(ranges(&Schedule { rows: vec![], ..s }), vec![]);
}
