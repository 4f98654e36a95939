//! What each library parameter does, in one line, in the library's own
//! terms: the hint under the parameter's field, and the table "Each
//! parameter in one line" in `docs/libraries.md` (a test keeps the two
//! the same, row for row).

/// `(library id, parameter, what it does)`, by library id, then in the
/// library's own order.
pub const PARAM_DOCS: &[(&str, &str, &str)] = &[
    (
        "aws",
        "max_attempts",
        "Attempts, the first call included (total_max_attempts in botocore's Config).",
    ),
    (
        "aws",
        "throttling",
        "Throttling errors: a 1 s base instead of 50 ms, 5 tokens a retry.",
    ),
    ("axios-retry", "retries", "Retries after the first call."),
    (
        "axios-retry",
        "delayFactor",
        "exponentialDelay's third argument: retry n waits 2^n × delayFactor, plus 0–20 %.",
    ),
    ("backon", "min_delay", "The first delay (never capped)."),
    ("backon", "factor", "Growth per retry (f32)."),
    (
        "backon",
        "max_delay",
        "Cap of the un-jittered delay; none: without_max_delay.",
    ),
    ("backon", "max_times", "Retries; none: without_max_times."),
    ("backon", "jitter", "Adds uniform [0, delay) after the cap."),
    ("backon", "total_delay", "Budget for the sum of the sleeps."),
    (
        "cenkalti",
        "InitialInterval",
        "The first interval (never capped).",
    ),
    (
        "cenkalti",
        "RandomizationFactor",
        "Each sleep is the interval ± this share.",
    ),
    (
        "cenkalti",
        "Multiplier",
        "Growth of the interval per retry.",
    ),
    (
        "cenkalti",
        "MaxInterval",
        "Cap of the interval, before the randomization.",
    ),
    (
        "cenkalti",
        "MaxElapsedTime",
        "Stops before a sleep that would end past it; 0: no limit.",
    ),
    (
        "cenkalti",
        "MaxTries",
        "Attempts, the first call included; 0: unlimited.",
    ),
    ("client-go", "Duration", "The first sleep, before jitter."),
    ("client-go", "Factor", "Growth per step; 0: constant."),
    (
        "client-go",
        "Jitter",
        "Adds up to this share of each sleep.",
    ),
    ("client-go", "Steps", "Attempts, the first call included."),
    (
        "client-go",
        "Cap",
        "Reaching it ends the loop after one more sleep; 0: none.",
    ),
    ("envoy", "num_retries", "Retries after the first try."),
    ("envoy", "base_interval", "The first interval."),
    (
        "envoy",
        "max_interval",
        "The largest interval; none: 10 × base_interval.",
    ),
    ("google-api-core", "initial", "Retry 1's upper bound."),
    (
        "google-api-core",
        "maximum",
        "Cap of the bound, before the draw.",
    ),
    (
        "google-api-core",
        "multiplier",
        "Growth of the bound per retry.",
    ),
    (
        "google-api-core",
        "timeout",
        "Time budget from the first attempt; None retries forever.",
    ),
    ("grpc", "maxAttempts", "Attempts; above 5 it counts as 5."),
    (
        "grpc",
        "initialBackoff",
        "Retry 1's backoff, before the jitter.",
    ),
    ("grpc", "maxBackoff", "Cap, before the ±20 % jitter."),
    ("grpc", "backoffMultiplier", "Growth per retry."),
    ("p-retry", "retries", "Retries after the first call."),
    ("p-retry", "factor", "Growth per retry (0 counts as 1)."),
    ("p-retry", "minTimeout", "Retry 1's delay."),
    (
        "p-retry",
        "maxTimeout",
        "Cap of every delay, after the jitter.",
    ),
    (
        "p-retry",
        "randomize",
        "Multiplies each delay by uniform [1, 2).",
    ),
    (
        "p-retry",
        "maxRetryTime",
        "Time budget from the first attempt; the last sleep is shortened to fit.",
    ),
    ("polly", "MaxRetryAttempts", "Retries after the first call."),
    ("polly", "BackoffType", "How the delay grows."),
    ("polly", "Delay", "The base delay."),
    (
        "polly",
        "MaxDelay",
        "Cap of every delay, after the jitter; none: null.",
    ),
    (
        "polly",
        "UseJitter",
        "±25 %, or the decorrelated formula for Exponential.",
    ),
    (
        "resilience4j",
        "maxAttempts",
        "Attempts, the first call included.",
    ),
    ("resilience4j", "waitDuration", "The first wait."),
    (
        "resilience4j",
        "enableExponentialBackoff",
        "Multiply the wait each retry.",
    ),
    (
        "resilience4j",
        "exponentialBackoffMultiplier",
        "Growth per retry; each step truncated to whole ms.",
    ),
    (
        "resilience4j",
        "exponentialMaxWaitDuration",
        "Cap, after the randomization.",
    ),
    (
        "resilience4j",
        "enableRandomizedWait",
        "Randomize each wait by ± the factor.",
    ),
    (
        "resilience4j",
        "randomizedWaitFactor",
        "The ± share, in [0, 1).",
    ),
    ("retryablehttp", "RetryWaitMin", "Retry 1's sleep."),
    ("retryablehttp", "RetryWaitMax", "Cap of every sleep."),
    ("retryablehttp", "RetryMax", "Retries after the first call."),
    (
        "spring-retry",
        "maxAttempts",
        "Attempts, the first call included.",
    ),
    ("spring-retry", "delay", "The first sleep; 0 waits 1 ms."),
    (
        "spring-retry",
        "multiplier",
        "0: no growth; up to 1 counts as 1.",
    ),
    (
        "spring-retry",
        "maxDelay",
        "The max, used only above delay.",
    ),
    (
        "spring-retry",
        "random",
        "Multiply each sleep by U[1, multiplier).",
    ),
    ("tenacity", "wait", "The wait function."),
    (
        "tenacity",
        "stop_after_attempt",
        "Attempts, the first call included.",
    ),
    ("tenacity", "multiplier", "Retry 1's wait, before min/max."),
    ("tenacity", "exp_base", "Growth per retry."),
    ("tenacity", "min", "Floor of every wait (and of the draw)."),
    ("tenacity", "max", "Cap of every wait, after any jitter."),
    (
        "tenacity",
        "jitter",
        "wait_exponential_jitter only: adds uniform [0, jitter] s.",
    ),
    ("urllib3", "total", "Retries after the first call."),
    (
        "urllib3",
        "backoff_factor",
        "Retry k ≥ 2 waits backoff_factor × 2^(k−1); 0 turns backoff off.",
    ),
    (
        "urllib3",
        "backoff_max",
        "Caps the backoff, after the jitter.",
    ),
    (
        "urllib3",
        "backoff_jitter",
        "Adds uniform [0, backoff_jitter) seconds from retry 2 on.",
    ),
    (
        "urllib3",
        "respect_retry_after_header",
        "Waits as Retry-After says on 413, 429 and 503.",
    ),
    (
        "urllib3",
        "retry_after_max",
        "The longest Retry-After honoured.",
    ),
];

/// What parameter `name` of library `lib` does; empty if the table has
/// no line for it (a test checks that every parameter has one).
pub fn param_doc(lib: &str, name: &str) -> &'static str {
    PARAM_DOCS
        .iter()
        .find(|(l, n, _)| *l == lib && *n == name)
        .map_or("", |(_, _, doc)| doc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::library::LibId;

    /// The rows of the table "Each parameter in one line" in
    /// docs/libraries.md, as `(library, parameter, what it does)`.
    fn docs_table() -> Vec<(String, String, String)> {
        let docs = include_str!("../../../docs/libraries.md");
        let section = docs
            .split("## Each parameter in one line")
            .nth(1)
            .expect("docs/libraries.md has the table")
            .split("\n## ")
            .next()
            .unwrap();
        section
            .lines()
            .filter_map(|line| {
                let cells: Vec<&str> = line
                    .strip_prefix("| `")?
                    .strip_suffix(" |")?
                    .split(" | ")
                    .collect();
                let [lib, param, doc] = cells[..] else {
                    return None;
                };
                let (lib, param) = (
                    lib.strip_suffix('`')?,
                    param.strip_prefix('`')?.strip_suffix('`')?,
                );
                Some((lib.to_string(), param.to_string(), doc.to_string()))
            })
            .collect()
    }

    #[test]
    fn the_docs_table_is_this_table() {
        let ours: Vec<(String, String, String)> = PARAM_DOCS
            .iter()
            .map(|(l, p, d)| (l.to_string(), p.to_string(), d.to_string()))
            .collect();
        assert_eq!(docs_table(), ours);
    }

    #[test]
    fn every_parameter_of_every_library_has_its_line() {
        for lib in LibId::all() {
            for p in lib.info().params {
                assert!(
                    !param_doc(lib.id(), p.name).is_empty(),
                    "{} {}",
                    lib.id(),
                    p.name
                );
            }
        }
        let count: usize = LibId::all().map(|l| l.info().params.len()).sum();
        assert_eq!(
            PARAM_DOCS.len(),
            count,
            "a line for a parameter no library has"
        );
    }
}
