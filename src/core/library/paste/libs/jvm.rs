//! resilience4j (Java builders, `IntervalFunction`, Spring Boot YAML and
//! properties) and spring-retry (`@Retryable`/`@Backoff`, `RetryTemplate`
//! builders, back-off policies).

use super::{Mark, Spec};
use crate::core::library::paste::read::{norm, one_of, Bare, Reader};

pub const RESILIENCE4J: Spec = Spec {
    id: "resilience4j",
    names: "resilience4j IntervalFunction waitDuration wait-duration \
        enableExponentialBackoff enable-exponential-backoff \
        exponentialBackoffMultiplier exponential-backoff-multiplier \
        exponentialMaxWaitDuration exponential-max-wait-duration enableRandomizedWait \
        enable-randomized-wait randomizedWaitFactor randomized-wait-factor",
    marks: &[
        // Not the bare name: people name their own classes `RetryConfig`.
        Mark::Tail("RetryConfig", "custom"),
        Mark::Tail("RetryConfig", "from"),
        Mark::Tail("RetryConfig", "ofDefaults"),
    ],
    read: resilience4j,
};

fn resilience4j(r: &mut Reader) {
    // `IntervalFunction.ofExponentialBackoff(initial, multiplier[, max])`
    // and its randomized sibling set several parameters at once.
    for i in r.calls("ofExponentialBackoff ofExponentialRandomBackoff") {
        let Some(key) = r.f.facts.get(i).map(|f| f.key) else {
            continue;
        };
        let random = key == "ofExponentialRandomBackoff";
        r.put_value(key, "enableExponentialBackoff", 1.0);
        let max_at = if random { 3 } else { 2 };
        r.call_args(
            i,
            &[
                (
                    0,
                    "initialinterval initialintervalmillis",
                    "waitDuration",
                    Bare::Ms,
                ),
                (1, "multiplier", "exponentialBackoffMultiplier", Bare::Plain),
                (
                    max_at,
                    "maxinterval maxintervalmillis",
                    "exponentialMaxWaitDuration",
                    Bare::Ms,
                ),
            ],
        );
        if random {
            r.put_value(key, "enableRandomizedWait", 1.0);
            r.call_args(
                i,
                &[(
                    2,
                    "randomizationfactor",
                    "randomizedWaitFactor",
                    Bare::Plain,
                )],
            );
        }
    }
    for i in r.calls("ofRandomized") {
        r.put_value("ofRandomized", "enableRandomizedWait", 1.0);
        r.call_args(
            i,
            &[
                (0, "interval intervalmillis", "waitDuration", Bare::Ms),
                (
                    1,
                    "randomizationfactor",
                    "randomizedWaitFactor",
                    Bare::Plain,
                ),
            ],
        );
    }
    r.run(
        "quiet intervalfunction intervalbifunction;\
         take maxattempts > maxAttempts;\
         take waitduration > waitDuration ms;\
         take enableexponentialbackoff > enableExponentialBackoff;\
         take exponentialbackoffmultiplier > exponentialBackoffMultiplier;\
         take exponentialmaxwaitduration > exponentialMaxWaitDuration ms;\
         take enablerandomizedwait > enableRandomizedWait;\
         take randomizedwaitfactor > randomizedWaitFactor;\
         aside retryexceptions ignoreexceptions retryonresult retryonexception retryexceptionpredicate resultpredicate failaftermaxattempts: which;\
         aside eventconsumerbuffersize consumeresultbeforeretryattempt: callback",
    );
    super::shared_config::mark_read(r);
    r.run("aside baseconfig: a shared config named elsewhere: its values are not in the paste");
}

pub const SPRING: Spec = Spec {
    id: "spring-retry",
    names: "EnableRetry RetryTemplate RetryTemplateBuilder RetryInterceptorBuilder \
        ExponentialBackOffPolicy ExponentialRandomBackOffPolicy FixedBackOffPolicy \
        SimpleRetryPolicy UniformRandomBackOffPolicy",
    marks: &[Mark::Only("Retryable"), Mark::Only("Backoff")],
    read: spring,
};

fn spring(r: &mut Reader) {
    // `@Backoff(1000)`: the annotation's value, a mirror of delay.
    for i in r.calls("Backoff") {
        r.call_args(
            i,
            &[
                (0, "value delay", "delay", Bare::Ms),
                (usize::MAX, "maxdelay", "maxDelay", Bare::Ms),
                (usize::MAX, "multiplier", "multiplier", Bare::Plain),
                (usize::MAX, "random", "random", Bare::Plain),
            ],
        );
        let facts = r.f;
        r.pick(&|f| {
            (f.value.is_some() && facts.frame_name(f.within) == "Backoff")
                && (one_of("value delay maxdelay multiplier random", &norm(f.key)))
        });
    }
    // `.exponentialBackoff(initial, multiplier, max[, random])`, and
    // `RetryInterceptorBuilder`'s `.backOffOptions(initial, multiplier, max)`.
    for i in r.calls("exponentialBackoff backOffOptions") {
        r.call_args(
            i,
            &[
                (0, "initialinterval", "delay", Bare::Ms),
                (1, "multiplier", "multiplier", Bare::Plain),
                (2, "maxinterval", "maxDelay", Bare::Ms),
                (3, "withrandom", "random", Bare::Plain),
            ],
        );
    }
    for i in r.calls("fixedBackoff") {
        r.call_args(i, &[(0, "interval", "delay", Bare::Ms)]);
    }
    for i in r.calls("SimpleRetryPolicy maxAttempts") {
        r.call_args(i, &[(0, "maxattempts", "maxAttempts", Bare::Plain)]);
    }
    if r.f
        .paths
        .iter()
        .any(|p| p.iter().any(|s| s == "ExponentialRandomBackOffPolicy"))
    {
        r.put_value("ExponentialRandomBackOffPolicy", "random", 1.0);
    }
    r.run(
        "quiet backoff;\
         take maxattempts > maxAttempts;\
         take delay initialinterval backoffperiod > delay ms;\
         take maxdelay maxinterval > maxDelay ms;\
         take multiplier > multiplier;\
         take random > random;\
         aside maxattemptsexpression delayexpression maxdelayexpression multiplierexpression randomexpression: a Spring expression, evaluated when the application runs: the page does not run it;\
         aside maxretries jitter: Spring Framework 7's own @Retryable (it counts retries): the page models spring-retry's;\
         aside value include exclude retryfor noretryfor notrecoverable retryon notretryon exceptionexpression: which;\
         aside recover listeners label stateful: callback;\
         aside uniformrandombackoff: a uniform random back-off: the page models the exponential one",
    );
}
