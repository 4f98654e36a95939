//! A server's `Retry-After` wait applied to one retry of the schedule: what
//! becomes of it under the current inputs. The schedule and the note beside
//! the Retry-After tester both read [`ServerWait::decide`], so they never
//! disagree.

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
    /// Not in the schedule: Honor Retry-After is off, so the code would not
    /// read the header either.
    NotHonored,
}

impl ServerWait {
    /// Decides for a header's wait of `wait_ms` applied at `retry`, with
    /// `max_retries` in the policy, Honor Retry-After `honor` and the
    /// Retry-After maximum `retry_after_max_ms`.
    pub fn decide(
        retry: u32,
        wait_ms: u64,
        max_retries: u32,
        honor: bool,
        retry_after_max_ms: u64,
    ) -> ServerWait {
        if !honor {
            ServerWait::NotHonored
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
            ServerWait::NotHonored => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ServerWait;

    #[test]
    fn applied_within_the_retries_and_clamped_to_the_maximum() {
        assert_eq!(
            ServerWait::decide(2, 120_000, 5, true, 600_000),
            ServerWait::Applied {
                retry: 2,
                wait_ms: 120_000,
                clamped: false
            }
        );
        assert_eq!(
            ServerWait::decide(5, 120_000, 5, true, 30_000),
            ServerWait::Applied {
                retry: 5,
                wait_ms: 30_000,
                clamped: true
            }
        );
    }

    #[test]
    fn the_fit_counts_a_wait_beyond_the_retries_but_not_one_not_honored() {
        let beyond = ServerWait::decide(6, 90_000, 5, true, 60_000);
        assert_eq!(beyond.counted(), Some((6, 60_000)));
        assert_eq!(
            ServerWait::decide(6, 90_000, 5, false, 60_000).counted(),
            None
        );
    }

    #[test]
    fn left_out_past_the_retries_or_when_not_honored() {
        assert_eq!(
            ServerWait::decide(6, 1_000, 5, true, 600_000),
            ServerWait::BeyondRetries {
                retry: 6,
                wait_ms: 1_000
            }
        );
        // Honor comes first: off, nothing is applied wherever it lands.
        assert_eq!(
            ServerWait::decide(6, 1_000, 5, false, 600_000),
            ServerWait::NotHonored
        );
    }
}
