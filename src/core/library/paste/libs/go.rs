//! Go: cenkalti/backoff (struct fields, assignments, option calls),
//! go-retryablehttp (client fields) and client-go's `wait.Backoff`. A bare
//! number in a duration is nanoseconds, as Go's `time.Duration` is.

use super::{Mark, Spec};
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
        if let Some(a) = r.f.facts.get(i).and_then(|f| f.args.get(1)) {
            let v = eval(&a.value, r.f);
            r.put("WithMaxRetries", "MaxTries", v, Bare::Plain, 1);
        }
    }
    r.run(
        "take initialinterval > InitialInterval ns;\
         take randomizationfactor > RandomizationFactor;\
         take multiplier > Multiplier;\
         take maxinterval > MaxInterval ns;\
         take maxelapsedtime > MaxElapsedTime ns;\
         take maxtries > MaxTries;\
         aside stop clock: a sentinel or a clock: not the delays;\
         aside notify: callback;\
         rest ExponentialBackOff",
    );
}

pub const RETRYABLEHTTP: Spec = Spec {
    id: "retryablehttp",
    names: "retryablehttp RetryWaitMin RetryWaitMax RetryMax",
    marks: &[Mark::Text("go-retryablehttp")],
    read: retryablehttp,
};

fn retryablehttp(r: &mut Reader) {
    r.run(
        "take retrywaitmin > RetryWaitMin ns;\
         take retrywaitmax > RetryWaitMax ns;\
         take retrymax > RetryMax;\
         aside checkretry: which;\
         aside backoff: a back-off function of your choosing: the page models DefaultBackoff;\
         aside errorhandler requestloghook responseloghook logger: callback",
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
    let facts = r.f;
    let hits = r.pick(&|f| {
        (f.value.is_some() && (f.dotted || facts.frame_name(f.within) == "Backoff"))
            && (KEYS.iter().any(|k| k.0 == norm(f.key)))
    });
    for i in hits {
        let Some(fact) = r.f.facts.get(i) else {
            continue;
        };
        let (Some((_, param, bare)), Some(v)) =
            (KEYS.iter().find(|k| k.0 == norm(fact.key)), fact.value)
        else {
            continue;
        };
        let v = eval(v, r.f);
        r.put(fact.key, param, v, *bare, 0);
    }
    r.run("rest Backoff");
}
