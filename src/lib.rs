//! Exponential backoff calculator.
//!
//! [`core`] is the pure engine (policy, schedule, formatting, share link);
//! the `ui` module is the Leptos page on top of it.

pub mod core;
mod ui;

pub use ui::app::{mount_main, App};
pub use ui::extras::mount_extras;
