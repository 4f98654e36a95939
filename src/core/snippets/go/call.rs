//! `DoWithBackoff` itself: its doc comment, the retry loop (each attempt's
//! context and timeout, the deadline, the hook, the wait) and the
//! functions that judge a response or an error. Kept apart from the
//! package around it, since this is the part a reader follows first.

use crate::core::snippets::{comment, wrap, Plan, RETRIED_METHODS};

/// `DoWithBackoff`, with its doc comment, and `isRetryable` and
/// `isNetworkError`, which it calls.
pub(super) fn function(plan: &Plan) -> String {
    let deadline = plan.deadline_ms.is_some();
    let mut out = String::new();
    out.push_str(&doc_comment(plan));
    out.push_str(
        "func DoWithBackoff(client *http.Client, newRequest func() (*http.Request, error)) (*http.Response, error) {\n\
         \tif client == nil {\n\
         \t\tclient = http.DefaultClient\n\
         \t}\n\
         \tnextDelay := backoffDelays()\n",
    );
    if deadline {
        out.push_str(
            "\t// time.Now carries a monotonic reading: a clock change cannot move this.\n\
             \tdeadline := time.Now().Add(milliseconds(deadlineMs))\n\
             \t// What the call returns when the deadline ends it: the attempts made\n\
             \t// and the last one's failure.\n\
             \tgiveUp := &RetryError{Deadline: true}\n",
        );
    }
    if plan.key {
        out.push_str(
            "\t// One key for every attempt of this call: 128 bits from crypto/rand.\n\
             \tkeyBytes := make([]byte, 16)\n\
             \tif _, err := crand.Read(keyBytes); err != nil {\n\
             \t\treturn nil, err\n\
             \t}\n\
             \tkey := hex.EncodeToString(keyBytes)\n",
        );
    }
    out.push_str(
        "\tfor attempt := 1; ; attempt++ {\n\
         \t\treq, err := newRequest()\n\
         \t\tif err != nil {\n\
         \t\t\treturn nil, err\n\
         \t\t}\n",
    );
    if plan.key {
        out.push_str(
            "\t\t// The caller's own key is kept; otherwise this call's.\n\
             \t\tif req.Header.Get(\"Idempotency-Key\") == \"\" {\n\
             \t\t\treq.Header.Set(\"Idempotency-Key\", key)\n\
             \t\t}\n",
        );
    } else {
        out.push_str(
            "\t\t// A POST or PATCH sent twice may take effect twice: it is sent once.\n\
             \t\tsendOnce := !isIdempotent(req.Method)\n",
        );
    }
    out.push_str(
        "\t\t// The caller's context, taken before Do: its end ends the call. Each\n\
         \t\t// attempt runs under a child of it that also ends at the attempt's\n\
         \t\t// timeout. (With a Client.Timeout, Do adds a deadline of its own.)\n\
         \t\tctx := req.Context()\n\
         \t\ttimeout := milliseconds(attemptTimeoutMs)\n",
    );
    if deadline {
        out.push_str(
            "\t\tleft := time.Until(deadline)\n\
             \t\tif left <= 0 {\n\
             \t\t\t// The last wait woke up late: no attempt starts without time left.\n\
             \t\t\treturn nil, giveUp\n\
             \t\t}\n\
             \t\tif left < timeout {\n\
             \t\t\ttimeout = left // no attempt runs past the deadline\n\
             \t\t}\n",
        );
    }
    let send_once = if plan.key { "" } else { "sendOnce || " };
    let (take_error, refill, take_status) = if plan.budget {
        (
            "\t\t\t// No token left in the retry budget: give up as when retries run out.\n\
             \t\t\tif !takeRetryToken() {\n\
             \t\t\t\treturn nil, err\n\
             \t\t\t}\n",
            "\t\t\t// An answer that is not retried refills the retry budget a little.\n\
             \t\t\tif !isRetryable(resp.StatusCode) {\n\
             \t\t\t\trefillRetryBudget()\n\
             \t\t\t}\n",
            // Evaluated only while retries remain, so no token is taken for nothing.
            " || !takeRetryToken()",
        )
    } else {
        ("", "", "")
    };
    out.push_str(&format!(
        "\t\tattemptCtx, cancel := context.WithTimeout(ctx, timeout)\n\
         \t\tresp, err := client.Do(req.WithContext(attemptCtx))\n\
         \t\tvar wait time.Duration\n\
         \t\tif err != nil {{\n\
         \t\t\ttimedOut := attemptCtx.Err() != nil\n\
         \t\t\tcancel()\n\
         \t\t\t// The caller's context ending is the caller's decision; an attempt\n\
         \t\t\t// that timed out is retried like a network error.\n\
         \t\t\tif attempt > maxRetries || {send_once}ctx.Err() != nil || !(timedOut || isNetworkError(err)) {{\n\
         \t\t\t\treturn nil, err\n\
         \t\t\t}}\n\
         {take_error}\
         \t\t\twait = nextDelay()\n\
         \t\t}} else {{\n\
         {refill}\
         \t\t\tif {send_once}!isRetryable(resp.StatusCode) {{\n\
         \t\t\t\t// The attempt's context lives on while the caller reads the body.\n\
         \t\t\t\tresp.Body = cancelOnClose{{resp.Body, cancel}}\n\
         \t\t\t\treturn resp, nil\n\
         \t\t\t}}\n\
         \t\t\t// Drain and close the body we retry, so its connection is reused.\n\
         \t\t\t_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, drainLimitBytes))\n\
         \t\t\tresp.Body.Close()\n\
         \t\t\tcancel() // no attempt timer runs on through the wait\n\
         \t\t\tif attempt > maxRetries{take_status} {{\n\
         \t\t\t\treturn nil, &RetryError{{Attempts: attempt, StatusCode: resp.StatusCode, Status: resp.Status}}\n\
         \t\t\t}}\n\
         \t\t\twait = nextDelay()\n",
    ));
    if plan.honor {
        out.push_str(
            "\t\t\tif after, ok := retryAfter(resp.Header.Get(\"Retry-After\")); ok {\n\
             \t\t\t\twait = after\n\
             \t\t\t}\n",
        );
    }
    out.push_str("\t\t}\n");
    if deadline {
        out.push_str(
            "\t\t*giveUp = RetryError{Attempts: attempt, Err: err, Deadline: true}\n\
             \t\tif resp != nil {\n\
             \t\t\tgiveUp.StatusCode, giveUp.Status = resp.StatusCode, resp.Status\n\
             \t\t}\n\
             \t\tif time.Until(deadline) <= wait {\n\
             \t\t\treturn nil, giveUp\n\
             \t\t}\n",
        );
    }
    out.push_str(
        "\t\tif OnRetry != nil {\n\
         \t\t\tOnRetry(attempt, wait, resp, err)\n\
         \t\t}\n\
         \t\t// Sleep, unless the caller's context ends first.\n\
         \t\ttimer := time.NewTimer(wait)\n\
         \t\tselect {\n\
         \t\tcase <-ctx.Done():\n\
         \t\t\ttimer.Stop()\n\
         \t\t\treturn nil, ctx.Err()\n\
         \t\tcase <-timer.C:\n\
         \t\t}\n\
         \t}\n\
         }\n\n\
         // isRetryable: 408, 429 and 5xx but 501, 505, 511: a retry cannot fix those.\n\
         func isRetryable(status int) bool {\n\
         \treturn status == 408 || status == 429 ||\n\
         \t\t(status >= 500 && status != 501 && status != 505 && status != 511)\n\
         }\n\n\
         // isNetworkError reports whether a failed Do may work when tried again: the\n\
         // network failed (refused, reset, timed out, closed early). A bad URL or\n\
         // scheme, an invalid header, an untrusted certificate or a redirect loop\n\
         // fails the same way every time, and so does a proxy's refusal of the\n\
         // tunnel: net/http returns a CONNECT answered 403 or 407 as a bare error\n\
         // holding the proxy's reason phrase, not a net.Error. A proxy it cannot\n\
         // reach gives a *net.OpError (\"proxyconnect\"), which is retried.\n\
         func isNetworkError(err error) bool {\n\
         \tvar urlErr *url.Error\n\
         \tif errors.As(err, &urlErr) {\n\
         \t\terr = urlErr.Err // a *url.Error is a net.Error itself: look inside\n\
         \t}\n\
         \tvar netErr net.Error\n\
         \treturn errors.As(err, &netErr) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)\n\
         }\n\n",
    );
    out
}

/// The doc comment of `DoWithBackoff`: what it retries, how each attempt
/// is bounded, and what it hands back.
fn doc_comment(plan: &Plan) -> String {
    let methods = if plan.key {
        "Every method is retried: each attempt sends the same Idempotency-Key, the \
         request's own when newRequest sets one, otherwise a random one per call."
            .to_string()
    } else {
        format!(
            "Only {} are retried: any other method (POST, PATCH) is sent once, its \
             response or error handed back as it is.",
            RETRIED_METHODS.join(", ")
        )
    };
    let what = format!(
        "DoWithBackoff sends the request that newRequest builds, retrying 408, 429, \
         5xx (not 501, 505, 511), network errors and attempts that time out, with \
         backoff. newRequest runs once per attempt, so every attempt gets a fresh \
         body. {methods} A response that is not retried comes back as it is. When \
         retries run out on a retryable status, DoWithBackoff returns nil and a \
         *RetryError; a network error on the final attempt is returned as it is. A \
         nil client means http.DefaultClient."
    );
    let (bound, give_up) = match plan.deadline_ms {
        Some(_) => (
            " or at the deadline, whichever comes first",
            " When the deadline leaves no time for another attempt, it returns a \
             *RetryError with Deadline set.",
        ),
        None => ("", ""),
    };
    let attempts = format!(
        "Each attempt runs under a child of the request's context that ends after \
         attemptTimeoutMs{bound}. The request's own context ending (the caller's \
         cancellation) ends the loop at once, also during a wait.{give_up} A returned \
         response's body is read under its attempt's context, so the attempt's \
         timeout bounds that read too, as http.Client.Timeout does; closing the body \
         stops the attempt's timer."
    );
    let mut out = comment(&wrap(&what, 76), "// ");
    out.push_str("//\n");
    out.push_str(&comment(&wrap(&attempts, 76), "// "));
    out
}

/// `isIdempotent`, for the variant without an idempotency key: the methods
/// a retry cannot make take effect twice.
pub(super) fn is_idempotent() -> String {
    let cases: Vec<String> = RETRIED_METHODS.iter().map(|m| format!("\"{m}\"")).collect();
    format!(
        "// isIdempotent reports whether method may be sent again: RFC 9110 calls these\n\
         // idempotent (\"\" is GET). Any other, such as POST, is sent once.\n\
         func isIdempotent(method string) bool {{\n\
         \tswitch method {{\n\
         \tcase \"\", {}:\n\
         \t\treturn true\n\
         \t}}\n\
         \treturn false\n\
         }}\n\n",
        cases.join(", ")
    )
}
