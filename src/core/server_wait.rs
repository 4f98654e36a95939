//! A server's `Retry-After` wait applied to one retry of the schedule: what
//! becomes of it under the current inputs. The schedule and the note beside
//! the Retry-After tester both read [`ServerWait::decide`], so they never
//! disagree. A wait of 0 (`Retry-After: 0`, or a date already past) asks
//! for no wait at all; the generated code then keeps its computed backoff,
//! so a server cannot take the backoff away, and the schedule does the same.

/// What becomes of an applied server wait under the current inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServerWait {
    /// In the schedule at `retry`, as `wait_ms` (clamped when the
    /// Retry-After maximum is below the header's wait).
    Applied {
        /// The retry it replaces.
        retry: u32,
        /// The wait the schedule uses.
        wait_ms: u64,
        /// True when the maximum cut the header's wait down.
        clamped: bool,
    },
    /// Not in the schedule: the policy has fewer retries. What it would
    /// be, should the retries grow to reach it.
    BeyondRetries {
        /// The retry it would replace.
        retry: u32,
        /// The wait, clamped to the Retry-After maximum.
        wait_ms: u64,
    },
    /// Not in the schedule: the header asks for no wait (0, or a date
    /// already past), so the retry keeps its computed delay, as the code
    /// does.
    FallsBack {
        /// The retry that keeps its computed delay.
        retry: u32,
    },
    /// Not in the schedule: Honor Retry-After is off, so the code would not
    /// read the header either.
    NotHonored,
}

/// How a client reads a server's wait: the page's `Honor Retry-After` and
/// `Max Retry-After (ms)`, or a library's own rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reads {
    /// Whether the header is read at all.
    pub honor: bool,
    /// The longest wait accepted, ms (`u64::MAX` when nothing bounds it).
    pub max_ms: u64,
    /// Whether a wait of 0 (or a past date) falls back to the backoff.
    pub zero_falls_back: bool,
}

impl Reads {
    /// The generated code's terms: a zero wait always falls back.
    pub fn code(honor: bool, max_ms: u64) -> Reads {
        Reads {
            honor,
            max_ms,
            zero_falls_back: true,
        }
    }
}

impl ServerWait {
    /// Decides for a header's wait of `wait_ms` applied at `retry`, with
    /// `max_retries` in the policy, read on the terms `reads`.
    pub fn decide(retry: u32, wait_ms: u64, max_retries: u32, reads: Reads) -> ServerWait {
        let Reads {
            honor,
            max_ms: retry_after_max_ms,
            zero_falls_back,
        } = reads;
        if !honor {
            ServerWait::NotHonored
        } else if wait_ms == 0 && zero_falls_back {
            ServerWait::FallsBack { retry }
        } else if retry > max_retries {
            ServerWait::BeyondRetries {
                retry,
                wait_ms: wait_ms.min(retry_after_max_ms),
            }
        } else {
            ServerWait::Applied {
                retry,
                wait_ms: wait_ms.min(retry_after_max_ms),
                clamped: wait_ms > retry_after_max_ms,
            }
        }
    }

    /// `(retry, wait_ms)` whenever the code would honour the wait, in the
    /// schedule or beyond its retries: what the deadline fit counts
    /// ([`crate::core::fit::Wait`]), since the retries it suggests may
    /// reach it.
    pub fn counted(self) -> Option<(u32, u64)> {
        match self {
            ServerWait::Applied { retry, wait_ms, .. }
            | ServerWait::BeyondRetries { retry, wait_ms } => Some((retry, wait_ms)),
            ServerWait::FallsBack { .. } | ServerWait::NotHonored => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Reads, ServerWait};

    const CODE: Reads = Reads {
        honor: true,
        max_ms: 600_000,
        zero_falls_back: true,
    };

    fn decide(retry: u32, wait_ms: u64, max_retries: u32, honor: bool, max_ms: u64) -> ServerWait {
        let reads = Reads {
            honor,
            max_ms,
            ..CODE
        };
        ServerWait::decide(retry, wait_ms, max_retries, reads)
    }

    #[test]
    fn applied_within_the_retries_and_clamped_to_the_maximum() {
        assert_eq!(
            decide(2, 120_000, 5, true, 600_000),
            ServerWait::Applied {
                retry: 2,
                wait_ms: 120_000,
                clamped: false
            }
        );
        assert_eq!(
            decide(5, 120_000, 5, true, 30_000),
            ServerWait::Applied {
                retry: 5,
                wait_ms: 30_000,
                clamped: true
            }
        );
    }

    #[test]
    fn the_fit_counts_a_wait_beyond_the_retries_but_not_one_not_honored() {
        let beyond = decide(6, 90_000, 5, true, 60_000);
        assert_eq!(beyond.counted(), Some((6, 60_000)));
        assert_eq!(decide(6, 90_000, 5, false, 60_000).counted(), None);
    }

    #[test]
    fn left_out_past_the_retries_or_when_not_honored() {
        assert_eq!(
            decide(6, 1_000, 5, true, 600_000),
            ServerWait::BeyondRetries {
                retry: 6,
                wait_ms: 1_000
            }
        );
        // Honor comes first: off, nothing is applied wherever it lands.
        assert_eq!(decide(6, 1_000, 5, false, 600_000), ServerWait::NotHonored);
    }

    #[test]
    fn a_zero_wait_keeps_the_computed_delay_unless_the_library_takes_it() {
        assert_eq!(
            ServerWait::decide(1, 0, 5, CODE),
            ServerWait::FallsBack { retry: 1 }
        );
        assert_eq!(ServerWait::decide(1, 0, 5, CODE).counted(), None);
        let literal = Reads {
            zero_falls_back: false,
            ..CODE
        };
        assert_eq!(
            ServerWait::decide(1, 0, 5, literal),
            ServerWait::Applied {
                retry: 1,
                wait_ms: 0,
                clamped: false
            }
        );
        // Off comes first still.
        assert_eq!(decide(1, 0, 5, false, 600_000), ServerWait::NotHonored);
    }
}
