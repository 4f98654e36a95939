//! Exponential backoff calculator.
//!
//! [`core`] is the pure engine (policy, schedule, formatting, share link,
//! Retry-After reader, code writers); the `ui` module is the one Leptos app
//! on top of it.

pub mod core;
mod ui;

pub use ui::app::{mount, App};
