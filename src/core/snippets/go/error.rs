//! `RetryError`, the typed error `DoWithBackoff` gives up with, and the
//! `attempts` helper its message uses; apart, since the deadline variant
//! adds fields and a different message.

/// `RetryError`, the typed give-up error, with its methods; the deadline
/// adds the last network error and a flag.
pub(super) fn error_type(deadline: bool) -> String {
    let mut out = String::from(
        "// RetryError is the error DoWithBackoff returns when it gives up on a\n\
         // retryable status; errors.As finds it.\n\
         type RetryError struct {\n\
         \tAttempts   int    // requests sent\n\
         \tStatusCode int    // the last response's status code\n\
         \tStatus     string // its status line, such as \"503 Service Unavailable\"\n",
    );
    if !deadline {
        out.push_str(
            "}\n\n\
             func (e *RetryError) Error() string {\n\
             \treturn \"giving up after \" + attempts(e.Attempts) + \": last status \" + e.Status\n\
             }\n\n",
        );
        out.push_str(ATTEMPTS_FN);
        return out;
    }
    out.push_str(
        "\t// Err is the last attempt's network error, or nil after a status.\n\
         \tErr error\n\
         \t// Deadline tells that the deadline, not the retry limit, ended the loop.\n\
         \tDeadline bool\n\
         }\n\n\
         func (e *RetryError) Error() string {\n\
         \treason := \"giving up\"\n\
         \tif e.Deadline {\n\
         \t\treason = fmt.Sprintf(\"deadline of %v reached\", milliseconds(deadlineMs))\n\
         \t}\n\
         \treason += \" after \" + attempts(e.Attempts)\n\
         \tif e.Err != nil {\n\
         \t\treturn reason + \": \" + e.Err.Error()\n\
         \t}\n\
         \treturn reason + \": last status \" + e.Status\n\
         }\n\n\
         // Unwrap gives the last network error, for errors.Is and errors.As.\n\
         func (e *RetryError) Unwrap() error { return e.Err }\n\n",
    );
    out.push_str(ATTEMPTS_FN);
    out
}

/// `attempts(n)`: a count of attempts whose noun agrees with it.
const ATTEMPTS_FN: &str =
    "// attempts spells a count of attempts: \"1 attempt\", \"2 attempts\".\n\
     func attempts(n int) string {\n\
     \tif n == 1 {\n\
     \t\treturn \"1 attempt\"\n\
     \t}\n\
     \treturn fmt.Sprintf(\"%d attempts\", n)\n\
     }\n\n";
