//! `RetryError`, the typed error the Rust snippet gives up with, and its
//! `Display` and `Error` impls; apart, since the deadline variant adds one.

/// `RetryError` with its `Display` and `Error` impls. Each `Display` says
/// only what its own level adds, and `source` gives the rest, so a reporter
/// that walks the chain prints every cause once. The deadline adds a variant.
pub(super) fn error_type(deadline: bool) -> String {
    let (variant, display, source) = if deadline {
        (
            "    /// The deadline left no time for another attempt; this is the last\n    \
             /// attempt's failure.\n    \
             Deadline(Box<RetryError>),\n",
            "            RetryError::Deadline(_) => write!(f, \"deadline of {DEADLINE_MS} ms reached\"),\n",
            "            RetryError::Deadline(last) => Some(last.as_ref()),\n",
        )
    } else {
        ("", "", "")
    };
    format!(
        "\n/// Why [`send_with_backoff`] gave up.\n\
         #[derive(Debug)]\n\
         pub enum RetryError {{\n    \
         /// Retries ran out on a retryable status; this is the last response.\n    \
         Status(reqwest::Response),\n    \
         /// The request could not be built, or the final attempt failed on the network.\n    \
         Request(reqwest::Error),\n    \
         /// The final attempt had no response within its time.\n    \
         Timeout(tokio::time::error::Elapsed),\n\
         {variant}\
         }}\n\n\
         impl fmt::Display for RetryError {{\n    \
         fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {{\n        \
         match self {{\n            \
         RetryError::Status(response) => {{\n                \
         write!(f, \"status {{}} on the last attempt\", response.status())\n            \
         }}\n            \
         RetryError::Request(_) => write!(f, \"the last attempt failed\"),\n            \
         RetryError::Timeout(_) => write!(f, \"the last attempt timed out\"),\n\
         {display}\
         \x20       }}\n    \
         }}\n\
         }}\n\n\
         impl std::error::Error for RetryError {{\n    \
         fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {{\n        \
         match self {{\n            \
         RetryError::Status(_) => None,\n            \
         RetryError::Request(error) => Some(error),\n            \
         RetryError::Timeout(elapsed) => Some(elapsed),\n\
         {source}\
         \x20       }}\n    \
         }}\n\
         }}\n"
    )
}
