//! urllib3, tenacity, google-api-core and the AWS SDKs (botocore's
//! `Config`, the shared config file, the JavaScript and Go SDKs' options).

use super::{Mark, Spec, CALLBACK, WHICH};
use crate::core::library::paste::read::{norm, Bare, Reader};
use crate::core::library::paste::value::{eval, Val};
use crate::core::library::tenacity::WAITS;

pub const URLLIB3: Spec = Spec {
    id: "urllib3",
    marks: &[
        Mark::Name("urllib3"),
        Mark::Name("backoff_factor"),
        Mark::Name("status_forcelist"),
        Mark::Name("respect_retry_after_header"),
        Mark::Name("backoff_jitter"),
        Mark::Name("backoff_max"),
        Mark::Name("retry_after_max"),
        Mark::Name("allowed_methods"),
        Mark::Name("method_whitelist"),
        Mark::Name("raise_on_status"),
        Mark::Name("HTTPAdapter"),
    ],
    read: urllib3,
};

fn urllib3(r: &mut Reader) {
    // `Retry(5)`, and `HTTPAdapter(max_retries=5)`, which urllib3 reads
    // as `Retry(5)`.
    for i in r.calls(&["Retry"]) {
        r.call_args(i, &[(0, &["total"], "total", Bare::Plain)]);
    }
    let counts: Vec<usize> = r
        .open()
        .filter(|(_, f)| {
            norm(f.key) == "maxretries"
                && matches!(f.value.map(|v| eval(v, r.f)), Some(Val::Num(..)))
        })
        .map(|(i, _)| i)
        .collect();
    for i in counts {
        r.used[i] = true;
        let v = eval(r.f.facts[i].value.expect("a key"), r.f);
        r.put("max_retries", "total", v, Bare::Plain, 0);
    }
    r.quiet(&["maxretries"]);
    r.take(&["total"], "total", Bare::Plain, 0);
    r.take(&["backofffactor"], "backoff_factor", Bare::S, 0);
    r.take(&["backoffmax"], "backoff_max", Bare::S, 0);
    r.take(&["backoffjitter"], "backoff_jitter", Bare::S, 0);
    r.take(
        &["respectretryafterheader"],
        "respect_retry_after_header",
        Bare::Plain,
        0,
    );
    r.take(&["retryaftermax"], "retry_after_max", Bare::S, 0);
    r.aside(
        &["connect", "read", "status", "other", "redirect"],
        "a count for one kind of failure: the page reads total, which bounds them all",
    );
    r.aside(
        &["statusforcelist", "allowedmethods", "methodwhitelist"],
        WHICH,
    );
    r.aside(
        &[
            "raiseonstatus",
            "raiseonredirect",
            "removeheadersonredirect",
        ],
        "what happens after the last retry, not when retries happen",
    );
    r.rest_inside(&["Retry"]);
}

pub const TENACITY: Spec = Spec {
    id: "tenacity",
    marks: &[
        Mark::Name("tenacity"),
        Mark::Name("stop_after_attempt"),
        Mark::Name("wait_exponential"),
        Mark::Name("wait_random_exponential"),
        Mark::Name("wait_exponential_jitter"),
        Mark::Name("wait_fixed"),
        Mark::Name("wait_random"),
        Mark::Name("wait_incrementing"),
        Mark::Name("stop_after_delay"),
        Mark::Name("retry_if_exception_type"),
        Mark::Name("AsyncRetrying"),
    ],
    read: tenacity,
};

fn tenacity(r: &mut Reader) {
    for i in r.calls(WAITS) {
        let wait = r.f.facts[i].key;
        r.put(wait, "wait", Val::Name(wait.to_string()), Bare::Plain, 0);
        // Positional order as tenacity declares them: wait_exponential
        // (multiplier, max, exp_base, min); wait_exponential_jitter
        // (initial, max, exp_base, jitter); 9.2 adds multiplier and min to
        // the latter by name.
        let jitter = wait == "wait_exponential_jitter";
        let (third, fourth): (&[&str], &str) = if jitter {
            (&["jitter"], "jitter")
        } else {
            (&["min"], "min")
        };
        r.call_args(
            i,
            &[
                (0, &["multiplier", "initial"], "multiplier", Bare::S),
                (1, &["max"], "max", Bare::S),
                (2, &["expbase"], "exp_base", Bare::Plain),
                (3, third, fourth, Bare::S),
            ],
        );
        if jitter {
            r.call_args(i, &[(usize::MAX, &["min"], "min", Bare::S)]);
        }
    }
    r.take(&["stopafterattempt"], "stop_after_attempt", Bare::Plain, 0);
    r.quiet(&["stop", "wait"]);
    r.aside(
        &["stopafterdelay", "stopbeforedelay", "stopwhenevent_set"],
        "a time budget: the page's tenacity model stops after a number of attempts",
    );
    r.aside(
        &[
            "waitfixed",
            "waitrandom",
            "waitincrementing",
            "waitchain",
            "waitnone",
            "waitcombine",
        ],
        "not one of the three exponential waits the page models",
    );
    r.aside(
        &[
            "retryifexceptiontype",
            "retryifresult",
            "retryifexception",
            "retryifnotresult",
        ],
        WHICH,
    );
    r.aside(
        &[
            "before",
            "after",
            "beforesleep",
            "retryerrorcallback",
            "reraise",
        ],
        CALLBACK,
    );
    r.rest_inside(&["retry", "Retrying", "AsyncRetrying"]);
}

pub const GOOGLE: Spec = Spec {
    id: "google-api-core",
    marks: &[
        Mark::Name("api_core"),
        Mark::Name("ExponentialTimeout"),
        Mark::Name("if_transient_error"),
        Mark::Name("if_exception_type"),
        Mark::Name("retry_delay_multiplier"),
        Mark::Name("initial_retry_delay_millis"),
        Mark::KeyIn("initial", "Retry"),
        Mark::KeyIn("maximum", "Retry"),
        Mark::KeyIn("initial", "AsyncRetry"),
    ],
    read: google,
};

fn google(r: &mut Reader) {
    r.aside_inside(
        &["ExponentialTimeout"],
        "ExponentialTimeout sets each attempt's own timeout, not the wait between attempts",
    );
    r.aside(
        &[
            "initialrpctimeoutmillis",
            "rpctimeoutmultiplier",
            "maxrpctimeoutmillis",
        ],
        "each attempt's own timeout, not the wait between attempts",
    );
    r.take(&["initial"], "initial", Bare::S, 0);
    r.take(&["initialretrydelaymillis"], "initial", Bare::Ms, 0);
    r.take(&["maximum"], "maximum", Bare::S, 0);
    r.take(&["maxretrydelaymillis"], "maximum", Bare::Ms, 0);
    r.take(
        &["multiplier", "retrydelaymultiplier"],
        "multiplier",
        Bare::Plain,
        0,
    );
    r.take(&["timeout", "deadline"], "timeout", Bare::S, 0);
    r.take(&["totaltimeoutmillis"], "timeout", Bare::Ms, 0);
    r.aside(&["predicate"], WHICH);
    r.aside(&["onerror"], CALLBACK);
    r.rest_inside(&[
        "Retry",
        "AsyncRetry",
        "StreamingRetry",
        "AsyncStreamingRetry",
    ]);
}

pub const AWS: Spec = Spec {
    id: "aws",
    marks: &[
        Mark::Name("botocore"),
        Mark::Name("boto3"),
        Mark::Name("retry_mode"),
        Mark::Name("total_max_attempts"),
        Mark::Name("AWS_MAX_ATTEMPTS"),
        Mark::Name("AWS_RETRY_MODE"),
        Mark::Name("retryMode"),
        Mark::Name("WithRetryMaxAttempts"),
        Mark::Name("AddWithMaxAttempts"),
        Mark::Text("@aws-sdk/"),
        Mark::Text("aws-sdk-go"),
    ],
    read: aws,
};

fn aws(r: &mut Reader) {
    // botocore's `Config(retries={'max_attempts': N})` counts retries;
    // everywhere else (the config file, AWS_MAX_ATTEMPTS, the JavaScript
    // and Go SDKs, `total_max_attempts`) counts attempts.
    let retries: Vec<usize> = r
        .open()
        .filter(|(_, f)| {
            f.value.is_some() && norm(f.key) == "maxattempts" && r.f.inside(f.within, &["retries"])
        })
        .map(|(i, _)| i)
        .collect();
    for i in retries {
        r.used[i] = true;
        let v = eval(r.f.facts[i].value.expect("a key"), r.f);
        r.put("max_attempts", "max_attempts", v, Bare::Plain, 1);
    }
    for i in r.calls(&["AddWithMaxAttempts"]) {
        r.call_args(i, &[(1, &[], "max_attempts", Bare::Plain)]);
    }
    r.take(
        &[
            "totalmaxattempts",
            "maxattempts",
            "awsmaxattempts",
            "retrymaxattempts",
        ],
        "max_attempts",
        Bare::Plain,
        0,
    );
    let modes: Vec<usize> = r
        .open()
        .filter(|(_, f)| {
            let k = norm(f.key);
            f.value.is_some()
                && (k == "retrymode"
                    || k == "awsretrymode"
                    || (k == "mode" && r.f.inside(f.within, &["retries"])))
        })
        .map(|(i, _)| i)
        .collect();
    for i in modes {
        r.used[i] = true;
        let fact = &r.f.facts[i];
        let mode = match eval(fact.value.expect("a key"), r.f) {
            Val::Text(t) | Val::Name(t) => t.to_ascii_lowercase(),
            _ => String::new(),
        };
        match mode.as_str() {
            "standard" => {}
            "adaptive" => r.ignore(
                fact.key,
                "adaptive: standard mode's delays plus a client-side rate limiter, which the page does not model",
            ),
            _ => r.ignore(fact.key, "the page models standard mode; legacy mode's delays and counts differ"),
        }
    }
}
