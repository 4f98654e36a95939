//! Bindings that share one closure type per source and value type.
//!
//! Leptos compiles its rendering code once per closure type, and every
//! `move || …` written in a view is a type of its own. A binding made here
//! is the same type wherever it is used (it differs only in the plain
//! function it calls), so that code is compiled once per source and value
//! type.

use leptos::prelude::*;

use crate::core::schedule::Schedule;
use crate::ui::state::use_derived;

/// A binding that reads `source` through `f`.
pub fn bind<S, R>(source: S, f: fn(&S::Value) -> R) -> impl Fn() -> R + Copy + Send + Sync + 'static
where
    S: With + Copy + Send + Sync + 'static,
    R: 'static,
{
    move || source.with(f)
}

/// A binding computed from the schedule by `f`.
pub fn sched<R: 'static>(f: fn(&Schedule) -> R) -> impl Fn() -> R + Copy + Send + Sync + 'static {
    bind(use_derived().schedule, f)
}
