//! The numbers of each budget that the page lets you change, with their
//! defaults and ranges.

use super::{Budget, BudgetKind};

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
