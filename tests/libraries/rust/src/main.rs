//! Runs the real backon with its sleeps recorded.
//!
//! Usage: `run-libs SETS_FILE > observed.json`
//!
//! For each `backon` line of SETS_FILE, runs backon's own blocking retry
//! loop (`BlockingRetryable::retry(..).sleep(..).call()`) `runs` times with
//! every attempt failing, and prints
//! `{"versions": {"backon": "1.6.0"}, "observed": {"backon <set>": [[ms, ...], ...]}}`.
//! Nothing really waits: the sleeper only records the `Duration` that the
//! loop took from `ExponentialBackoff::next` (backon's `Retry` sleeps
//! exactly what the iterator yields, `adjust` being the identity unless set).
//! Parameters are in the model's units: delays in ms, `none` for the
//! `without_…` calls.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use backon::{BlockingRetryable, ExponentialBuilder};

fn duration_ms(text: &str) -> Option<Duration> {
    match text {
        "none" | "inf" => None,
        t => Some(Duration::from_secs_f64(t.parse::<f64>().expect(t) / 1000.0)),
    }
}

fn builder(params: &[(&str, &str)]) -> ExponentialBuilder {
    let mut b = ExponentialBuilder::default();
    for &(name, value) in params {
        b = match name {
            "min_delay" => b.with_min_delay(duration_ms(value).expect("min_delay")),
            "factor" => b.with_factor(value.parse().expect("factor")),
            "max_delay" => match duration_ms(value) {
                Some(d) => b.with_max_delay(d),
                None => b.without_max_delay(),
            },
            "max_times" => match value {
                "none" | "inf" => b.without_max_times(),
                t => b.with_max_times(t.parse().expect("max_times")),
            },
            "jitter" if value == "true" => b.with_jitter(),
            "jitter" => b,
            "total_delay" => b.with_total_delay(duration_ms(value)),
            _ => panic!("backon: no parameter {name}"),
        };
    }
    b
}

fn run(b: ExponentialBuilder) -> Vec<f64> {
    let sleeps = Rc::new(RefCell::new(Vec::new()));
    let record = Rc::clone(&sleeps);
    let result: Result<(), &str> = (|| Err("fail"))
        .retry(b)
        .sleep(move |d: Duration| record.borrow_mut().push(d.as_secs_f64() * 1000.0))
        .call();
    assert!(result.is_err());
    let out = sleeps.borrow().clone();
    out
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: run-libs SETS_FILE");
    let text = std::fs::read_to_string(&path).expect("sets file");
    let mut entries = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"backon") {
            continue;
        }
        let (set, runs) = (words[1], words[2].parse::<usize>().expect("runs"));
        let params: Vec<(&str, &str)> = words[3..]
            .iter()
            .map(|w| w.split_once('=').expect("name=value"))
            .collect();
        let b = builder(&params);
        let runs: Vec<String> = (0..runs)
            .map(|_| {
                let ms: Vec<String> = run(b).iter().map(|x| format!("{x}")).collect();
                format!("[{}]", ms.join(","))
            })
            .collect();
        entries.push(format!("\"backon {set}\": [{}]", runs.join(",")));
    }
    println!(
        "{{\"versions\": {{\"backon\": \"1.6.0\"}}, \"observed\": {{{}}}}}",
        entries.join(", ")
    );
}
