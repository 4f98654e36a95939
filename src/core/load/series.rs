//! A run's figures second by second, and what they say: whether and when
//! the system came back after the trigger, and how much work retries
//! added.

/// Share of the attempts ending in a second that must succeed for that
/// second to count as healthy.
pub const HEALTHY_SHARE: f64 = 0.95;

/// One second of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Second {
    /// First tries sent.
    pub first: u32,
    /// Retries sent.
    pub retries: u32,
    /// Attempts that succeeded (ended in time): the goodput.
    pub ok: u32,
    /// Attempts that timed out.
    pub timeouts: u32,
    /// Retries a budget stopped.
    pub refused: u32,
    /// Calls that failed after their last retry.
    pub gave_up: u32,
    /// Calls the server finished, in time or not.
    pub served: u32,
    /// Of those, calls whose client had already timed out: wasted work.
    pub wasted: u32,
    /// Sum of the time the served calls spent in the server, s.
    pub latency_sum: f64,
    /// Calls in the server (queued or in service) at the second's end.
    pub queue: u64,
}

impl Second {
    /// Mean time in the server of the calls it finished this second, s
    /// (0 when it finished none).
    pub fn latency(&self) -> f64 {
        if self.served == 0 {
            0.0
        } else {
            self.latency_sum / self.served as f64
        }
    }

    /// Attempts sent: first tries and retries.
    pub fn offered(&self) -> u32 {
        self.first + self.retries
    }

    /// Whether at least [`HEALTHY_SHARE`] of the attempts that ended this
    /// second succeeded (and some did end).
    pub fn healthy(&self) -> bool {
        let ended = self.ok + self.timeouts;
        ended > 0 && self.ok as f64 >= HEALTHY_SHARE * ended as f64
    }
}

/// A run's seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// One entry per simulated second.
    pub seconds: Vec<Second>,
    /// Completions per second, to count the queue (internal).
    done_in: Vec<u32>,
}

impl Series {
    /// `n` empty seconds.
    pub fn new(n: usize) -> Series {
        Series {
            seconds: vec![Second::default(); n],
            done_in: vec![0; n],
        }
    }

    fn at(&mut self, t: f64) -> Option<&mut Second> {
        let i = t.floor();
        if i < 0.0 {
            return None;
        }
        self.seconds.get_mut(i as usize)
    }

    /// An attempt sent at `t`, which the server finishes at `done` after
    /// `latency` s, in time (`ok`) or not.
    pub(super) fn sent(&mut self, t: f64, retry: bool, done: f64, latency: f64, ok: bool) {
        if let Some(s) = self.at(t) {
            if retry {
                s.retries += 1;
            } else {
                s.first += 1;
            }
            // Counted as queued until it is served.
            s.queue += 1;
        }
        if let Some(s) = self.at(done) {
            s.served += 1;
            s.wasted += (!ok) as u32;
            s.latency_sum += latency;
            let i = done.floor() as usize;
            self.done_in[i] += 1;
        }
    }

    pub(super) fn success(&mut self, t: f64) {
        if let Some(s) = self.at(t) {
            s.ok += 1;
        }
    }

    pub(super) fn timeout(&mut self, t: f64) {
        if let Some(s) = self.at(t) {
            s.timeouts += 1;
        }
    }

    pub(super) fn refused(&mut self, t: f64) {
        if let Some(s) = self.at(t) {
            s.refused += 1;
        }
    }

    pub(super) fn gave_up(&mut self, t: f64) {
        if let Some(s) = self.at(t) {
            s.gave_up += 1;
        }
    }

    /// Turns the per-second sends and completions into the queue at each
    /// second's end. Called once, when the run is done.
    pub(super) fn close(&mut self) {
        let mut queued: u64 = 0;
        for (s, done) in self.seconds.iter_mut().zip(&self.done_in) {
            // `s.queue` holds the sends of the second until here.
            queued = queued + s.queue - *done as u64;
            s.queue = queued;
        }
    }

    /// What the run says, given the trigger's start and end, s.
    pub fn verdict(&self, start_s: f64, end_s: f64) -> Verdict {
        let n = self.seconds.len();
        // The first second from which every second to the end is healthy.
        let mut from = n;
        while from > 0 && self.seconds[from - 1].healthy() {
            from -= 1;
        }
        let first_bad = self.seconds.iter().position(|s| !s.healthy());
        let recovered_s = if from == n {
            None
        } else if first_bad.is_none() {
            Some(0.0)
        } else {
            Some((from as f64 - end_s).max(0.0))
        };
        let (mut attempts, mut first) = (0u64, 0u64);
        let mut peak: f64 = 1.0;
        let mut peak_at = 0usize;
        for (i, s) in self.seconds.iter().enumerate() {
            attempts += s.offered() as u64;
            first += s.first as u64;
            if (i as f64) + 1.0 > start_s && s.first > 0 {
                let a = s.offered() as f64 / s.first as f64;
                if a > peak {
                    (peak, peak_at) = (a, i);
                }
            }
        }
        Verdict {
            recovered_s,
            peak_amplification: peak,
            peak_at_s: peak_at as u32,
            amplification: if first == 0 {
                1.0
            } else {
                attempts as f64 / first as f64
            },
            ok: self.seconds.iter().map(|s| s.ok as u64).sum(),
            first,
            attempts,
        }
    }
}

/// What a run says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// Seconds from the trigger's end until the system was healthy for
    /// good (0 if it never faltered or came back during the trigger);
    /// `None` if it was still down at the end of the run: metastable.
    pub recovered_s: Option<f64>,
    /// The largest attempts ÷ first tries of any second from the trigger
    /// on.
    pub peak_amplification: f64,
    /// The second of that peak.
    pub peak_at_s: u32,
    /// Attempts ÷ first tries over the whole run.
    pub amplification: f64,
    /// Attempts that succeeded in the run.
    pub ok: u64,
    /// First tries sent in the run.
    pub first: u64,
    /// Attempts sent in the run.
    pub attempts: u64,
}
