//! urllib3, tenacity, google-api-core and the AWS SDKs (botocore's
//! `Config`, the shared config file, the JavaScript and Go SDKs' options).

use super::{Mark, Spec};
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
    let facts = r.f;
    let counts = r.pick(&|f| {
        norm(f.key) == "maxretries" && matches!(f.value.map(|v| eval(v, facts)), Some(Val::Num(..)))
    });
    for i in counts {
        let Some(v) = r.f.facts.get(i).and_then(|f| f.value) else {
            continue;
        };
        let v = eval(v, r.f);
        r.put("max_retries", "total", v, Bare::Plain, 0);
    }
    r.run(
        "quiet maxretries;\
         take total > total;\
         take backofffactor > backoff_factor s;\
         take backoffmax > backoff_max s;\
         take backoffjitter > backoff_jitter s;\
         take respectretryafterheader > respect_retry_after_header;\
         take retryaftermax > retry_after_max s;\
         aside connect read status other redirect: a count for one kind of failure: the page reads total, which bounds them all;\
         aside statusforcelist allowedmethods methodwhitelist: which;\
         aside raiseonstatus raiseonredirect removeheadersonredirect: what happens after the last retry, not when retries happen;\
         rest Retry",
    );
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
        let Some(wait) = r.f.facts.get(i).map(|f| f.key) else {
            continue;
        };
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
    r.run(
        "take stopafterattempt > stop_after_attempt;\
         quiet stop wait;\
         aside stopafterdelay stopbeforedelay: a time budget: the page's tenacity model stops after a number of attempts;\
         aside waitfixed waitrandom waitincrementing waitchain waitnone waitcombine: not one of the three exponential waits the page models;\
         aside retryifexceptiontype retryifresult retryifexception retryifnotresult: which;\
         aside before after beforesleep retryerrorcallback reraise: callback;\
         rest retry Retrying AsyncRetrying",
    );
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
    r.run(
        "within ExponentialTimeout: ExponentialTimeout sets each attempt's own timeout, not the wait between attempts;\
         aside initialrpctimeoutmillis rpctimeoutmultiplier maxrpctimeoutmillis: each attempt's own timeout, not the wait between attempts;\
         take initial > initial s;\
         take initialretrydelaymillis > initial ms;\
         take maximum > maximum s;\
         take maxretrydelaymillis > maximum ms;\
         take multiplier retrydelaymultiplier > multiplier;\
         take timeout deadline > timeout s;\
         take totaltimeoutmillis > timeout ms;\
         aside predicate: which;\
         aside onerror: callback;\
         rest Retry AsyncRetry StreamingRetry AsyncStreamingRetry",
    );
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
    let facts = r.f;
    let retries = r.pick(&|f| {
        f.value.is_some() && norm(f.key) == "maxattempts" && facts.inside(f.within, "retries")
    });
    for i in retries {
        let Some(v) = r.f.facts.get(i).and_then(|f| f.value) else {
            continue;
        };
        let v = eval(v, r.f);
        r.put("max_attempts", "max_attempts", v, Bare::Plain, 1);
    }
    for i in r.calls("AddWithMaxAttempts") {
        r.call_args(i, &[(1, "", "max_attempts", Bare::Plain)]);
    }
    r.run("take totalmaxattempts maxattempts awsmaxattempts retrymaxattempts > max_attempts");
    let facts = r.f;
    let modes = r.pick(&|f| {
        let k = norm(f.key);
        f.value.is_some()
            && (k == "retrymode"
                || k == "awsretrymode"
                || (k == "mode" && facts.inside(f.within, "retries")))
    });
    for i in modes {
        let Some((fact, v)) = r.f.facts.get(i).and_then(|f| Some((f, f.value?))) else {
            continue;
        };
        let mode = match eval(v, r.f) {
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
