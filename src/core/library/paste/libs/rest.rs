//! JavaScript (p-retry, axios-retry), Rust (backon), C# (Polly) and the
//! two data formats (gRPC's service config JSON, Envoy's route YAML or
//! JSON).

use super::{Mark, Spec};
use crate::core::library::paste::read::{norm, Bare, Reader};

pub const P_RETRY: Spec = Spec {
    id: "p-retry",
    names: "pRetry minTimeout maxTimeout maxRetryTime onFailedAttempt",
    marks: &[Mark::Text("p-retry")],
    read: p_retry,
};

fn p_retry(r: &mut Reader) {
    r.run(
        "take retries > retries;\
         take factor > factor;\
         take mintimeout > minTimeout ms;\
         take maxtimeout > maxTimeout ms;\
         take randomize > randomize;\
         take maxretrytime > maxRetryTime ms;\
         aside forever: retries without end: the page reads retries;\
         aside shouldretry shouldconsumeretry: which;\
         aside onfailedattempt signal unref: callback",
    );
}

pub const AXIOS_RETRY: Spec = Spec {
    id: "axios-retry",
    names: "axiosRetry exponentialDelay linearDelay isNetworkOrIdempotentRequestError",
    marks: &[Mark::Text("axios-retry")],
    read: axios_retry,
};

fn axios_retry(r: &mut Reader) {
    r.run("take retries > retries");
    // `exponentialDelay(retryCount, error, delayFactor)`: the third
    // argument, 100 ms when left out.
    for i in r.calls("exponentialDelay") {
        r.call_args(i, &[(2, "", "delayFactor", Bare::Ms)]);
    }
    let delays = r.pick(&|f| f.value.is_some() && norm(f.key) == "retrydelay");
    let exponential =
        r.f.paths
            .iter()
            .any(|p| p.iter().any(|s| s == "exponentialDelay"));
    if !exponential {
        let why = if delays.is_empty() {
            "not set: axios-retry then retries at once (noDelay); the page models exponentialDelay"
        } else {
            "a delay function other than exponentialDelay: the page models exponentialDelay"
        };
        r.ignore("retryDelay", why);
    }
    r.run(
        "aside retrycondition shouldresettimeout validateresponse: which;\
         aside onretry onmaxretrytimesexceeded: callback",
    );
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
    r.run(
        "take mindelay > min_delay ms;\
         take factor > factor;\
         take maxdelay > max_delay ms;\
         take maxtimes > max_times;\
         take totaldelay > total_delay ms",
    );
    r.switch("with_jitter", "jitter", 1.0);
    r.switch("without_max_delay", "max_delay", f64::INFINITY);
    r.switch("without_max_times", "max_times", f64::INFINITY);
    r.run(
        "aside jitterseed delay: not a setting of ExponentialBuilder's delays;\
         aside when: which;\
         aside notify adjust: callback",
    );
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
    r.run(
        "take maxretryattempts > MaxRetryAttempts;\
         take backofftype > BackoffType;\
         take delay > Delay s;\
         take maxdelay > MaxDelay s;\
         take usejitter > UseJitter;\
         aside waitandretry waitandretryasync waitandretryforever waitandretryforeverasync: Polly 7's WaitAndRetry takes its delays as a function: the page models Polly 8's RetryStrategyOptions;\
         aside shouldhandle: which;\
         aside onretry delaygenerator: callback;\
         rest RetryStrategyOptions HttpRetryStrategyOptions",
    );
}

pub const GRPC: Spec = Spec {
    id: "grpc",
    names: "retryPolicy methodConfig method_config initialBackoff maxBackoff \
        backoffMultiplier retryableStatusCodes retryable_status_codes",
    marks: &[],
    read: grpc,
};

fn grpc(r: &mut Reader) {
    r.run(
        "take maxattempts > maxAttempts;\
         take initialbackoff > initialBackoff s;\
         take maxbackoff > maxBackoff s;\
         take backoffmultiplier > backoffMultiplier;\
         aside retryablestatuscodes: which;\
         aside retrythrottling hedgingpolicy: throttling and hedging across calls: the page models one call's retries;\
         rest retryPolicy retry_policy",
    );
}

pub const ENVOY: Spec = Spec {
    id: "envoy",
    names: "retry_back_off num_retries base_interval retry_on per_try_timeout \
        retriable_status_codes rate_limited_retry_back_off retry_host_predicate",
    marks: &[],
    read: envoy,
};

fn envoy(r: &mut Reader) {
    r.run(
        "within rate_limited_retry_back_off: the back-off for rate-limited responses, read from their headers;\
         take numretries > num_retries;\
         take baseinterval > base_interval s;\
         take maxinterval > max_interval s;\
         quiet retrybackoff retrypolicy;\
         aside retryon retriablestatuscodes retriableheaders retriablerequestheaders retryhostpredicate retrypriority: which;\
         aside pertrytimeout pertryidletimeout hostselectionretrymaxattempts: a limit on each try, not the wait between tries;\
         rest retry_policy retry_back_off",
    );
}
