//! Python: `request_with_backoff(method, url, **kwargs)` over
//! `requests.request`.

use super::{budget, comment, decimal, wrap, AttemptBound, Plan, PROXY_LINE, RETRIED_METHODS};
use crate::core::policy::{CapOrder, Jitter, MAX_DELAY_MS};

mod retry_after;

use retry_after::RETRY_AFTER;

/// Writes the Python snippet.
pub(super) fn write(plan: &Plan) -> String {
    let deadline = plan.deadline_ms.is_some();
    let mut out = comment(
        &plan.header_bounded(76, None, PROXY_LINE, AttemptBound::EachRead),
        "# ",
    );
    let budget = plan.budget.then(budget::py);
    if plan.budget {
        let scope = "every call in this process (every thread)";
        out.push_str(&comment(&wrap(&plan.budget_line(scope), 76), "# "));
    }
    out.push('\n');
    // Only the modules this variant uses, in isort's order.
    if plan.uses_random() {
        out.push_str("import random\n");
    }
    if plan.honor {
        out.push_str("import re\n");
    }
    if plan.budget {
        out.push_str("import threading\n");
    }
    out.push_str("import time\n");
    if plan.key {
        out.push_str("import uuid\n");
    }
    if plan.honor {
        out.push_str("from datetime import datetime, timedelta, timezone\n");
    }
    out.push_str("from typing import Any, Callable, Iterator, Optional, Tuple, Union\n");
    out.push_str("\nimport requests\n\n");
    out.push_str(&constants(plan));
    if !plan.key {
        out.push_str(&format!(
            "# The methods RFC 9110 calls idempotent: only these are retried.\n\
             RETRIED_METHODS = ({})\n",
            RETRIED_METHODS.map(|m| format!("\"{m}\"")).join(", ")
        ));
    }
    if let Some(budget) = &budget {
        out.push_str(&budget.state);
    }
    if plan.sleep_may_overflow() {
        out.push_str(&format!(
            "# time.sleep() overflows past about 292 years, so no wait is longer than this.\n\
             LONGEST_SLEEP_MS = {}\n",
            decimal(MAX_DELAY_MS as f64)
        ));
    }
    out.push_str(
        "# What a caller may pass as timeout=: seconds, or a (connect, read) pair.\n\
         CallerTimeout = Union[None, float, Tuple[Optional[float], Optional[float]]]\n\
         # on_retry(retry, wait_ms, the response or exception that is retried).\n\
         RetryHook = Callable[[int, float, Union[requests.Response, Exception]], None]\n",
    );
    out.push_str(&docstring(plan));
    out.push_str(
        "    if session is None:\n        \
         with requests.Session() as own:\n            \
         return request_with_backoff(method, url, own, on_retry, **kwargs)\n    \
         caller_timeout = kwargs.pop(\"timeout\", None)\n",
    );
    if plan.key {
        out.push_str(
            "    # One key for every attempt of this call: the caller's own when headers=\n    \
             # holds one (in any case), else a random one (uuid4 draws on os.urandom).\n    \
             headers = requests.structures.CaseInsensitiveDict(kwargs.get(\"headers\") or {})\n    \
             headers.setdefault(\"Idempotency-Key\", str(uuid.uuid4()))\n    \
             kwargs[\"headers\"] = headers\n    \
             if \"data\" in kwargs:\n        \
             kwargs[\"data\"] = _replayable(kwargs[\"data\"])\n",
        );
    } else {
        out.push_str(
            "    # A retried POST or PATCH may take effect twice: those are sent once.\n    \
             retried = method.upper() in RETRIED_METHODS\n    \
             if retried and \"data\" in kwargs:\n        \
             kwargs[\"data\"] = _replayable(kwargs[\"data\"])\n",
        );
    }
    if deadline {
        out.push_str("    deadline = time.monotonic() + DEADLINE_MS / 1000\n");
    } else {
        out.push_str("    timeout = _attempt_timeout(caller_timeout, ATTEMPT_TIMEOUT_MS / 1000)\n");
    }
    out.push_str("    failure: Union[requests.Response, Exception]\n");
    out.push_str("    delays = _backoff_delays()\n    for attempt in range(1, MAX_RETRIES + 2):\n");
    if deadline {
        out.push_str(
            "        # No attempt starts past the deadline: each gets the time left, at most.\n        \
             left_s = deadline - time.monotonic()\n        \
             if left_s <= 0:  # DEADLINE_MS is 0, or the last sleep woke up late\n            \
             message = f\"deadline of {DEADLINE_MS} ms reached after {_attempts(attempt - 1)}\"\n            \
             raise requests.Timeout(message)\n        \
             limit_s = min(ATTEMPT_TIMEOUT_MS / 1000, left_s)\n        \
             timeout = _attempt_timeout(caller_timeout, limit_s)\n",
        );
    }
    let give_up = if plan.key {
        "attempt > MAX_RETRIES"
    } else {
        "attempt > MAX_RETRIES or not retried"
    };
    let take_error = if plan.budget {
        "            # No token left in the retry budget: raise as when retries run out.\n            \
         if not _take_retry_token():\n                \
         raise\n"
    } else {
        ""
    };
    out.push_str(&format!(
        "        try:\n            \
         response = session.request(method, url, timeout=timeout, **kwargs)\n        \
         except requests.exceptions.SSLError:\n            \
         raise  # an untrusted certificate fails the same way every time\n        \
         except (\n            \
         requests.ConnectionError,\n            \
         requests.Timeout,  # the attempt's timeout, retried like a lost connection\n            \
         requests.exceptions.ChunkedEncodingError,  # a body cut off midway\n        \
         ) as error:\n            \
         if {give_up} or _proxy_refused(error):\n                \
         raise\n\
         {take_error}            \
         failure = error\n            \
         wait_ms = next(delays)\n",
    ));
    let late = "time.monotonic() + wait_ms / 1000 >= deadline";
    if deadline {
        out.push_str(&format!(
            "            if {late}:\n                \
             message = f\"deadline of {{DEADLINE_MS}} ms reached after {{_attempts(attempt)}}\"\n                \
             raise requests.Timeout(message) from error\n"
        ));
    }
    let refill = if plan.budget {
        "            # An answer that is not retried refills the retry budget a little.\n            \
         if not _is_retryable(response.status_code):\n                \
         _refill_retry_budget()\n"
    } else {
        ""
    };
    let take_status = if plan.budget {
        "            if not _take_retry_token():\n                \
         raise requests.HTTPError(\n                    \
         f\"retry budget empty after {_attempts(attempt)}: \"\n                    \
         f\"last status {response.status_code}\",\n                    \
         response=response,\n                \
         )\n"
    } else {
        ""
    };
    let hand_back = if plan.key {
        "not _is_retryable(response.status_code)"
    } else {
        "not retried or not _is_retryable(response.status_code)"
    };
    out.push_str(&format!(
        "        else:\n\
         {refill}            \
         if {hand_back}:\n                \
         return response\n            \
         if attempt > MAX_RETRIES:\n                \
         raise requests.HTTPError(\n                    \
         f\"giving up after {{_attempts(attempt)}}: \"\n                    \
         f\"last status {{response.status_code}}\",\n                    \
         response=response,\n                \
         )\n\
         {take_status}            \
         failure = response\n            \
         wait_ms = next(delays)\n",
    ));
    if plan.honor {
        out.push_str(
            "            after_ms = _retry_after_ms(response.headers.get(\"Retry-After\"))\n            \
             if after_ms is not None:\n                \
             wait_ms = after_ms\n",
        );
    }
    if deadline {
        out.push_str(&format!(
            "            if {late}:\n                \
             raise requests.HTTPError(\n                    \
             f\"deadline of {{DEADLINE_MS}} ms reached after {{_attempts(attempt)}}: \"\n                    \
             f\"last status {{response.status_code}}\",\n                    \
             response=response,\n                \
             )\n"
        ));
    }
    out.push_str(
        "            # Close the response we retry, so its connection goes back to the pool.\n            \
         response.close()\n",
    );
    out.push_str(
        "        if on_retry is not None:\n            \
         on_retry(attempt, wait_ms, failure)\n",
    );
    if plan.sleep_may_overflow() {
        out.push_str("        time.sleep(min(wait_ms, LONGEST_SLEEP_MS) / 1000)\n");
    } else {
        out.push_str("        time.sleep(wait_ms / 1000)\n");
    }
    // For type checkers, which cannot tell that the loop never falls through.
    out.push_str("    raise AssertionError(\"unreachable: the last attempt returns or raises\")\n");
    out.push_str(
        "\n\n\
         def _attempt_timeout(caller: CallerTimeout, limit_s: float) -> Tuple[float, float]:\n    \
         \"\"\"requests' (connect, read) timeout for one attempt: limit_s for each,\n    \
         or the caller's own timeout= (a number or a pair) where it is shorter.\n    \
         \"\"\"\n    \
         pair = caller if isinstance(caller, tuple) else (caller, caller)\n    \
         connect, read = (limit_s if t is None else min(t, limit_s) for t in pair)\n    \
         return connect, read\n\n\n\
         def _attempts(n: int) -> str:\n    \
         \"\"\"A count of attempts whose noun agrees with it: \"1 attempt\", \"2 attempts\".\"\"\"\n    \
         return f\"{n} attempt\" if n == 1 else f\"{n} attempts\"\n\n\n\
         def _replayable(data: Any) -> Any:\n    \
         \"\"\"data= as a body every attempt can send whole: a file is read into\n    \
         bytes once; an iterator or generator, which only the first attempt could\n    \
         read, raises TypeError before anything is sent.\n    \
         \"\"\"\n    \
         if hasattr(data, \"read\"):\n        \
         return data.read()\n    \
         if hasattr(data, \"__next__\"):\n        \
         raise TypeError(\"data= is an iterator, read once: pass bytes, str or a file\")\n    \
         return data\n",
    );
    out.push_str(
        "\n\n\
         def _proxy_refused(error: Exception) -> bool:\n    \
         \"\"\"Whether a proxy refused the tunnel (answered CONNECT with 403, 407...),\n    \
         as it will every time. requests raises ProxyError for that and for a proxy\n    \
         it cannot reach, which is retried; only the text of http.client's bare\n    \
         OSError, \"Tunnel connection failed: 403 Forbidden\", tells them apart.\n    \
         \"\"\"\n    \
         refused = \"Tunnel connection failed\" in str(error)\n    \
         return isinstance(error, requests.exceptions.ProxyError) and refused\n",
    );
    out.push_str(
        "\n\n\
         def _is_retryable(status: int) -> bool:\n    \
         \"\"\"408, 429 and 5xx but 501, 505, 511: a retry cannot fix those.\"\"\"\n    \
         return status in (408, 429) or (status >= 500 and status not in (501, 505, 511))\n",
    );
    if let Some(budget) = &budget {
        out.push_str(&budget.functions);
    }
    out.push_str("\n\n");
    out.push_str(&delays(plan));
    if plan.honor {
        out.push_str("\n\n");
        out.push_str(RETRY_AFTER);
    }
    out
}

/// The function's signature and docstring: what it retries, how each
/// attempt is bounded, and what it raises.
fn docstring(plan: &Plan) -> String {
    let mut out = String::from(
        "\n\n\
         def request_with_backoff(\n    \
         method: str,\n    \
         url: str,\n    \
         session: Optional[requests.Session] = None,\n    \
         on_retry: Optional[RetryHook] = None,\n    \
         **kwargs: Any,\n\
         ) -> requests.Response:\n    \
         \"\"\"Sends session.request(method, url, **kwargs), retrying 408, 429, 5xx\n    \
         (not 501, 505, 511) and network errors (a timed-out attempt and a body\n    \
         cut off midway too) with backoff.\n\n",
    );
    if plan.key {
        out.push_str(
            "    Every method is retried: each attempt of the call sends the same\n    \
             Idempotency-Key, the caller's own when headers= holds one, else a\n    \
             random one.\n\n",
        );
    } else {
        out.push_str(
            "    Only RETRIED_METHODS are retried: any other method (POST, PATCH) is\n    \
             sent once, and its response or error handed back as it is.\n\n",
        );
    }
    out.push_str(
        "    Pass a requests.Session to use its connections, auth and adapters;\n    \
         without one the call opens its own, so the attempts share a connection.\n    \
         Returns the final response. When retries run out on a retryable status\n    \
         it raises requests.HTTPError with the last response on .response; a\n    \
         network error on the final attempt is raised as it is.\n",
    );
    if plan.deadline_ms.is_some() {
        out.push_str(
            "    When the deadline leaves no time for another attempt, it raises\n    \
             requests.HTTPError (after a status) or requests.Timeout (after a network\n    \
             error, or when a late wake-up leaves no time at all) that says so.\n",
        );
    }
    // requests bounds the connect and each read, never a whole attempt.
    let bound = if plan.deadline_ms.is_some() {
        "\n    \
         Each attempt gets timeout=(connect, read) of ATTEMPT_TIMEOUT_MS each,\n    \
         cut to the time left before the deadline; a timeout= of the caller's\n    \
         own (seconds or a pair) is kept where it is shorter. requests has no\n    \
         limit on a whole attempt: the timeout bounds the connect and each read\n    \
         of the socket, so a server that stalls (sends nothing for that long) is\n    \
         cut off, but one that keeps trickling bytes can hold an attempt longer.\n"
    } else {
        "\n    \
         Each attempt gets timeout=(connect, read) of ATTEMPT_TIMEOUT_MS each; a\n    \
         timeout= of the caller's own (seconds or a pair) is kept where it is\n    \
         shorter. requests has no limit on a whole attempt: the timeout bounds\n    \
         the connect and each read of the socket, so a server that stalls (sends\n    \
         nothing for that long) is cut off and the attempt retried, but one that\n    \
         keeps trickling bytes can hold an attempt longer.\n"
    };
    out.push_str(bound);
    let when = if plan.key {
        ""
    } else {
        " (for a retried method)"
    };
    out.push_str(&format!(
        "\n    \
         A file passed as data= is read into memory once{when}, so\n    \
         every attempt sends it whole; an iterator or generator, which one\n    \
         attempt would use up, raises TypeError before anything is sent. Files in\n    \
         files= are not rewound: pass their contents as bytes.\n\n    \
         on_retry, when given, is called before each wait as\n    \
         on_retry(retry, wait_ms, failure): the retry's number (1 for the first),\n    \
         the wait in ms, and the response or exception that is retried.\n    \
         \"\"\"\n",
    ));
    out
}

/// The named constants.
fn constants(plan: &Plan) -> String {
    let mut out = String::new();
    for (name, value) in plan.constants() {
        out.push_str(&format!("{name} = {}\n", decimal(value)));
    }
    out
}

/// The generator of computed sleeps for the policy's jitter mode.
/// `random.uniform(a, b)` is `a + (b - a) * random()`, the core's draw.
fn delays(plan: &Plan) -> String {
    let mut out = String::from(
        "def _backoff_delays() -> Iterator[float]:\n    \
         \"\"\"Yields the computed sleep before each retry, in ms.\"\"\"\n",
    );
    if plan.jitter() == Jitter::Decorrelated {
        out.push_str(
            "    previous_ms: float = BASE_DELAY_MS\n    \
             while True:\n        \
             # max() keeps the range whole when the cap is below a third of the base.\n        \
             high_ms = max(BASE_DELAY_MS, previous_ms * 3)\n        \
             previous_ms = min(MAX_DELAY_MS, random.uniform(BASE_DELAY_MS, high_ms))\n        \
             yield previous_ms\n",
        );
        return out;
    }
    let sleep = match (plan.jitter(), plan.cap_order()) {
        (Jitter::None, _) => "capped_ms",
        (Jitter::Full, _) => "random.uniform(0, capped_ms)",
        (Jitter::Equal, _) => "random.uniform(capped_ms / 2, capped_ms)",
        (Jitter::Proportional, CapOrder::Before) => {
            "capped_ms * random.uniform(LOW_FACTOR, HIGH_FACTOR)"
        }
        (Jitter::Proportional, CapOrder::After) => {
            "min(MAX_DELAY_MS, backoff_ms * random.uniform(LOW_FACTOR, HIGH_FACTOR))"
        }
        (Jitter::Decorrelated, _) => unreachable!("written above"),
    };
    out.push_str("    backoff_ms: float = BASE_DELAY_MS\n    while True:\n");
    if sleep.contains("capped_ms") {
        out.push_str("        capped_ms = min(MAX_DELAY_MS, backoff_ms)\n");
    }
    out.push_str(&format!("        yield {sleep}\n"));
    if plan.grows_past_cap() {
        out.push_str(
            "        # Once backoff_ms * LOW_FACTOR reaches the cap every sleep is the cap,\n        \
             # so growth stops there and the value never overflows.\n        \
             if backoff_ms < MAX_DELAY_MS / LOW_FACTOR:\n            \
             backoff_ms *= MULTIPLIER\n",
        );
    } else {
        out.push_str(
            "        # Growth stops at the cap, so the value never overflows.\n        \
             if backoff_ms < MAX_DELAY_MS:\n            \
             backoff_ms *= MULTIPLIER\n",
        );
    }
    out
}
