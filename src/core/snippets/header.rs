//! The header comment every snippet starts with: the policy, the sleep
//! formula in words, what is retried, Retry-After, each attempt's bound,
//! the deadline and the methods. Shared by every language, so it is
//! written once, from the `Plan`.

use super::plan::{AttemptBound, Plan};
use super::{thousands, wrap, RETRIED_METHODS};
use crate::core::policy::{CapOrder, Jitter};

impl Plan {
    /// The header comment, as lines without a comment marker, wrapped to
    /// fit `width` columns. `retry_after_line` overrides the sentence on
    /// `Retry-After` (bash reads only its seconds form).
    pub(super) fn header(
        &self,
        width: usize,
        retry_after_line: Option<&str>,
        proxy_line: &str,
    ) -> Vec<String> {
        self.header_bounded(width, retry_after_line, proxy_line, AttemptBound::Whole)
    }

    /// [`Plan::header`] for a language whose attempt timeout bounds what
    /// `bound` says.
    pub(super) fn header_bounded(
        &self,
        width: usize,
        retry_after_line: Option<&str>,
        proxy_line: &str,
        bound: AttemptBound,
    ) -> Vec<String> {
        let p = &self.policy;
        let attempts = u64::from(p.max_retries) + 1;
        let retries = match p.max_retries {
            1 => "1 retry".to_string(),
            n => format!("{} retries", thousands(u64::from(n))),
        };
        let jitter = match p.jitter {
            Jitter::None => "no jitter".to_string(),
            Jitter::Full => "full jitter".to_string(),
            Jitter::Equal => "equal jitter".to_string(),
            Jitter::Decorrelated => "decorrelated jitter".to_string(),
            Jitter::Proportional => {
                let (lo, hi) = self.factors();
                let order = self.cap_order().as_str();
                format!("proportional jitter (factors {lo} to {hi}, cap {order} the factor)")
            }
        };
        let policy_line = format!(
            "Retry policy: base {} ms, multiplier {}, cap {} ms, {retries} \
             ({} attempts in all), {jitter}.",
            thousands(p.base_ms),
            self.multiplier(),
            thousands(p.cap_ms),
            thousands(attempts),
        );
        let default_retry_after = if self.honor {
            format!(
                "Retry-After is honored (delay-seconds or an HTTP-date, read strictly), \
                 waiting at most {} ms; it replaces the computed sleep (unless 0 or a \
                 past date), which still advances the backoff.",
                thousands(self.retry_after_max_ms)
            )
        } else {
            "Retry-After is ignored: every wait is the computed one.".to_string()
        };
        let paragraphs = [
            "Retries an HTTP request with capped exponential backoff.".to_string(),
            policy_line,
            self.formula(),
            "Retried: 408, 429, 5xx but 501, 505, 511 (a retry cannot fix those), and \
             network errors; any other status ends the loop at once."
                .to_string(),
            proxy_line.to_string(),
            retry_after_line.map_or(default_retry_after, str::to_string),
            self.timeout_line(bound),
        ];
        let mut lines: Vec<String> = paragraphs.iter().flat_map(|p| wrap(p, width)).collect();
        if let Some(deadline) = self.deadline_ms {
            let (attempts, after) = match bound {
                AttemptBound::Whole => ("No attempt runs past it", ""),
                AttemptBound::EachRead => (
                    "No attempt starts past it",
                    " An attempt answered slowly can end after it (see above).",
                ),
            };
            lines.extend(wrap(
                &format!(
                    "Deadline: the whole call has {} ms. {attempts}, and a wait (computed \
                     or Retry-After) that would end past it is not started: the call gives \
                     up at once and says the deadline was reached.{after}",
                    thousands(deadline)
                ),
                width,
            ));
        }
        lines.extend(wrap(&self.methods_line(), width));
        lines
    }

    /// The header's sentence on each attempt's timeout.
    pub(super) fn timeout_line(&self, bound: AttemptBound) -> String {
        let deadline = self.deadline_ms.is_some();
        let left = if deadline { " and time" } else { "" };
        let timeout = thousands(self.timeout_ms);
        let limit = match bound {
            AttemptBound::Whole => {
                let past = if deadline {
                    ", and never past the deadline"
                } else {
                    ""
                };
                format!("Each attempt may take at most {timeout} ms{past}; one")
            }
            AttemptBound::EachRead => {
                let past = if deadline {
                    ", and no more than the time left before the deadline as the attempt \
                     starts"
                } else {
                    ""
                };
                format!(
                    "Each attempt's connect, and each read of its answer, may wait at most \
                     {timeout} ms{past}: requests has no limit on a whole attempt, so a server \
                     that keeps sending bytes slowly can hold one longer. An attempt"
                )
            }
        };
        format!(
            "{limit} that times out is retried while retries{left} remain. Only the \
             caller's own cancellation ends the call at once."
        )
    }

    /// The header's sentence on which methods are retried.
    pub(super) fn methods_line(&self) -> String {
        if self.key {
            "Every method is retried, since every attempt of one call sends the same \
             Idempotency-Key: the caller's own when it sets one, otherwise a random one \
             per call. A server that remembers keys can then drop a repeat, so a POST \
             that charges a card takes effect once even when a lost answer makes us \
             send it again."
                .to_string()
        } else {
            format!(
                "Only idempotent methods ({}) are retried: any other (POST, PATCH) is \
                 sent once, since a retried POST may take effect twice. Turn on the \
                 idempotency key to retry those too.",
                RETRIED_METHODS.join(", ")
            )
        }
    }

    /// The sleep formula of the chosen mode, in words for the header.
    pub(super) fn formula(&self) -> String {
        let d = "d = min(cap, base * multiplier^(k-1))";
        match self.jitter() {
            Jitter::None => format!("Retry k sleeps d, where {d}."),
            Jitter::Full => format!("Retry k sleeps uniform(0, d), where {d}."),
            Jitter::Equal => format!("Retry k sleeps d/2 + uniform(0, d/2), where {d}."),
            Jitter::Decorrelated => "Each sleep is min(cap, uniform(base, 3 * previous sleep)), \
                 the first previous sleep being the base; the multiplier plays no part."
                .to_string(),
            Jitter::Proportional => {
                let (lo, hi) = self.factors();
                match self.cap_order() {
                    CapOrder::Before => format!(
                        "Retry k sleeps d * uniform({lo}, {hi}), where {d}: the cap \
                         applies before the factor, so a sleep may reach {hi} * cap."
                    ),
                    CapOrder::After => format!(
                        "Retry k sleeps min(cap, base * multiplier^(k-1) * \
                         uniform({lo}, {hi})): the cap applies after the factor, so no \
                         sleep exceeds it."
                    ),
                }
            }
        }
    }
}
