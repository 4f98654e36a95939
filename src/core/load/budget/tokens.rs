//! One client's budget state and its token arithmetic, budget by budget.

use super::{Budget, Failure};

/// How far below a whole token the bucket still counts one.
pub const BUCKET_SLACK: f64 = 1e-9;

/// Finagle's `WindowedAdder`: ten slices over the ttl.
const FINAGLE_SLICES: usize = 10;

/// Finagle's scale: a deposit is 1,000, a retry `1,000 / percentCanRetry`.
const FINAGLE_SCALE: f64 = 1000.0;

/// One client's budget state.
#[derive(Clone, Debug)]
pub struct Tokens {
    budget: Budget,
    /// Tokens (AWS, gRPC, bucket).
    level: f64,
    /// Attempts in flight (Envoy's active requests).
    in_flight: u32,
    /// Retries holding Envoy's retry resource.
    retries_held: u32,
    /// Finagle's slices: (slice index, deposits less withdrawals).
    slices: [(i64, i64); FINAGLE_SLICES],
    /// The breaker's last outcomes, one bit each (1 = failed), and how
    /// many it holds.
    outcomes: u64,
    seen: u32,
    /// Until when the breaker is open.
    open_until: f64,
}

impl Tokens {
    /// A client's budget, full.
    pub fn new(budget: Budget) -> Tokens {
        let level = match budget {
            Budget::Aws { capacity, .. } => capacity as f64,
            Budget::Grpc { max_tokens, .. } => max_tokens,
            Budget::Bucket { size, .. } => size,
            _ => 0.0,
        };
        Tokens {
            budget,
            level,
            in_flight: 0,
            retries_held: 0,
            slices: [(i64::MIN, 0); FINAGLE_SLICES],
            outcomes: 0,
            seen: 0,
            open_until: f64::NEG_INFINITY,
        }
    }

    /// The tokens left (AWS, gRPC, bucket), Finagle's balance in retries,
    /// or Envoy's retries in flight.
    pub fn level(&self, now: f64) -> f64 {
        match self.budget {
            Budget::Finagle {
                ttl_s,
                min_retries_per_sec,
                percent_can_retry,
            } => {
                let w = withdrawal(percent_can_retry);
                let reserve = min_retries_per_sec as f64 * ttl_s as f64 * w;
                let sum: i64 = self.window_sum(now, ttl_s);
                ((sum as f64 + reserve) / w).floor()
            }
            Budget::Envoy { .. } | Budget::EnvoyMaxRetries { .. } => self.retries_held as f64,
            _ => self.level,
        }
    }

    /// A new call starts: Finagle deposits.
    pub fn on_call(&mut self, now: f64) {
        if let Budget::Finagle {
            ttl_s,
            percent_can_retry,
            ..
        } = self.budget
        {
            let deposit = if percent_can_retry == 0.0 {
                0
            } else {
                FINAGLE_SCALE as i64
            };
            self.add(now, ttl_s, deposit);
        }
    }

    /// An attempt is sent (Envoy counts active requests).
    pub fn on_send(&mut self) {
        self.in_flight += 1;
    }

    /// An attempt's outcome arrives; `retry` says whether that attempt
    /// was a retry (Envoy releases its retry resource then).
    fn on_outcome(&mut self, retry: bool) {
        self.in_flight = self.in_flight.saturating_sub(1);
        if retry {
            self.retries_held = self.retries_held.saturating_sub(1);
        }
    }

    /// An attempt succeeded: the call is done. `last_cost` is what its
    /// last retry took from an AWS quota (`None` if it had no retry).
    pub fn on_success(&mut self, now: f64, retry: bool, last_cost: Option<u32>) {
        self.on_outcome(retry);
        match self.budget {
            Budget::Aws {
                capacity,
                success_increment,
                ..
            } => {
                let back = last_cost.unwrap_or(success_increment);
                self.level = (self.level + back as f64).min(capacity as f64);
            }
            Budget::Grpc {
                max_tokens,
                token_ratio,
            } => self.level = (self.level + token_ratio).min(max_tokens),
            Budget::Bucket { size, per_success } => {
                self.level = (self.level + per_success).min(size)
            }
            Budget::Breaker { .. } => self.record(now, false),
            _ => {}
        }
    }

    /// An attempt failed with `failure`; `retry` says whether it was a
    /// retry and `wants` whether the policy would retry it (retries
    /// left). Returns `Some(cost)` when the budget lets the retry go
    /// (`cost` is what an AWS quota took, 0 elsewhere), `None` when it
    /// stops it or the policy does not want it.
    pub fn on_failure(
        &mut self,
        now: f64,
        retry: bool,
        failure: Failure,
        wants: bool,
    ) -> Option<u32> {
        self.on_outcome(retry);
        match self.budget {
            Budget::None => wants.then_some(0),
            Budget::Aws {
                retry_cost,
                throttle_cost,
                ..
            } => {
                if !wants {
                    return None;
                }
                let cost = match failure {
                    Failure::Timeout => retry_cost,
                    Failure::Throttled => throttle_cost,
                };
                // botocore: a retry needs the whole cost.
                if (cost as f64) > self.level {
                    return None;
                }
                self.level -= cost as f64;
                Some(cost)
            }
            Budget::Grpc { max_tokens, .. } => {
                // grpc-go takes a token for every failed attempt, before
                // it looks at the attempts left.
                self.level = (self.level - 1.0).max(0.0);
                (wants && self.level > max_tokens / 2.0).then_some(0)
            }
            Budget::Envoy {
                budget_percent,
                min_retry_concurrency,
            } => {
                if !wants {
                    return None;
                }
                let by_share = (budget_percent / 100.0 * self.in_flight as f64) as u64;
                let max = by_share.max(min_retry_concurrency as u64);
                self.hold_retry(max)
            }
            Budget::EnvoyMaxRetries { max_retries } => {
                if !wants {
                    return None;
                }
                self.hold_retry(max_retries as u64)
            }
            Budget::Finagle {
                ttl_s,
                min_retries_per_sec,
                percent_can_retry,
            } => {
                if !wants {
                    return None;
                }
                let w = withdrawal(percent_can_retry);
                let reserve = min_retries_per_sec as f64 * ttl_s as f64 * w;
                let count = self.window_sum(now, ttl_s) as f64 + reserve;
                if count < w {
                    return None;
                }
                self.add(now, ttl_s, -(w as i64));
                Some(0)
            }
            Budget::Bucket { .. } => {
                // A whole token, allowing for the rounding of tenths added
                // up (ten times 0.1 is 0.9999999999999999).
                if !wants || self.level < 1.0 - BUCKET_SLACK {
                    return None;
                }
                self.level -= 1.0;
                Some(0)
            }
            Budget::Breaker { .. } => {
                self.record(now, true);
                (wants && now >= self.open_until).then_some(0)
            }
        }
    }

    /// Envoy: takes the retry resource if fewer than `max` retries hold it.
    fn hold_retry(&mut self, max: u64) -> Option<u32> {
        if (self.retries_held as u64) < max {
            self.retries_held += 1;
            Some(0)
        } else {
            None
        }
    }

    /// The breaker remembers one outcome, and opens when the window is
    /// full and enough of it failed (the window starts again then).
    fn record(&mut self, now: f64, failed: bool) {
        let Budget::Breaker {
            window,
            threshold_percent,
            open_s,
        } = self.budget
        else {
            return;
        };
        let window = window.clamp(1, 64);
        let mask = if window == 64 {
            u64::MAX
        } else {
            (1u64 << window) - 1
        };
        self.outcomes = ((self.outcomes << 1) | failed as u64) & mask;
        self.seen = (self.seen + 1).min(window);
        if self.seen == window
            && self.outcomes.count_ones() * 100 >= threshold_percent * window
            && now >= self.open_until
        {
            self.open_until = now + open_s;
            self.outcomes = 0;
            self.seen = 0;
        }
    }

    /// Finagle: adds `n` to the slice `now` falls in.
    fn add(&mut self, now: f64, ttl_s: u32, n: i64) {
        let at = slice_index(now, ttl_s);
        let slot = &mut self.slices[at.rem_euclid(FINAGLE_SLICES as i64) as usize];
        if slot.0 != at {
            *slot = (at, 0);
        }
        slot.1 += n;
    }

    /// Finagle: the sum of the slices still in the window at `now` (the
    /// slice of `now` and the nine before it).
    fn window_sum(&self, now: f64, ttl_s: u32) -> i64 {
        let at = slice_index(now, ttl_s);
        self.slices
            .iter()
            .filter(|(i, _)| *i > at - FINAGLE_SLICES as i64 && *i <= at)
            .map(|(_, v)| v)
            .sum()
    }
}

/// Finagle's cost of one retry in deposits of 1,000.
fn withdrawal(percent_can_retry: f64) -> f64 {
    if percent_can_retry == 0.0 {
        1.0
    } else {
        (FINAGLE_SCALE / percent_can_retry).trunc()
    }
}

/// Which of Finagle's slices (ttl / 10 long) `now` falls in.
fn slice_index(now: f64, ttl_s: u32) -> i64 {
    (now * FINAGLE_SLICES as f64 / ttl_s.max(1) as f64).floor() as i64
}
