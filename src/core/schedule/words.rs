//! A schedule and a policy in the page's words: the sentence under the
//! tiles and the notes on the edge cases a policy runs into.

use super::Schedule;
use crate::core::format;
use crate::core::policy::{CapOrder, Jitter, Policy};

/// The sentence under the tiles, for example
/// "This sample waits 26.1 s in total over 6 attempts; expected total 15.5 s."
pub fn summary_sentence(schedule: &Schedule) -> String {
    let attempts = match schedule.attempts {
        1 => "1 attempt".to_string(),
        n => format!("{} attempts", format::thousands(n)),
    };
    let expected = if schedule.expected_is_simulated {
        "simulated expected total"
    } else {
        "expected total"
    };
    format!(
        "This sample waits {} in total over {attempts}; {expected} {}.",
        format::total(schedule.total_ms),
        format::total(schedule.expected_total_ms),
    )
}

/// The result in a line, for the bar that keeps it in view on a phone
/// while the inputs change: "23.5 s this sample, 31.0 s worst case, 6 attempts".
pub fn glance(schedule: &Schedule) -> String {
    format!(
        "{} this sample, {} worst case, {} attempts",
        format::total(schedule.total_ms),
        format::total(schedule.range_max_ms),
        format::thousands(schedule.attempts),
    )
}

/// Plain notes for the edge cases a policy runs into, in the page's words.
pub fn edge_notes(policy: &Policy) -> Vec<&'static str> {
    let mut notes = Vec::new();
    if policy.max_retries == 0 {
        notes.push("With 0 retries there is one attempt and nothing to wait for.");
    }
    if policy.cap_ms == 0 {
        notes.push("A max delay of 0 means every retry fires at once: no backoff at all.");
    } else if policy.base_ms == 0 {
        notes.push(
            "A base delay of 0 stays 0 however it is multiplied, so retries fire back to back. \
             Decorrelated jitter also stays at 0.",
        );
    } else if policy.base_ms > policy.cap_ms {
        notes.push(
            "The base delay is above the max delay, so the cap wins from retry 1: \
             every backoff is the max delay.",
        );
    }
    if policy.multiplier == 1.0 && policy.base_ms > 0 && policy.jitter != Jitter::Decorrelated {
        notes.push("A multiplier of 1 keeps the backoff constant at the base delay.");
    }
    if policy.jitter == Jitter::Decorrelated {
        notes.push(
            "Decorrelated jitter ignores the multiplier: each sleep is drawn between the base \
             and three times the previous sleep.",
        );
    }
    if policy.jitter == Jitter::Proportional
        && policy.proportional.cap == CapOrder::Before
        && policy.proportional.hi > 1.0
    {
        notes.push(
            "With the cap applied before a factor above 1, a sleep can exceed the max delay.",
        );
    }
    notes
}
