//! Retry budgets as the libraries define them, each with its own numbers
//! and its per-client token arithmetic.
//!
//! Every budget here lives in one client (an SDK client, a gRPC channel,
//! an Envoy sidecar, a Finagle client): the model gives each client its
//! own [`Tokens`]. The numbers are read from the libraries' current
//! sources, cited on each [`BudgetKind`] and in `docs/load.md`.

/// Which retry budget the clients use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BudgetKind {
    /// No budget: every failed attempt is retried up to the policy's
    /// max retries.
    None,
    /// The AWS SDKs' standard mode retry quota (botocore 1.44.8
    /// `retries/quota.py` and `retries/standard.py` `RetryQuotaChecker`;
    /// `@smithy/core` 3.41.1 `StandardRetryStrategy`).
    Aws,
    /// gRPC `retryThrottling` (gRFC A6; grpc-go `clientconn.go`
    /// `retryThrottler`).
    Grpc,
    /// Envoy's `retry_budget` (`resource_manager_impl.h`, the in-flight
    /// form that applies while `budget_interval` is unset).
    Envoy,
    /// Envoy's `max_retries` circuit breaker, the limit without a budget.
    EnvoyMaxRetries,
    /// Finagle's `RetryBudget` (`RetryBudget.scala`, finagle-core).
    Finagle,
    /// A plain token bucket, as in Marc Brooker's "Fixing retries with
    /// token buckets and circuit breakers" (2022).
    Bucket,
    /// A client-side circuit breaker that stops only retries: first tries
    /// are always sent.
    Breaker,
}

impl BudgetKind {
    /// Every budget, in the order the page lists them.
    pub const ALL: [BudgetKind; 8] = [
        BudgetKind::None,
        BudgetKind::Aws,
        BudgetKind::Grpc,
        BudgetKind::Envoy,
        BudgetKind::EnvoyMaxRetries,
        BudgetKind::Finagle,
        BudgetKind::Bucket,
        BudgetKind::Breaker,
    ];

    /// The value of the select's option and of `data-budget`.
    pub fn as_str(self) -> &'static str {
        match self {
            BudgetKind::None => "none",
            BudgetKind::Aws => "aws",
            BudgetKind::Grpc => "grpc",
            BudgetKind::Envoy => "envoy",
            BudgetKind::EnvoyMaxRetries => "envoy-max-retries",
            BudgetKind::Finagle => "finagle",
            BudgetKind::Bucket => "bucket",
            BudgetKind::Breaker => "breaker",
        }
    }

    /// Reads [`as_str`](Self::as_str) back.
    pub fn parse(s: &str) -> Option<BudgetKind> {
        BudgetKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The name the page shows.
    pub fn label(self) -> &'static str {
        match self {
            BudgetKind::None => "No budget",
            BudgetKind::Aws => "AWS SDK retry quota",
            BudgetKind::Grpc => "gRPC retryThrottling",
            BudgetKind::Envoy => "Envoy retry_budget",
            BudgetKind::EnvoyMaxRetries => "Envoy max_retries",
            BudgetKind::Finagle => "Finagle RetryBudget",
            BudgetKind::Bucket => "Token bucket",
            BudgetKind::Breaker => "Retry circuit breaker",
        }
    }

    /// Where the budget's numbers come from.
    pub fn source(self) -> &'static str {
        match self {
            BudgetKind::None => "Retries up to the policy's max retries.",
            BudgetKind::Aws => "botocore 1.44.8 retries/quota.py and standard.py (RetryQuotaChecker); @smithy/core 3.41.1 StandardRetryStrategy.",
            BudgetKind::Grpc => "gRFC A6 (client retries); grpc-go clientconn.go retryThrottler. The service config has no default: the numbers are the gRFC's example.",
            BudgetKind::Envoy => "Envoy source/common/upstream/resource_manager_impl.h RetryBudgetImpl, budget_interval unset; defaults 20 % and 3.",
            BudgetKind::EnvoyMaxRetries => "Envoy cluster circuit_breakers.thresholds.max_retries, default 3.",
            BudgetKind::Finagle => "finagle-core RetryBudget.scala, RetryBudget(): ttl 10 s, minRetriesPerSec 10, percentCanRetry 0.2.",
            BudgetKind::Bucket => "Marc Brooker, \"Fixing retries with token buckets and circuit breakers\" (2022): 0.1 token per success, 1 per retry; the size is ours.",
            BudgetKind::Breaker => "Breaks retries only, as in Brooker (2022); window, threshold and open time are ours.",
        }
    }
}

/// A budget with its numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// No budget.
    None,
    /// AWS standard mode: a quota per client.
    Aws {
        /// Tokens at the start and at most (500).
        capacity: u32,
        /// Taken by a retry after a non-throttling error, a timeout
        /// included (14 since the SDKs' 2026 retry update; it was 5, and
        /// 10 for a timeout, before).
        retry_cost: u32,
        /// Taken by a retry after a throttling error (5).
        throttle_cost: u32,
        /// Given back by a success that needed no retry (1); a success
        /// after retries gives back what its last retry took.
        success_increment: u32,
    },
    /// gRPC `retryThrottling`.
    Grpc {
        /// `maxTokens`: tokens at the start and at most (1 to 1,000).
        max_tokens: f64,
        /// `tokenRatio`: added by each successful call.
        token_ratio: f64,
    },
    /// Envoy `retry_budget`: concurrent retries at most
    /// `max(min_retry_concurrency, budget_percent % × active requests)`.
    Envoy {
        /// `budget_percent`, in percent (20).
        budget_percent: f64,
        /// `min_retry_concurrency` (3).
        min_retry_concurrency: u32,
    },
    /// Envoy's `max_retries` circuit breaker: concurrent retries at most.
    EnvoyMaxRetries {
        /// `max_retries` (3).
        max_retries: u32,
    },
    /// Finagle `RetryBudget`.
    Finagle {
        /// Deposits expire after this many seconds (10).
        ttl_s: u32,
        /// Retries always allowed per second, from a reserve (10).
        min_retries_per_sec: u32,
        /// Retries allowed per call deposited (0.2).
        percent_can_retry: f64,
    },
    /// A token bucket: a retry takes one whole token, a success adds a
    /// fraction.
    Bucket {
        /// Tokens at the start and at most.
        size: f64,
        /// Added by each successful call (0.1).
        per_success: f64,
    },
    /// A circuit breaker on retries only.
    Breaker {
        /// Outcomes it remembers (the last 10).
        window: u32,
        /// Opens when at least this percent of them failed (50).
        threshold_percent: u32,
        /// Stays open this many seconds, refusing every retry (5).
        open_s: f64,
    },
}

impl Budget {
    /// The budget `kind` with its defaults.
    pub fn default_of(kind: BudgetKind) -> Budget {
        match kind {
            BudgetKind::None => Budget::None,
            BudgetKind::Aws => Budget::Aws {
                capacity: 500,
                retry_cost: 14,
                throttle_cost: 5,
                success_increment: 1,
            },
            BudgetKind::Grpc => Budget::Grpc {
                max_tokens: 10.0,
                token_ratio: 0.1,
            },
            BudgetKind::Envoy => Budget::Envoy {
                budget_percent: 20.0,
                min_retry_concurrency: 3,
            },
            BudgetKind::EnvoyMaxRetries => Budget::EnvoyMaxRetries { max_retries: 3 },
            BudgetKind::Finagle => Budget::Finagle {
                ttl_s: 10,
                min_retries_per_sec: 10,
                percent_can_retry: 0.2,
            },
            BudgetKind::Bucket => Budget::Bucket {
                size: 10.0,
                per_success: 0.1,
            },
            BudgetKind::Breaker => Budget::Breaker {
                window: 10,
                threshold_percent: 50,
                open_s: 5.0,
            },
        }
    }

    /// Which budget this is.
    pub fn kind(&self) -> BudgetKind {
        match self {
            Budget::None => BudgetKind::None,
            Budget::Aws { .. } => BudgetKind::Aws,
            Budget::Grpc { .. } => BudgetKind::Grpc,
            Budget::Envoy { .. } => BudgetKind::Envoy,
            Budget::EnvoyMaxRetries { .. } => BudgetKind::EnvoyMaxRetries,
            Budget::Finagle { .. } => BudgetKind::Finagle,
            Budget::Bucket { .. } => BudgetKind::Bucket,
            Budget::Breaker { .. } => BudgetKind::Breaker,
        }
    }

    /// Its numbers in words, for the page and the export.
    pub fn describe(&self) -> String {
        match *self {
            Budget::None => "no budget".into(),
            Budget::Aws {
                capacity,
                retry_cost,
                success_increment,
                ..
            } => format!("capacity {capacity}, {retry_cost} per retry after a timeout, {success_increment} back per success without retry, the retry's cost back after one"),
            Budget::Grpc {
                max_tokens,
                token_ratio,
            } => format!("maxTokens {max_tokens}, tokenRatio {token_ratio}: retries stop at or below {} tokens", max_tokens / 2.0),
            Budget::Envoy {
                budget_percent,
                min_retry_concurrency,
            } => format!("budget_percent {budget_percent} %, min_retry_concurrency {min_retry_concurrency}"),
            Budget::EnvoyMaxRetries { max_retries } => {
                format!("at most {max_retries} retries in flight per client")
            }
            Budget::Finagle {
                ttl_s,
                min_retries_per_sec,
                percent_can_retry,
            } => format!("ttl {ttl_s} s, minRetriesPerSec {min_retries_per_sec}, percentCanRetry {percent_can_retry}"),
            Budget::Bucket { size, per_success } => {
                format!("{size} tokens, 1 per retry, {per_success} back per success")
            }
            Budget::Breaker {
                window,
                threshold_percent,
                open_s,
            } => format!("opens for {open_s} s when {threshold_percent} % of the last {window} outcomes failed"),
        }
    }
}

/// How an attempt failed, for budgets that charge by kind (AWS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The attempt outlived its timeout (the only failure the load model
    /// makes).
    Timeout,
    /// The server answered with a throttling error.
    Throttled,
}

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

/// One number of a budget that the page lets you change.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Param {
    /// The field's label.
    pub label: &'static str,
    /// The field's element id.
    pub id: &'static str,
    /// The library's (or our) default.
    pub default: f64,
    /// Smallest accepted.
    pub min: f64,
    /// Largest accepted.
    pub max: f64,
    /// Whether it takes whole numbers only.
    pub whole: bool,
}

const fn param(
    label: &'static str,
    id: &'static str,
    default: f64,
    min: f64,
    max: f64,
    whole: bool,
) -> Param {
    Param {
        label,
        id,
        default,
        min,
        max,
        whole,
    }
}

impl Param {
    /// Reads this number from a field's text, with the page's messages.
    pub fn parse(&self, text: &str) -> Result<f64, crate::core::policy::InputError> {
        if self.whole {
            crate::core::policy::parse_whole(text, self.min as u64, self.max as u64)
                .map(|n| n as f64)
        } else {
            crate::core::policy::parse_decimal(text, self.min, self.max)
        }
    }
}

impl BudgetKind {
    /// The numbers the page lets you change, with their defaults and
    /// ranges; [`Budget::with`] reads them back in this order.
    pub fn params(self) -> &'static [Param] {
        const AWS: [Param; 3] = [
            param(
                "Capacity",
                "budget-aws-capacity",
                500.0,
                1.0,
                100_000.0,
                true,
            ),
            param(
                "Cost per retry",
                "budget-aws-cost",
                14.0,
                1.0,
                1_000.0,
                true,
            ),
            param(
                "Back per success",
                "budget-aws-back",
                1.0,
                0.0,
                1_000.0,
                true,
            ),
        ];
        const GRPC: [Param; 2] = [
            param("maxTokens", "budget-grpc-max", 10.0, 1.0, 1_000.0, false),
            param(
                "tokenRatio",
                "budget-grpc-ratio",
                0.1,
                0.001,
                1_000.0,
                false,
            ),
        ];
        const ENVOY: [Param; 2] = [
            param(
                "budget_percent",
                "budget-envoy-percent",
                20.0,
                0.0,
                100.0,
                false,
            ),
            param(
                "min_retry_concurrency",
                "budget-envoy-min",
                3.0,
                0.0,
                10_000.0,
                true,
            ),
        ];
        const ENVOY_MAX: [Param; 1] = [param(
            "max_retries",
            "budget-envoy-max",
            3.0,
            0.0,
            10_000.0,
            true,
        )];
        const FINAGLE: [Param; 3] = [
            param("ttl (s)", "budget-finagle-ttl", 10.0, 1.0, 60.0, true),
            param(
                "minRetriesPerSec",
                "budget-finagle-min",
                10.0,
                0.0,
                10_000.0,
                true,
            ),
            param(
                "percentCanRetry",
                "budget-finagle-percent",
                0.2,
                0.0,
                1_000.0,
                false,
            ),
        ];
        const BUCKET: [Param; 2] = [
            param(
                "Bucket size",
                "budget-bucket-size",
                10.0,
                1.0,
                100_000.0,
                false,
            ),
            param(
                "Tokens per success",
                "budget-bucket-refill",
                0.1,
                0.0,
                1_000.0,
                false,
            ),
        ];
        const BREAKER: [Param; 3] = [
            param(
                "Window (outcomes)",
                "budget-breaker-window",
                10.0,
                1.0,
                64.0,
                true,
            ),
            param(
                "Opens at failures (%)",
                "budget-breaker-threshold",
                50.0,
                1.0,
                100.0,
                true,
            ),
            param(
                "Open for (s)",
                "budget-breaker-open",
                5.0,
                0.0,
                600.0,
                false,
            ),
        ];
        match self {
            BudgetKind::None => &[],
            BudgetKind::Aws => &AWS,
            BudgetKind::Grpc => &GRPC,
            BudgetKind::Envoy => &ENVOY,
            BudgetKind::EnvoyMaxRetries => &ENVOY_MAX,
            BudgetKind::Finagle => &FINAGLE,
            BudgetKind::Bucket => &BUCKET,
            BudgetKind::Breaker => &BREAKER,
        }
    }
}

impl Budget {
    /// The budget `kind` with `values` in the order of
    /// [`BudgetKind::params`]; a missing value takes its default.
    pub fn with(kind: BudgetKind, values: &[f64]) -> Budget {
        let v = |i: usize| {
            values
                .get(i)
                .copied()
                .unwrap_or_else(|| kind.params()[i].default)
        };
        match kind {
            BudgetKind::None => Budget::None,
            BudgetKind::Aws => Budget::Aws {
                capacity: v(0) as u32,
                retry_cost: v(1) as u32,
                throttle_cost: 5,
                success_increment: v(2) as u32,
            },
            BudgetKind::Grpc => Budget::Grpc {
                max_tokens: v(0),
                token_ratio: v(1),
            },
            BudgetKind::Envoy => Budget::Envoy {
                budget_percent: v(0),
                min_retry_concurrency: v(1) as u32,
            },
            BudgetKind::EnvoyMaxRetries => Budget::EnvoyMaxRetries {
                max_retries: v(0) as u32,
            },
            BudgetKind::Finagle => Budget::Finagle {
                ttl_s: v(0) as u32,
                min_retries_per_sec: v(1) as u32,
                percent_can_retry: v(2),
            },
            BudgetKind::Bucket => Budget::Bucket {
                size: v(0),
                per_success: v(1),
            },
            BudgetKind::Breaker => Budget::Breaker {
                window: v(0) as u32,
                threshold_percent: v(1) as u32,
                open_s: v(2),
            },
        }
    }
}
