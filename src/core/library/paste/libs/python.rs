//! urllib3, tenacity, google-api-core and the AWS SDKs (botocore's
//! `Config`, the shared config file, the JavaScript and Go SDKs' options).

use super::{Mark, Spec, CALLBACK, WHICH};
use crate::core::library::paste::read::{norm, Bare, Reader};
use crate::core::library::paste::value::{eval, Val};
use crate::core::library::tenacity::WAITS;

pub const URLLIB3: Spec = Spec {
    id: "urllib3",
    names: "urllib3 backoff_factor status_forcelist respect_retry_after_header \
        backoff_jitter backoff_max retry_after_max allowed_methods method_whitelist \
        raise_on_status HTTPAdapter",
    marks: &[],
    read: urllib3,
};

fn urllib3(r: &mut Reader) {
    // `Retry(5)`, and `HTTPAdapter(max_retries=5)`, which urllib3 reads
    // as `Retry(5)`.
    for i in r.calls("Retry") {
        r.call_args(i, &[(0, "total", "total", Bare::Plain)]);
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
    r.quiet("maxretries");
    r.take("total", "total", Bare::Plain, 0);
    r.take("backofffactor", "backoff_factor", Bare::S, 0);
    r.take("backoffmax", "backoff_max", Bare::S, 0);
    r.take("backoffjitter", "backoff_jitter", Bare::S, 0);
    r.take(
        "respectretryafterheader",
        "respect_retry_after_header",
        Bare::Plain,
        0,
    );
    r.take("retryaftermax", "retry_after_max", Bare::S, 0);
    r.aside(
        "connect read status other redirect",
        "a count for one kind of failure: the page reads total, which bounds them all",
    );
    r.aside("statusforcelist allowedmethods methodwhitelist", WHICH);
    r.aside(
        "raiseonstatus raiseonredirect removeheadersonredirect",
        "what happens after the last retry, not when retries happen",
    );
    r.rest_inside("Retry");
}

pub const TENACITY: Spec = Spec {
    id: "tenacity",
    names: "tenacity stop_after_attempt wait_exponential wait_random_exponential \
        wait_exponential_jitter wait_fixed wait_random wait_incrementing \
        stop_after_delay retry_if_exception_type AsyncRetrying",
    marks: &[],
    read: tenacity,
};

fn tenacity(r: &mut Reader) {
    for i in r.calls_named(&|k| WAITS.contains(&k)) {
        let wait = r.f.facts[i].key;
        r.put(wait, "wait", Val::Name(wait.to_string()), Bare::Plain, 0);
        // Positional order as tenacity declares them: wait_exponential
        // (multiplier, max, exp_base, min); wait_exponential_jitter
        // (initial, max, exp_base, jitter); 9.2 adds multiplier and min to
        // the latter by name.
        let jitter = wait == "wait_exponential_jitter";
        let (third, fourth) = if jitter {
            ("jitter", "jitter")
        } else {
            ("min", "min")
        };
        r.call_args(
            i,
            &[
                (0, "multiplier initial", "multiplier", Bare::S),
                (1, "max", "max", Bare::S),
                (2, "expbase", "exp_base", Bare::Plain),
                (3, third, fourth, Bare::S),
            ],
        );
        if jitter {
            r.call_args(i, &[(usize::MAX, "min", "min", Bare::S)]);
        }
    }
    r.take("stopafterattempt", "stop_after_attempt", Bare::Plain, 0);
    r.quiet("stop wait");
    r.aside(
        "stopafterdelay stopbeforedelay stopwhenevent_set",
        "a time budget: the page's tenacity model stops after a number of attempts",
    );
    r.aside(
        "waitfixed waitrandom waitincrementing waitchain waitnone waitcombine",
        "not one of the three exponential waits the page models",
    );
    r.aside(
        "retryifexceptiontype retryifresult retryifexception retryifnotresult",
        WHICH,
    );
    r.aside(
        "before after beforesleep retryerrorcallback reraise",
        CALLBACK,
    );
    r.rest_inside("retry Retrying AsyncRetrying");
}

pub const GOOGLE: Spec = Spec {
    id: "google-api-core",
    names: "api_core ExponentialTimeout if_transient_error if_exception_type \
        retry_delay_multiplier initial_retry_delay_millis",
    marks: &[
        Mark::KeyIn("initial", "Retry"),
        Mark::KeyIn("maximum", "Retry"),
        Mark::KeyIn("initial", "AsyncRetry"),
    ],
    read: google,
};

fn google(r: &mut Reader) {
    r.aside_inside(
        "ExponentialTimeout",
        "ExponentialTimeout sets each attempt's own timeout, not the wait between attempts",
    );
    r.aside(
        "initialrpctimeoutmillis rpctimeoutmultiplier maxrpctimeoutmillis",
        "each attempt's own timeout, not the wait between attempts",
    );
    r.take("initial", "initial", Bare::S, 0);
    r.take("initialretrydelaymillis", "initial", Bare::Ms, 0);
    r.take("maximum", "maximum", Bare::S, 0);
    r.take("maxretrydelaymillis", "maximum", Bare::Ms, 0);
    r.take(
        "multiplier retrydelaymultiplier",
        "multiplier",
        Bare::Plain,
        0,
    );
    r.take("timeout deadline", "timeout", Bare::S, 0);
    r.take("totaltimeoutmillis", "timeout", Bare::Ms, 0);
    r.aside("predicate", WHICH);
    r.aside("onerror", CALLBACK);
    r.rest_inside("Retry AsyncRetry StreamingRetry AsyncStreamingRetry");
}

pub const AWS: Spec = Spec {
    id: "aws",
    names: "botocore boto3 retry_mode total_max_attempts AWS_MAX_ATTEMPTS AWS_RETRY_MODE \
        retryMode WithRetryMaxAttempts AddWithMaxAttempts",
    marks: &[Mark::Text("@aws-sdk/"), Mark::Text("aws-sdk-go")],
    read: aws,
};

fn aws(r: &mut Reader) {
    // botocore's `Config(retries={'max_attempts': N})` counts retries;
    // everywhere else (the config file, AWS_MAX_ATTEMPTS, the JavaScript
    // and Go SDKs, `total_max_attempts`) counts attempts.
    let retries: Vec<usize> = r
        .open()
        .filter(|(_, f)| {
            f.value.is_some() && norm(f.key) == "maxattempts" && r.f.inside(f.within, "retries")
        })
        .map(|(i, _)| i)
        .collect();
    for i in retries {
        r.used[i] = true;
        let v = eval(r.f.facts[i].value.expect("a key"), r.f);
        r.put("max_attempts", "max_attempts", v, Bare::Plain, 1);
    }
    for i in r.calls("AddWithMaxAttempts") {
        r.call_args(i, &[(1, "", "max_attempts", Bare::Plain)]);
    }
    r.take(
        "totalmaxattempts maxattempts awsmaxattempts retrymaxattempts",
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
                    || (k == "mode" && r.f.inside(f.within, "retries")))
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
