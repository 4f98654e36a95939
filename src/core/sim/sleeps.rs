//! A mode given as sleeps rather than as a rule: each client waits what
//! one seeded run of a retry library waits ([`ClientSleeps`]), so a
//! library's own schedule runs in the same fleet model as the study's
//! modes ([`super::Mode::Library`]).
//!
//! The simulation never runs a library model itself: the page draws the
//! sequences (one seeded run each, through the library models' part of
//! the page) and hands them over, so the simulation's code needs nothing
//! of the models.

use super::{stream_seed, Mode};

/// The most sleeps a pool holds in all (8 bytes each), whatever the
/// clients, runs and retries.
pub const MAX_POOL_SLEEPS: usize = 100_000;

/// Per-client sleep sequences: sequence `s` is what one client waits
/// before retries 1, 2, …, every write failing, and a client whose write
/// fails after its sequence's last sleep gives up.
#[derive(Clone, Debug, PartialEq)]
pub struct ClientSleeps {
    /// Who waits so, for the page's words: `urllib3 Retry`.
    pub name: String,
    sequences: Vec<Vec<f64>>,
}

impl ClientSleeps {
    /// The pool `sequences`, each sleep in ms; a sleep that is not a
    /// finite number of ms, or is below 0, is taken as 0.
    pub fn new(name: &str, mut sequences: Vec<Vec<f64>>) -> ClientSleeps {
        for s in sequences.iter_mut().flatten() {
            if !(s.is_finite() && *s > 0.0) {
                *s = 0.0;
            }
        }
        ClientSleeps {
            name: name.to_string(),
            sequences,
        }
    }

    /// The pool for `clients` clients over `runs` runs ([`Self::pool_size`]
    /// sequences, the first one's length standing for the longest), each
    /// sequence `sample(s)`: one seeded run of the library with the seed
    /// `s`, drawn from the sweep's `seed` as every run's stream is. The
    /// pool stops at the first run the library refuses.
    pub fn draw(
        name: &str,
        clients: u32,
        runs: u32,
        seed: u64,
        sample: impl Fn(u64) -> Option<Vec<f64>>,
    ) -> ClientSleeps {
        let seed_of = |i: usize| stream_seed(seed, Mode::Library, clients, i as u32);
        let mut sequences = Vec::new();
        if let Some(first) = sample(seed_of(0)) {
            let n = ClientSleeps::pool_size(clients, runs, first.len());
            sequences.push(first);
            sequences.extend((1..n).map_while(|i| sample(seed_of(i))));
        }
        ClientSleeps::new(name, sequences)
    }

    /// How many sequences to draw for `clients` clients over `runs` runs
    /// when one sequence holds at most `longest` sleeps: one per client
    /// and run, within [`MAX_POOL_SLEEPS`] sleeps, and never fewer than
    /// the clients (so no two clients of one run share one).
    pub fn pool_size(clients: u32, runs: u32, longest: usize) -> usize {
        let wanted = clients as usize * runs as usize;
        let room = MAX_POOL_SLEEPS / longest.max(1);
        wanted.min(room).max(clients as usize)
    }

    /// The sequence of client `client` in run `run` with `clients`
    /// clients: client by client, run after run, round the pool.
    pub(super) fn of(&self, clients: u32, client: u32, run: u32) -> Option<&[f64]> {
        let len = self.sequences.len() as u64;
        if len == 0 {
            return None;
        }
        let i = (u64::from(run) * u64::from(clients) + u64::from(client)) % len;
        Some(&self.sequences[i as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_is_drawn_from_the_seed_and_stops_at_a_refusal() {
        let a = ClientSleeps::draw("x", 4, 3, 9, |s| Some(vec![s as f64]));
        let b = ClientSleeps::draw("x", 4, 3, 9, |s| Some(vec![s as f64]));
        assert_eq!(a, b);
        assert_eq!(a.sequences.len(), 12);
        assert_ne!(a.of(4, 0, 0), a.of(4, 1, 0));
        let refused = ClientSleeps::draw("x", 4, 3, 9, |_| None);
        assert_eq!(refused.of(4, 0, 0), None);
    }

    #[test]
    fn bad_sleeps_are_taken_as_zero_and_an_empty_pool_has_none() {
        let s = ClientSleeps::new("x", vec![vec![f64::NAN, -1.0, f64::INFINITY, 5.0]]);
        assert_eq!(s.of(3, 2, 7), Some(&[0.0, 0.0, 0.0, 5.0][..]));
        assert_eq!(ClientSleeps::new("x", Vec::new()).of(1, 0, 0), None);
    }

    #[test]
    fn the_pool_covers_every_client_of_a_run_within_its_bound() {
        assert_eq!(ClientSleeps::pool_size(50, 100, 10), 5_000);
        assert_eq!(ClientSleeps::pool_size(1_000, 1_000, 200), 1_000);
        assert_eq!(ClientSleeps::pool_size(10, 1_000, 0), 10_000);
        let s = ClientSleeps::new("x", (0..6).map(|i| vec![i as f64]).collect());
        // Run 1's three clients take the next three sequences.
        let firsts: Vec<f64> = (0..3).map(|c| s.of(3, c, 1).unwrap()[0]).collect();
        assert_eq!(firsts, [3.0, 4.0, 5.0]);
    }
}
