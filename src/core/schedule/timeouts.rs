//! The deadline with the attempts' own time counted: the generated code
//! bounds each attempt by the attempt timeout, so in the worst case every
//! attempt runs to it, and the waits come on top.

use super::Schedule;
use crate::core::format;

/// A schedule held against the caller's deadline with every attempt
/// running to its timeout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeoutCheck {
    /// The deadline, ms.
    pub deadline_ms: u64,
    /// Each attempt's timeout, ms.
    pub timeout_ms: u64,
    /// Every attempt the schedule makes.
    pub attempts: u64,
    /// The worst case: every attempt running to its timeout, and every
    /// wait at its maximum, ms.
    pub worst_ms: f64,
    /// How many attempts run to their timeout, with the longest waits
    /// between them, before the deadline (the code cuts the next one short
    /// at the deadline).
    pub attempts_fit: u64,
}

impl TimeoutCheck {
    /// Whether the whole worst case fits the deadline.
    pub fn fits(&self) -> bool {
        self.worst_ms <= self.deadline_ms as f64
    }

    /// One plain sentence for the page.
    pub fn sentence(&self) -> String {
        let attempts = |n: u64| match n {
            1 => "1 attempt".to_string(),
            n => format!("{} attempts", format::thousands(n)),
        };
        let head = format!(
            "With every attempt running to its {} timeout, the worst case is {} \
             ({} and the longest waits)",
            format::total(self.timeout_ms as f64),
            format::total(self.worst_ms),
            attempts(self.attempts),
        );
        let deadline = format::total(self.deadline_ms as f64);
        if self.fits() {
            format!("{head}: it fits the {deadline} deadline.")
        } else if self.attempts_fit == 0 {
            format!(
                "{head}: past the {deadline} deadline, which cuts even the first attempt short."
            )
        } else {
            format!(
                "{head}: past the {deadline} deadline, which leaves time for {} in full.",
                attempts(self.attempts_fit)
            )
        }
    }
}

impl Schedule {
    /// The schedule against `deadline_ms` with every attempt running to
    /// `timeout_ms`.
    pub fn with_attempt_timeouts(&self, deadline_ms: u64, timeout_ms: u64) -> TimeoutCheck {
        let (deadline, timeout) = (deadline_ms as f64, timeout_ms as f64);
        let attempts = self.rows.len() as u64 + 1;
        // Attempt k ends after k timeouts and the k - 1 longest waits.
        let waits_before = |k: usize| match k {
            0 => 0.0,
            k => self.rows[k - 1].worst_cumulative_ms,
        };
        let attempts_fit = (0..attempts as usize)
            .take_while(|&k| (k as f64 + 1.0) * timeout + waits_before(k) <= deadline)
            .count() as u64;
        TimeoutCheck {
            deadline_ms,
            timeout_ms,
            attempts,
            worst_ms: attempts as f64 * timeout + self.range_max_ms,
            attempts_fit,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::policy::{Jitter, Policy};
    use crate::core::schedule::schedule;

    /// No jitter: waits of 1, 2, 4, 8, 16 s (31 s in all), 6 attempts.
    fn plain() -> crate::core::schedule::Schedule {
        let policy = Policy {
            jitter: Jitter::None,
            ..Policy::default()
        };
        schedule(&policy, 1)
    }

    #[test]
    fn the_worst_case_adds_every_attempts_timeout_to_the_waits() {
        let check = plain().with_attempt_timeouts(30_000, 10_000);
        assert_eq!(check.attempts, 6);
        assert_eq!(check.worst_ms, 6.0 * 10_000.0 + 31_000.0);
        assert!(!check.fits());
        // 10 s, then 1 s and 10 s (21 s); a third would end at 33 s.
        assert_eq!(check.attempts_fit, 2);
        assert_eq!(
            check.sentence(),
            "With every attempt running to its 10.0 s timeout, the worst case is 91.0 s \
             (6 attempts and the longest waits): past the 30.0 s deadline, which leaves time \
             for 2 attempts in full."
        );
    }

    #[test]
    fn a_deadline_that_holds_everything_says_it_fits() {
        let check = plain().with_attempt_timeouts(200_000, 10_000);
        assert!(check.fits());
        assert_eq!(check.attempts_fit, 6);
        assert!(
            check.sentence().ends_with("it fits the 200 s deadline."),
            "{}",
            check.sentence()
        );
    }

    #[test]
    fn a_timeout_past_the_deadline_leaves_no_attempt_in_full() {
        let check = plain().with_attempt_timeouts(5_000, 10_000);
        assert_eq!(check.attempts_fit, 0);
        assert!(check
            .sentence()
            .ends_with("cuts even the first attempt short."));
    }
}
