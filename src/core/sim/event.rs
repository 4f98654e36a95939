//! What a run reports: each [`Event`] in time order, and the figures of
//! the run so far ([`Outcome`]).

/// Something that happened in a run, in time order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Event {
    /// When it happened, ms from the start.
    pub time_ms: f64,
    /// Which client it concerns, from 0.
    pub client: u32,
    /// What happened.
    pub kind: EventKind,
}

/// The kinds of [`Event`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EventKind {
    /// The server read the row for the client, at this version.
    Read {
        /// The row's version, which the client will write with.
        version: u64,
    },
    /// The read's reply reached the client, which sends its write.
    ReadReply,
    /// The server received a write: one call.
    Write {
        /// Whether the version still matched, so the row was updated.
        success: bool,
    },
    /// The client learned its write succeeded; it is done.
    Done,
    /// The client learned its write failed and will read again after a
    /// network hop plus `backoff_ms`.
    Retry {
        /// This retry's number, from 1.
        retry: u32,
        /// The sleep drawn for it, ms.
        backoff_ms: f64,
    },
    /// The client learned its write failed and has no retries left.
    GaveUp,
}

/// The figures of one finished (or partly run) run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Writes the server received.
    pub calls: u64,
    /// When the last event so far happened, ms.
    pub time_ms: f64,
    /// Clients whose write succeeded.
    pub succeeded: u32,
    /// Clients that ran out of retries.
    pub gave_up: u32,
    /// The row's version: the number of successful writes.
    pub version: u64,
}
