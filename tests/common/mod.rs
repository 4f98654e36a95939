//! Shared by the test files that include it with `mod common;` (and by
//! the examples, through `#[path]`).

pub mod modes;
