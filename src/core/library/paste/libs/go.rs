//! Go: cenkalti/backoff (struct fields, assignments, option calls),
//! go-retryablehttp (client fields) and client-go's `wait.Backoff`. A bare
//! number in a duration is nanoseconds, as Go's `time.Duration` is.

use super::{Mark, Spec, CALLBACK, WHICH};
use crate::core::library::paste::read::{norm, Bare, Reader};
use crate::core::library::paste::value::eval;

pub const CENKALTI: Spec = Spec {
    id: "cenkalti",
    names: "NewExponentialBackOff ExponentialBackOff InitialInterval RandomizationFactor \
        MaxElapsedTime WithInitialInterval WithMaxElapsedTime WithMaxTries \
        WithRandomizationFactor WithMaxRetries",
    marks: &[Mark::Text("cenkalti/backoff")],
    read: cenkalti,
};

fn cenkalti(r: &mut Reader) {
    // v4's `backoff.WithMaxRetries(b, n)`: n retries, n + 1 attempts.
    for i in r.calls("WithMaxRetries") {
        if let Some(a) = r.f.facts[i].args.get(1) {
            let v = eval(&a.value, r.f);
            r.put("WithMaxRetries", "MaxTries", v, Bare::Plain, 1);
        }
    }
    r.take("initialinterval", "InitialInterval", Bare::Ns, 0);
    r.take("randomizationfactor", "RandomizationFactor", Bare::Plain, 0);
    r.take("multiplier", "Multiplier", Bare::Plain, 0);
    r.take("maxinterval", "MaxInterval", Bare::Ns, 0);
    r.take("maxelapsedtime", "MaxElapsedTime", Bare::Ns, 0);
    r.take("maxtries", "MaxTries", Bare::Plain, 0);
    r.aside("stop clock", "a sentinel or a clock: not the delays");
    r.aside("notify", CALLBACK);
    r.rest_inside("ExponentialBackOff");
}

pub const RETRYABLEHTTP: Spec = Spec {
    id: "retryablehttp",
    names: "retryablehttp RetryWaitMin RetryWaitMax RetryMax",
    marks: &[Mark::Text("go-retryablehttp")],
    read: retryablehttp,
};

fn retryablehttp(r: &mut Reader) {
    r.take("retrywaitmin", "RetryWaitMin", Bare::Ns, 0);
    r.take("retrywaitmax", "RetryWaitMax", Bare::Ns, 0);
    r.take("retrymax", "RetryMax", Bare::Plain, 0);
    r.aside("checkretry", WHICH);
    r.aside(
        "backoff",
        "a back-off function of your choosing: the page models DefaultBackoff",
    );
    r.aside(
        "errorhandler requestloghook responseloghook logger",
        CALLBACK,
    );
}

pub const CLIENT_GO: Spec = Spec {
    id: "client-go",
    names: "apimachinery RetryOnConflict",
    marks: &[
        Mark::Tail("wait", "Backoff"),
        Mark::Tail("wait", "ExponentialBackoff"),
        Mark::Tail("wait", "ExponentialBackoffWithContext"),
        Mark::Text("k8s.io/apimachinery"),
        Mark::Text("k8s.io/client-go"),
    ],
    read: client_go,
};

fn client_go(r: &mut Reader) {
    // Generic names (`Duration`, `Steps`): read only inside a
    // `wait.Backoff{…}` or assigned to a field (`backoff.Steps = 5`).
    const KEYS: &[(&str, &str, Bare)] = &[
        ("duration", "Duration", Bare::Ns),
        ("factor", "Factor", Bare::Plain),
        ("jitter", "Jitter", Bare::Plain),
        ("steps", "Steps", Bare::Plain),
        ("cap", "Cap", Bare::Ns),
    ];
    let hits: Vec<usize> = r
        .open()
        .filter(|(_, f)| f.value.is_some() && (f.dotted || r.f.frame_name(f.within) == "Backoff"))
        .filter(|(_, f)| KEYS.iter().any(|k| k.0 == norm(f.key)))
        .map(|(i, _)| i)
        .collect();
    for i in hits {
        r.used[i] = true;
        let fact = &r.f.facts[i];
        let (_, param, bare) = KEYS
            .iter()
            .find(|k| k.0 == norm(fact.key))
            .expect("filtered");
        let v = eval(fact.value.expect("a key"), r.f);
        r.put(fact.key, param, v, *bare, 0);
    }
    r.rest_inside("Backoff");
}
