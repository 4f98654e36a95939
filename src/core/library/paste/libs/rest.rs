//! JavaScript (p-retry, axios-retry), Rust (backon), C# (Polly) and the
//! two data formats (gRPC's service config JSON, Envoy's route YAML or
//! JSON).

use super::{Mark, Spec, CALLBACK, WHICH};
use crate::core::library::paste::read::{norm, Bare, Reader};

pub const P_RETRY: Spec = Spec {
    id: "p-retry",
    names: "pRetry minTimeout maxTimeout maxRetryTime onFailedAttempt",
    marks: &[Mark::Text("p-retry")],
    read: p_retry,
};

fn p_retry(r: &mut Reader) {
    r.take("retries", "retries", Bare::Plain, 0);
    r.take("factor", "factor", Bare::Plain, 0);
    r.take("mintimeout", "minTimeout", Bare::Ms, 0);
    r.take("maxtimeout", "maxTimeout", Bare::Ms, 0);
    r.take("randomize", "randomize", Bare::Plain, 0);
    r.take("maxretrytime", "maxRetryTime", Bare::Ms, 0);
    r.aside("forever", "retries without end: the page reads retries");
    r.aside("shouldretry shouldconsumeretry", WHICH);
    r.aside("onfailedattempt signal unref", CALLBACK);
}

pub const AXIOS_RETRY: Spec = Spec {
    id: "axios-retry",
    names: "axiosRetry exponentialDelay linearDelay isNetworkOrIdempotentRequestError",
    marks: &[Mark::Text("axios-retry")],
    read: axios_retry,
};

fn axios_retry(r: &mut Reader) {
    r.take("retries", "retries", Bare::Plain, 0);
    // `exponentialDelay(retryCount, error, delayFactor)`: the third
    // argument, 100 ms when left out.
    for i in r.calls("exponentialDelay") {
        r.call_args(i, &[(2, "", "delayFactor", Bare::Ms)]);
    }
    let delays: Vec<usize> = r
        .open()
        .filter(|(_, f)| f.value.is_some() && norm(f.key) == "retrydelay")
        .map(|(i, _)| i)
        .collect();
    let exponential =
        r.f.paths
            .iter()
            .any(|p| p.iter().any(|s| s == "exponentialDelay"));
    for i in &delays {
        r.used[*i] = true;
    }
    if !exponential {
        let why = if delays.is_empty() {
            "not set: axios-retry then retries at once (noDelay); the page models exponentialDelay"
        } else {
            "a delay function other than exponentialDelay: the page models exponentialDelay"
        };
        r.ignore("retryDelay", why);
    }
    r.aside("retrycondition shouldresettimeout validateresponse", WHICH);
    r.aside("onretry onmaxretrytimesexceeded", CALLBACK);
}

pub const BACKON: Spec = Spec {
    id: "backon",
    names: "backon ExponentialBuilder with_min_delay with_max_times with_total_delay \
        without_max_delay without_max_times",
    marks: &[],
    read: backon,
};

fn backon(r: &mut Reader) {
    for other in ["ConstantBuilder", "FibonacciBuilder"] {
        if r.f.paths.iter().any(|p| p.iter().any(|s| s == other)) {
            r.ignore(other, "the page models backon's ExponentialBuilder");
        }
    }
    r.take("mindelay", "min_delay", Bare::Ms, 0);
    r.take("factor", "factor", Bare::Plain, 0);
    r.take("maxdelay", "max_delay", Bare::Ms, 0);
    r.take("maxtimes", "max_times", Bare::Plain, 0);
    r.take("totaldelay", "total_delay", Bare::Ms, 0);
    r.switch("with_jitter", "jitter", 1.0);
    r.switch("without_max_delay", "max_delay", f64::INFINITY);
    r.switch("without_max_times", "max_times", f64::INFINITY);
    r.aside(
        "jitterseed delay",
        "not a setting of ExponentialBuilder's delays",
    );
    r.aside("when", WHICH);
    r.aside("notify adjust", CALLBACK);
}

pub const POLLY: Spec = Spec {
    id: "polly",
    names: "Polly RetryStrategyOptions HttpRetryStrategyOptions DelayBackoffType \
        MaxRetryAttempts UseJitter AddRetry ResiliencePipelineBuilder WaitAndRetryAsync \
        WaitAndRetry",
    marks: &[],
    read: polly,
};

fn polly(r: &mut Reader) {
    r.take("maxretryattempts", "MaxRetryAttempts", Bare::Plain, 0);
    r.take("backofftype", "BackoffType", Bare::Plain, 0);
    r.take("delay", "Delay", Bare::S, 0);
    r.take("maxdelay", "MaxDelay", Bare::S, 0);
    r.take("usejitter", "UseJitter", Bare::Plain, 0);
    r.aside(
        "waitandretry waitandretryasync waitandretryforever waitandretryforeverasync",
        "Polly 7's WaitAndRetry takes its delays as a function: the page models Polly 8's RetryStrategyOptions",
    );
    r.aside("shouldhandle", WHICH);
    r.aside("onretry delaygenerator", CALLBACK);
    r.rest_inside("RetryStrategyOptions HttpRetryStrategyOptions");
}

pub const GRPC: Spec = Spec {
    id: "grpc",
    names: "retryPolicy methodConfig method_config initialBackoff maxBackoff \
        backoffMultiplier retryableStatusCodes retryable_status_codes",
    marks: &[],
    read: grpc,
};

fn grpc(r: &mut Reader) {
    r.take("maxattempts", "maxAttempts", Bare::Plain, 0);
    r.take("initialbackoff", "initialBackoff", Bare::S, 0);
    r.take("maxbackoff", "maxBackoff", Bare::S, 0);
    r.take("backoffmultiplier", "backoffMultiplier", Bare::Plain, 0);
    r.aside("retryablestatuscodes", WHICH);
    r.aside(
        "retrythrottling hedgingpolicy",
        "throttling and hedging across calls: the page models one call's retries",
    );
    r.rest_inside("retryPolicy retry_policy");
}

pub const ENVOY: Spec = Spec {
    id: "envoy",
    names: "retry_back_off num_retries base_interval retry_on per_try_timeout \
        retriable_status_codes rate_limited_retry_back_off retry_host_predicate",
    marks: &[],
    read: envoy,
};

fn envoy(r: &mut Reader) {
    r.aside_inside(
        "rate_limited_retry_back_off",
        "the back-off for rate-limited responses, read from their headers",
    );
    r.take("numretries", "num_retries", Bare::Plain, 0);
    r.take("baseinterval", "base_interval", Bare::S, 0);
    r.take("maxinterval", "max_interval", Bare::S, 0);
    r.quiet("retrybackoff retrypolicy");
    r.aside(
        "retryon retriablestatuscodes retriableheaders retriablerequestheaders \
            retryhostpredicate retrypriority",
        WHICH,
    );
    r.aside(
        "pertrytimeout pertryidletimeout hostselectionretrymaxattempts",
        "a limit on each try, not the wait between tries",
    );
    r.rest_inside("retry_policy retry_back_off");
}
