//! Retry budgets as the libraries define them, each with its own numbers
//! and its per-client token arithmetic.
//!
//! Every budget here lives in one client (an SDK client, a gRPC channel,
//! an Envoy sidecar, a Finagle client): the model gives each client its
//! own [`Tokens`]. The numbers are read from the libraries' current
//! sources, cited on each [`BudgetKind`] and in `docs/load.md`.
//!
//! The kinds and their numbers are here; each client's token arithmetic is
//! in `tokens`, and the numbers the page lets you change in `params`.

mod params;
mod tokens;

use crate::core::decimal_text::Num;

pub use params::Param;
pub use tokens::{Tokens, BUCKET_SLACK};

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
            } => format!("maxTokens {}, tokenRatio {}: retries stop at or below {} tokens", Num(max_tokens), Num(token_ratio), Num(max_tokens / 2.0)),
            Budget::Envoy {
                budget_percent,
                min_retry_concurrency,
            } => format!("budget_percent {} %, min_retry_concurrency {min_retry_concurrency}", Num(budget_percent)),
            Budget::EnvoyMaxRetries { max_retries } => {
                format!("at most {max_retries} retries in flight per client")
            }
            Budget::Finagle {
                ttl_s,
                min_retries_per_sec,
                percent_can_retry,
            } => format!("ttl {ttl_s} s, minRetriesPerSec {min_retries_per_sec}, percentCanRetry {}", Num(percent_can_retry)),
            Budget::Bucket { size, per_success } => {
                format!("{} tokens, 1 per retry, {} back per success", Num(size), Num(per_success))
            }
            Budget::Breaker {
                window,
                threshold_percent,
                open_s,
            } => format!("opens for {} s when {threshold_percent} % of the last {window} outcomes failed", Num(open_s)),
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
