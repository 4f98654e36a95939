//! Go: `DoWithBackoff(client, newRequest)` over `net/http`, in a package of
//! its own. The text is gofmt-clean and builds on Go 1.19: no `min`/`max`
//! builtins, and a seeded `math/rand` source (before Go 1.20 the shared one
//! starts from the same seed in every process).
//!
//! Each attempt runs under `context.WithTimeout` of the request's own
//! context (the attempt timeout, or the time left before the deadline), so
//! the caller's cancellation is told from an attempt's timeout by asking the
//! caller's context. A handed-back response keeps its attempt's context
//! until its body is closed (`cancelOnClose`); a retried one's is cancelled
//! before the wait. `OnRetry` is a package-level hook, the Go way to watch a
//! package's retries without changing `DoWithBackoff`'s signature.

use super::{comment, decimal, wrap, Plan, PROXY_LINE, RETRIED_METHODS};
use crate::core::policy::{CapOrder, Jitter};

/// Writes the Go snippet.
pub(super) fn write(plan: &Plan) -> String {
    let deadline = plan.deadline_ms.is_some();
    let mut out = comment(&plan.header(76, None, PROXY_LINE), "// ");
    out.push_str(&comment(
        &wrap(
            "Retry hook: set OnRetry to see each retry before its wait (its number, \
             the wait, and the response or error), to log or count retries.",
            76,
        ),
        "// ",
    ));
    out.push_str("\n// Package retry sends HTTP requests with capped exponential backoff.\n");
    out.push_str("package retry\n\n");
    out.push_str(&imports(plan));
    out.push('\n');
    out.push_str(&constants(plan));
    out.push_str(
        "\n// drainLimitBytes is the most of a retried response's body read before it is\n\
         // closed: a drained body lets the next attempt reuse the connection.\n\
         const drainLimitBytes = 64 << 10\n\n",
    );
    out.push_str(&error_type(deadline));
    out.push_str(
        "// OnRetry, when set, is called before each wait with the retry's number (1\n\
         // for the first retry), the wait, and what is retried: the response, whose\n\
         // body is already closed (read its status and headers only), or the error.\n\
         // Use it to log or count retries. Set it before the first call: every call\n\
         // reads it.\n\
         var OnRetry func(retry int, wait time.Duration, resp *http.Response, err error)\n\n",
    );
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
         \t\t\twait = nextDelay()\n\
         \t\t}} else {{\n\
         \t\t\tif {send_once}!isRetryable(resp.StatusCode) {{\n\
         \t\t\t\t// The attempt's context lives on while the caller reads the body.\n\
         \t\t\t\tresp.Body = cancelOnClose{{resp.Body, cancel}}\n\
         \t\t\t\treturn resp, nil\n\
         \t\t\t}}\n\
         \t\t\t// Drain and close the body we retry, so its connection is reused.\n\
         \t\t\t_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, drainLimitBytes))\n\
         \t\t\tresp.Body.Close()\n\
         \t\t\tcancel() // no attempt timer runs on through the wait\n\
         \t\t\tif attempt > maxRetries {{\n\
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
    if !plan.key {
        out.push_str(&is_idempotent());
    }
    out.push_str(
        "// cancelOnClose is a response body whose Close also ends its attempt's\n\
         // context, which stops the attempt's timer.\n\
         type cancelOnClose struct {\n\
         \tio.ReadCloser\n\
         \tcancel context.CancelFunc\n\
         }\n\n\
         func (b cancelOnClose) Close() error {\n\
         \terr := b.ReadCloser.Close()\n\
         \tb.cancel()\n\
         \treturn err\n\
         }\n\n",
    );
    out.push_str(&delays(plan));
    if plan.uses_random() {
        out.push_str(
            "\n// uniform draws from [low, high).\n\
             func uniform(rng *rand.Rand, low, high float64) float64 {\n\
             \treturn low + (high-low)*rng.Float64()\n\
             }\n",
        );
    }
    out.push_str(
        "\n// milliseconds turns a count of milliseconds into a Duration.\n\
         func milliseconds(ms float64) time.Duration {\n",
    );
    if plan.sleep_may_overflow() {
        out.push_str(
            "\t// A Duration holds about 292 years; a longer wait is held to that.\n\
             \tif ms >= float64(math.MaxInt64/time.Millisecond) {\n\
             \t\treturn math.MaxInt64\n\
             \t}\n",
        );
    }
    out.push_str(
        "\treturn time.Duration(ms * float64(time.Millisecond))\n\
         }\n",
    );
    if plan.honor {
        out.push('\n');
        out.push_str(RETRY_AFTER);
    }
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
fn is_idempotent() -> String {
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

/// `RetryError`, the typed give-up error, with its methods; the deadline
/// adds the last network error and a flag.
fn error_type(deadline: bool) -> String {
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
const ATTEMPTS_FN: &str = "// attempts spells a count of attempts: \"1 attempt\", \"2 attempts\".\n\
     func attempts(n int) string {\n\
     \tif n == 1 {\n\
     \t\treturn \"1 attempt\"\n\
     \t}\n\
     \treturn fmt.Sprintf(\"%d attempts\", n)\n\
     }\n\n";

/// The import block: only the packages this variant uses (Go refuses
/// unused imports), in gofmt's order.
fn imports(plan: &Plan) -> String {
    let mut packages = vec!["\"context\""];
    if plan.key {
        packages.extend(["crand \"crypto/rand\"", "\"encoding/hex\""]);
    }
    packages.extend(["\"errors\"", "\"fmt\"", "\"io\"", "\"math\""]);
    if plan.uses_random() {
        packages.push("\"math/rand\"");
    }
    packages.extend(["\"net\"", "\"net/http\"", "\"net/url\""]);
    if plan.honor {
        packages.extend(["\"regexp\"", "\"strconv\"", "\"strings\""]);
    }
    packages.push("\"time\"");
    let mut out = String::from("import (\n");
    for package in packages {
        out.push_str(&format!("\t{package}\n"));
    }
    out.push_str(")\n");
    out
}

/// The constant block in Go's camel case (`baseDelayMs`), aligned the way
/// gofmt aligns it. The constants are untyped, so they mix with `float64`
/// and `int` alike.
fn constants(plan: &Plan) -> String {
    let pairs: Vec<(String, String)> = plan
        .constants()
        .into_iter()
        .map(|(name, value)| (camel_case(name), decimal(value)))
        .collect();
    let width = pairs.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    let mut out = String::from("const (\n");
    for (name, value) in pairs {
        out.push_str(&format!("\t{name:<width$} = {value}\n"));
    }
    out.push_str(")\n");
    out
}

/// `BASE_DELAY_MS` as `baseDelayMs`: unexported, in Go's style.
fn camel_case(name: &str) -> String {
    let mut out = String::new();
    for (i, word) in name.split('_').enumerate() {
        let word = word.to_ascii_lowercase();
        if i == 0 {
            out.push_str(&word);
        } else {
            let mut chars = word.chars();
            if let Some(first) = chars.next() {
                out.push(first.to_ascii_uppercase());
                out.push_str(chars.as_str());
            }
        }
    }
    out
}

/// `backoffDelays`, which returns the closure of computed sleeps for the
/// policy's jitter mode.
fn delays(plan: &Plan) -> String {
    let mut out = String::from(
        "// backoffDelays returns a function that gives the computed sleep before\n\
         // each retry.\n\
         func backoffDelays() func() time.Duration {\n",
    );
    if plan.uses_random() {
        out.push_str(
            "\t// Before Go 1.20, math/rand's shared source starts from the same seed in\n\
             \t// every process, which would give every client the same jitter.\n\
             \trng := rand.New(rand.NewSource(time.Now().UnixNano()))\n",
        );
    }
    if plan.jitter() == Jitter::Decorrelated {
        out.push_str(
            "\tpreviousMs := float64(baseDelayMs)\n\
             \treturn func() time.Duration {\n\
             \t\t// math.Max keeps the range whole when the cap is below a third of the base.\n\
             \t\thighMs := math.Max(baseDelayMs, previousMs*3)\n\
             \t\tpreviousMs = math.Min(maxDelayMs, uniform(rng, baseDelayMs, highMs))\n\
             \t\treturn milliseconds(previousMs)\n\
             \t}\n\
             }\n",
        );
        return out;
    }
    let sleep = match (plan.jitter(), plan.cap_order()) {
        (Jitter::None, _) => "cappedMs",
        (Jitter::Full, _) => "uniform(rng, 0, cappedMs)",
        (Jitter::Equal, _) => "uniform(rng, cappedMs/2, cappedMs)",
        (Jitter::Proportional, CapOrder::Before) => {
            "cappedMs * uniform(rng, lowFactor, highFactor)"
        }
        (Jitter::Proportional, CapOrder::After) => {
            "math.Min(maxDelayMs, backoffMs*uniform(rng, lowFactor, highFactor))"
        }
        (Jitter::Decorrelated, _) => unreachable!("written above"),
    };
    out.push_str("\tbackoffMs := float64(baseDelayMs)\n\treturn func() time.Duration {\n");
    if sleep == "cappedMs" {
        out.push_str("\t\tsleepMs := math.Min(maxDelayMs, backoffMs)\n");
    } else {
        if sleep.contains("cappedMs") {
            out.push_str("\t\tcappedMs := math.Min(maxDelayMs, backoffMs)\n");
        }
        out.push_str(&format!("\t\tsleepMs := {sleep}\n"));
    }
    if plan.grows_past_cap() {
        out.push_str(
            "\t\t// Once backoffMs * lowFactor reaches the cap every sleep is the cap,\n\
             \t\t// so growth stops there and the value never overflows.\n\
             \t\tif backoffMs < float64(maxDelayMs)/lowFactor {\n",
        );
    } else {
        out.push_str(
            "\t\t// Growth stops at the cap, so the value never overflows.\n\
             \t\tif backoffMs < maxDelayMs {\n",
        );
    }
    out.push_str(
        "\t\t\tbackoffMs *= multiplier\n\
         \t\t}\n\
         \t\treturn milliseconds(sleepMs)\n\
         \t}\n\
         }\n",
    );
    out
}

/// The strict `Retry-After` reader; the same for every policy. Like the
/// page's tester, it wants the weekday to match the date, takes second 60
/// only as 23:59:60, and decides RFC 850's "more than 50 years ahead" on
/// the calendar.
const RETRY_AFTER: &str = r#"const (
	weekdays    = "SunMonTueWedThuFriSat"
	months      = "JanFebMarAprMayJunJulAugSepOctNovDec"
	weekday     = `(?P<weekday>Mon|Tue|Wed|Thu|Fri|Sat|Sun)`
	longWeekday = `(?P<weekday>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)`
	monthName   = `(?P<month>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)`
	clock       = `(?P<hour>[0-9]{2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})`
)

var delaySeconds = regexp.MustCompile(`^[0-9]+$`)

// httpDates holds the three HTTP-date shapes of RFC 9110 section 5.6.7,
// matched exactly (case-sensitive).
var httpDates = []*regexp.Regexp{
	// IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
	regexp.MustCompile(`^` + weekday + `, (?P<day>[0-9]{2}) ` + monthName + ` (?P<year>[0-9]{4}) ` + clock + ` GMT$`),
	// RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
	regexp.MustCompile(`^` + longWeekday + `, (?P<day>[0-9]{2})-` + monthName + `-(?P<year>[0-9]{2}) ` + clock + ` GMT$`),
	// asctime: Sun Nov  6 08:49:37 1994
	regexp.MustCompile(`^` + weekday + ` ` + monthName + ` (?P<day>[ 0-9][0-9]) ` + clock + ` (?P<year>[0-9]{4})$`),
}

// retryAfter reads a Retry-After value as a wait of at most retryAfterMaxMs:
// all digits are seconds; an HTTP-date is the time until it. For anything
// else (1.5, -1, 1e3, an ISO timestamp), 0 or a past date, ok is
// false, and the computed delay applies.
func retryAfter(value string) (wait time.Duration, ok bool) {
	value = strings.Trim(value, " \t")
	ms := 0.0
	if delaySeconds.MatchString(value) {
		// Digits always parse; too many for a float64 give +Inf, which clamps too.
		seconds, _ := strconv.ParseFloat(value, 64)
		ms = seconds * 1000
	} else if date, ok := httpDate(value); ok {
		ms = float64(time.Until(date)) / float64(time.Millisecond)
	}
	if ms <= 0 {
		return 0, false
	}
	return milliseconds(math.Min(ms, retryAfterMaxMs)), true
}

// httpDate reads an HTTP-date from the fields of a strict pattern, never
// with a lenient parser. The weekday must match the date, and a leap second
// can only be 23:59:60.
func httpDate(text string) (time.Time, bool) {
	for _, shape := range httpDates {
		match := shape.FindStringSubmatch(text)
		if match == nil {
			continue
		}
		field := func(name string) string { return match[shape.SubexpIndex(name)] }
		number := func(name string) int {
			// The pattern admits only digits, and asctime's day may lead with a space.
			n, _ := strconv.Atoi(strings.TrimLeft(field(name), " "))
			return n
		}
		hour, minute, second := number("hour"), number("minute"), number("second")
		leap := hour == 23 && minute == 59 && second == 60
		if hour > 23 || minute > 59 || (second > 59 && !leap) {
			return time.Time{}, false
		}
		seconds := (hour*60+minute)*60 + second
		// Every name in months and weekdays is three letters long.
		month := time.Month(strings.Index(months, field("month"))/3 + 1)
		day := number("day")
		year := number("year")
		if len(field("year")) == 2 {
			year = rfc850Year(year, month, day, seconds)
		}
		midnight := time.Date(year, month, day, 0, 0, 0, 0, time.UTC)
		// time.Date moves a day the month lacks (31 Feb) into the next month.
		if midnight.Day() != day {
			return time.Time{}, false
		}
		if int(midnight.Weekday()) != strings.Index(weekdays, field("weekday")[:3])/3 {
			return time.Time{}, false
		}
		return midnight.Add(time.Duration(seconds) * time.Second), true
	}
	return time.Time{}, false
}

// rfc850Year reads RFC 850's two-digit year as RFC 9110 asks: the latest
// year with those digits whose date is not more than 50 years ahead.
func rfc850Year(twoDigits int, month time.Month, day, seconds int) int {
	now := time.Now()
	thisYear := now.UTC().Year()
	year := thisYear - thisYear%100 + twoDigits + 100
	for time.Date(year-50, month, day, 0, 0, seconds, 0, time.UTC).After(now) {
		year -= 100
	}
	return year
}
"#;
