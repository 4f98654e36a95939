//! One run of the model, event by event: the clients, the row, the network
//! and the event queue.
//!
//! Each client has exactly one message in flight until it is done, so the
//! queue holds one entry per active client (a time, a tie-breaking sequence
//! number and the client's index) and the client's own state says what the
//! message will do. Handling an event rewrites the queue's top entry in
//! place, one sift per event, and allocates nothing.

use std::collections::binary_heap::{BinaryHeap, PeekMut};
use std::sync::Arc;

use super::event::{Event, EventKind, Outcome};
use super::random::{stream_seed, Draws};
use super::rule::Rule;
use super::{ClientSleeps, Mode, SimConfig};
use crate::core::due::Due;
use crate::core::policy::Policy;

/// What a client's one message in flight will do when it arrives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// A read reaches the server.
    Read,
    /// The read's reply reaches the client.
    ReadReply,
    /// A write reaches the server.
    Write,
    /// The write's reply reaches the client.
    WriteReply,
}

/// One client's state. Each client has exactly one message in flight until
/// it is done, so its next event lives here and the queue holds only times.
#[derive(Clone, Copy, Debug)]
pub(super) struct Client {
    pending: Pending,
    /// The version its last read returned.
    version: u64,
    /// Whether its last write succeeded.
    wrote: bool,
    /// Failed writes so far.
    retries: u32,
    /// It gives up when its write fails after this many retries.
    limit: u32,
    /// Its sleeps, in the library's mode: its sequence's place in the
    /// pool.
    sleeps: u32,
    /// Uncapped backoff of its next retry.
    pub(super) raw: f64,
    /// Its last decorrelated sleep.
    pub(super) prev: f64,
}

/// One simulated run, stepped event by event. As an [`Iterator`] it yields
/// every [`Event`] in time order and ends when every client is done.
#[derive(Clone, Debug)]
pub struct Run {
    rule: Rule,
    mode: Mode,
    /// The library's clients' sleeps, for [`Mode::Library`].
    library: Option<Arc<ClientSleeps>>,
    /// How many clients the run started with.
    count: u32,
    draws: Draws,
    clients: Vec<Client>,
    /// When each active client's message arrives: its index.
    queue: BinaryHeap<Due<u32>>,
    seq: u64,
    version: u64,
    now: f64,
    calls: u64,
    succeeded: u32,
    gave_up: u32,
}

impl Run {
    /// Run number `run` (from 0) of `mode` with `clients` clients, drawing
    /// from [`stream_seed`]`(seed, mode, clients, run)`. `policy` matters
    /// only for [`Mode::Policy`].
    pub fn new(mode: Mode, clients: u32, policy: &Policy, seed: u64, run: u32) -> Run {
        Run::of(mode, clients, policy, None, seed, run)
    }

    /// Run number `run` of `mode` with `clients` clients as `config`
    /// simulates it: its policy, its library's sleeps and its seed.
    pub fn of_config(mode: Mode, clients: u32, config: &SimConfig, run: u32) -> Run {
        let library = config.library.clone();
        Run::of(mode, clients, &config.policy, library, config.seed, run)
    }

    fn of(
        mode: Mode,
        clients: u32,
        policy: &Policy,
        library: Option<Arc<ClientSleeps>>,
        seed: u64,
        run: u32,
    ) -> Run {
        let mut this = Run {
            rule: Rule::new(mode, policy),
            mode,
            library: None,
            count: 0,
            draws: Draws::new(0),
            clients: Vec::new(),
            queue: BinaryHeap::new(),
            seq: 0,
            version: 0,
            now: 0.0,
            calls: 0,
            succeeded: 0,
            gave_up: 0,
        };
        this.restart(mode, clients, policy, library, seed, run);
        this
    }

    /// Starts over as [`Run::new`] would, keeping the allocations.
    pub(super) fn restart(
        &mut self,
        mode: Mode,
        clients: u32,
        policy: &Policy,
        library: Option<Arc<ClientSleeps>>,
        seed: u64,
        run: u32,
    ) {
        self.rule = Rule::new(mode, policy);
        self.mode = mode;
        self.library = library.filter(|_| mode == Mode::Library);
        self.count = clients;
        self.draws = Draws::new(stream_seed(seed, mode, clients, run));
        self.clients.clear();
        self.queue.clear();
        self.version = 0;
        self.now = 0.0;
        self.calls = 0;
        self.succeeded = 0;
        self.gave_up = 0;
        for id in 0..clients {
            // A library's client stops where its sequence does; without
            // one (no pool given), it gives up at its first failure.
            let limit = match (mode, &self.library) {
                (Mode::Library, Some(l)) => l.of(clients, id, run).map_or(0, |s| s.len() as u32),
                (Mode::Library, None) => 0,
                _ => self.rule.max_retries,
            };
            self.clients.push(Client {
                pending: Pending::Read,
                version: 0,
                wrote: false,
                retries: 0,
                limit,
                sleeps: run,
                raw: self.rule.first,
                prev: self.rule.base,
            });
            // Every client sends its first read at time 0.
            let time = self.draws.hop();
            self.queue.push(Due {
                time,
                seq: id as u64,
                what: id,
            });
        }
        self.seq = clients as u64;
    }

    /// True once every client has succeeded or given up.
    pub fn is_finished(&self) -> bool {
        self.queue.is_empty()
    }

    /// The figures so far; final once [`Run::is_finished`].
    pub fn outcome(&self) -> Outcome {
        Outcome {
            calls: self.calls,
            time_ms: self.now,
            succeeded: self.succeeded,
            gave_up: self.gave_up,
            version: self.version,
        }
    }

    /// Runs to the end and returns the final figures.
    pub fn finish(&mut self) -> Outcome {
        while self.next().is_some() {}
        self.outcome()
    }
}

impl Iterator for Run {
    type Item = Event;

    /// Handles the earliest message in flight and schedules the client's
    /// next one in its place (one sift of the heap per event).
    fn next(&mut self) -> Option<Event> {
        let mut due = self.queue.peek_mut()?;
        let now = due.time;
        self.now = now;
        let client = &mut self.clients[due.what as usize];
        let (kind, next) = match client.pending {
            Pending::Read => {
                client.version = self.version;
                client.pending = Pending::ReadReply;
                let version = self.version;
                (EventKind::Read { version }, Some(now + self.draws.hop()))
            }
            Pending::ReadReply => {
                client.pending = Pending::Write;
                (EventKind::ReadReply, Some(now + self.draws.hop()))
            }
            Pending::Write => {
                self.calls += 1;
                let success = client.version == self.version;
                if success {
                    self.version += 1;
                }
                client.wrote = success;
                client.pending = Pending::WriteReply;
                (EventKind::Write { success }, Some(now + self.draws.hop()))
            }
            Pending::WriteReply if client.wrote => {
                self.succeeded += 1;
                (EventKind::Done, None)
            }
            Pending::WriteReply => {
                client.retries = client.retries.saturating_add(1);
                if client.retries > client.limit {
                    self.gave_up += 1;
                    (EventKind::GaveUp, None)
                } else {
                    let hop = self.draws.hop();
                    let backoff_ms = match (&self.library, self.mode) {
                        (Some(l), Mode::Library) => l
                            .of(self.count, due.what, client.sleeps)
                            .and_then(|s| s.get(client.retries as usize - 1))
                            .copied()
                            .unwrap_or(0.0),
                        _ => self.rule.sleep(client, &mut self.draws),
                    };
                    client.pending = Pending::Read;
                    let retry = client.retries;
                    (
                        EventKind::Retry { retry, backoff_ms },
                        Some(now + hop + backoff_ms),
                    )
                }
            }
        };
        let event = Event {
            time_ms: now,
            client: due.what,
            kind,
        };
        match next {
            Some(time) => {
                due.time = time;
                due.seq = self.seq;
                self.seq += 1;
            }
            None => {
                PeekMut::pop(due);
            }
        }
        Some(event)
    }
}
