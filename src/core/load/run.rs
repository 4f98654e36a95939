//! One load run, event by event.
//!
//! The server is one first-come-first-served queue that serves a call
//! every `1 / capacity` s, and serves nothing during an outage. Since it
//! serves in order at a known pace, an attempt's completion time is known
//! the moment it is sent: the run needs events only on the clients' side
//! (a first try arrives, a retry is sent, an attempt's outcome arrives).
//! An attempt succeeds if the server finishes it within the attempt
//! timeout; otherwise the client sees a timeout then, while the server
//! still serves the call later (it cannot know the client gave up): that
//! is wasted work.

use std::collections::BinaryHeap;

use super::budget::{Failure, Tokens};
use super::config::{LoadConfig, TriggerKind};
use super::random::Stream;
use super::retries::{Retries, Waits};
use super::series::Series;
use crate::core::due::Due;

/// What an event does.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// The next first try of some client arrives.
    Arrival,
    /// A retry is sent after its backoff.
    Retry,
    /// An attempt succeeded (the server finished it in time).
    Success,
    /// An attempt timed out.
    Timeout,
}

/// One call in flight: what its next event needs.
#[derive(Clone, Copy, Debug)]
struct Call {
    client: u32,
    /// 0 for the first try, `k` for retry `k`.
    attempt: u32,
    /// The uncapped backoff of the next retry, s.
    raw: f64,
    /// The last decorrelated sleep, s.
    prev: f64,
    /// What the last retry took from an AWS quota.
    cost: Option<u32>,
}

/// One run in progress; [`step`](Run::step) advances it a number of
/// events at a time, so the page can run it in slices.
#[derive(Clone, Debug)]
pub struct Run {
    config: LoadConfig,
    waits: Waits,
    rng: Stream,
    /// What happens next, and to which call.
    queue: BinaryHeap<Due<(Kind, Call)>>,
    seq: u64,
    clients: Vec<Tokens>,
    /// When the server is next free, s.
    free_at: f64,
    /// The run's figures, second by second.
    series: Series,
    events: u64,
    done: bool,
    /// Whether the series has its queue counted.
    closed: bool,
}

impl Run {
    /// A run of `config` (checked by the caller) drawing from the stream
    /// `salt` of its seed, its clients retrying by the page's policy.
    pub fn new(config: LoadConfig, salt: u64) -> Run {
        Run::with_retries(config, salt, &Retries::Policy)
    }

    /// The same, its clients retrying as `retries` says.
    pub fn with_retries(config: LoadConfig, salt: u64, retries: &Retries) -> Run {
        let mut run = Run {
            config,
            waits: Waits::new(&config, retries),
            rng: Stream::new(config.seed, salt),
            queue: BinaryHeap::new(),
            seq: 0,
            clients: vec![Tokens::new(config.budget); config.clients as usize],
            free_at: 0.0,
            series: Series::new(config.duration_s as usize),
            events: 0,
            done: false,
            closed: false,
        };
        let first = run.next_arrival(0.0);
        let call = run.new_call(0);
        run.push(first, Kind::Arrival, call);
        run
    }

    /// Its configuration.
    pub fn config(&self) -> &LoadConfig {
        &self.config
    }

    /// Events handled so far.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// Whether the run has reached its end.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Handles up to `max` events; returns whether the run is done.
    pub fn step(&mut self, max: u64) -> bool {
        let end = self.config.duration_s as f64;
        for _ in 0..max {
            let Some(e) = self.queue.pop() else {
                self.done = true;
                break;
            };
            if e.time >= end {
                self.done = true;
                break;
            }
            self.events += 1;
            self.handle(e);
        }
        if self.done && !self.closed {
            self.closed = true;
            self.series.close();
        }
        self.done
    }

    /// Runs to the end.
    pub fn finish(mut self) -> Series {
        while !self.step(u64::MAX) {}
        self.series
    }

    /// The figures so far (complete once [`is_done`](Self::is_done)).
    pub fn series(&self) -> &Series {
        &self.series
    }

    /// Takes the figures.
    pub fn into_series(self) -> Series {
        self.series
    }

    fn new_call(&self, client: u32) -> Call {
        Call {
            client,
            attempt: 0,
            raw: self.waits.base(),
            prev: self.waits.base(),
            cost: None,
        }
    }

    fn push(&mut self, time: f64, kind: Kind, call: Call) {
        self.seq += 1;
        self.queue.push(Due {
            time,
            seq: self.seq,
            what: (kind, call),
        });
    }

    /// First tries per second at `t`.
    fn rate_at(&self, t: f64) -> f64 {
        let tr = &self.config.trigger;
        if tr.kind == TriggerKind::Spike && t >= tr.at_s && t < tr.end_s() {
            self.config.rate * (1.0 + tr.spike_percent / 100.0)
        } else {
            self.config.rate
        }
    }

    /// The next arrival after `t` of a Poisson stream whose rate changes
    /// only at the spike's edges: an arrival drawn past an edge is drawn
    /// again from the edge (the stream has no memory).
    fn next_arrival(&mut self, mut t: f64) -> f64 {
        let tr = self.config.trigger;
        loop {
            let rate = self.rate_at(t);
            let gap = -(1.0 - self.rng.unit()).ln() / rate;
            let next = t + gap;
            let edge = if tr.kind != TriggerKind::Spike {
                f64::INFINITY
            } else if t < tr.at_s {
                tr.at_s
            } else if t < tr.end_s() {
                tr.end_s()
            } else {
                f64::INFINITY
            };
            if next < edge {
                return next;
            }
            t = edge;
        }
    }

    fn handle(&mut self, e: Due<(Kind, Call)>) {
        let (t, (kind, call)) = (e.time, e.what);
        match kind {
            Kind::Arrival => {
                let n = self.config.clients;
                let client = ((self.rng.unit() * n as f64) as u32).min(n - 1);
                self.clients[client as usize].on_call(t);
                let call = self.new_call(client);
                self.send(t, call);
                let next = self.next_arrival(t);
                self.push(next, Kind::Arrival, call);
            }
            Kind::Retry => self.send(t, call),
            Kind::Success => {
                let c = call;
                self.series.success(t);
                let retry = c.attempt > 0;
                self.clients[c.client as usize].on_success(t, retry, c.cost);
            }
            Kind::Timeout => {
                let mut c = call;
                self.series.timeout(t);
                let wants = self.waits.wants(c.client, c.attempt);
                let retry = c.attempt > 0;
                let tokens = &mut self.clients[c.client as usize];
                match tokens.on_failure(t, retry, Failure::Timeout, wants) {
                    Some(cost) => {
                        c.attempt += 1;
                        c.cost = Some(cost);
                        let sleep = self.waits.sleep(
                            c.client,
                            c.attempt,
                            &mut c.raw,
                            &mut c.prev,
                            &mut self.rng,
                        );
                        self.push(t + sleep, Kind::Retry, c);
                    }
                    None => {
                        if wants {
                            self.series.refused(t);
                        } else {
                            self.series.gave_up(t);
                        }
                    }
                }
            }
        }
    }

    /// Sends an attempt at `t`: the server queues it, and its outcome is
    /// known at once.
    fn send(&mut self, t: f64, call: Call) {
        self.clients[call.client as usize].on_send();
        let tr = self.config.trigger;
        let mut start = t.max(self.free_at);
        if tr.kind == TriggerKind::Outage && start >= tr.at_s && start < tr.end_s() {
            start = tr.end_s();
        }
        let done = start + 1.0 / self.config.capacity;
        self.free_at = done;
        let timeout = self.config.timeout_ms / 1000.0;
        let ok = done - t <= timeout;
        self.series.sent(t, call.attempt > 0, done, done - t, ok);
        if ok {
            self.push(done, Kind::Success, call);
        } else {
            self.push(t + timeout, Kind::Timeout, call);
        }
    }
}
