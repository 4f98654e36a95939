//! Bindings to the schedule that all share one closure type.
//!
//! Leptos compiles its rendering code once per closure type, and every
//! `move || …` written in a view is a type of its own. A binding made here
//! is the same type wherever it is used (it differs only in the plain
//! function it calls), so that code is compiled once per value type.

use leptos::prelude::*;

use crate::core::schedule::Schedule;
use crate::ui::state::use_state;

/// A binding computed from the schedule by `f`.
pub fn sched<T: 'static>(f: fn(&Schedule) -> T) -> impl Fn() -> T + Copy + Send + Sync + 'static {
    let schedule = use_state().schedule;
    move || schedule.with(f)
}
