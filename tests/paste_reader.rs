//! The paste reader on hand-written configs in each syntax it documents
//! (`docs/libraries.md`, "Paste your config"), values worked out by hand,
//! and on hostile text: too long, nested deep, unterminated, huge numbers,
//! control and direction characters, two libraries, none.

use backoff_calculator::core::library::paste::{read, PasteError, MAX_BYTES};

/// Reads `text`, expecting library `id` and each `(param, value)`.
fn reads(text: &str, id: &str, want: &[(&str, f64)]) {
    let r = read(text).unwrap_or_else(|e| panic!("{text}\n→ {e}"));
    assert_eq!(r.config.lib.id(), id, "{text}");
    for (p, v) in want {
        assert_eq!(r.config.values.get(p), *v, "{id} {p} in\n{text}");
        assert!(r.read.contains(p), "{id}: {p} not listed as read");
    }
    assert_eq!(r.read.len(), want.len(), "{id}: read {:?}", r.read);
}

#[test]
fn python_calls() {
    reads(
        "Retry(total=5, backoff_factor=0.5, status_forcelist=[502, 503])",
        "urllib3",
        &[("total", 5.0), ("backoff_factor", 0.5)],
    );
    reads(
        "s.mount('https://', HTTPAdapter(max_retries=Retry(3, backoff_factor=1)))",
        "urllib3",
        &[("total", 3.0), ("backoff_factor", 1.0)],
    );
    reads(
        "@retry(stop=stop_after_attempt(7), wait=wait_random_exponential(multiplier=0.5, max=60))",
        "tenacity",
        &[
            ("wait", 1.0),
            ("stop_after_attempt", 7.0),
            ("multiplier", 0.5),
            ("max", 60.0),
        ],
    );
    reads(
        "wait=wait_exponential_jitter(initial=2, max=timedelta(minutes=1), jitter=0.25)",
        "tenacity",
        &[
            ("wait", 2.0),
            ("multiplier", 2.0),
            ("max", 60.0),
            ("jitter", 0.25),
        ],
    );
    reads(
        "from google.api_core import retry\nr = retry.Retry(initial=0.25, maximum=32.0, multiplier=1.3, deadline=600.0)",
        "google-api-core",
        &[("initial", 0.25), ("maximum", 32.0), ("multiplier", 1.3), ("timeout", 600.0)],
    );
    reads(
        "config = Config(retries={'max_attempts': 10, 'mode': 'standard'})\nimport botocore",
        "aws",
        &[("max_attempts", 11.0)],
    );
    reads(
        "[default]\nretry_mode = standard\nmax_attempts = 5\n",
        "aws",
        &[("max_attempts", 5.0)],
    );
}

#[test]
fn jvm_and_dotnet() {
    reads(
        "@Retryable(maxAttempts = 4, backoff = @Backoff(delay = 100, multiplier = 2, maxDelay = 5000, random = true))",
        "spring-retry",
        &[("maxAttempts", 4.0), ("delay", 100.0), ("multiplier", 2.0), ("maxDelay", 5000.0), ("random", 1.0)],
    );
    reads(
        "@Retryable(retryFor = IOException.class, backoff = @Backoff(0))",
        "spring-retry",
        &[("delay", 0.0)],
    );
    reads(
        "resilience4j.retry.instances.backend.max-attempts=5\nresilience4j.retry.instances.backend.wait-duration=2s\n",
        "resilience4j",
        &[("maxAttempts", 5.0), ("waitDuration", 2000.0)],
    );
    reads(
        "RetryConfig.custom()\n  .maxAttempts(3)\n  .intervalFunction(IntervalFunction.ofExponentialBackoff(Duration.ofMillis(250), 1.5d))\n  .build();",
        "resilience4j",
        &[("maxAttempts", 3.0), ("waitDuration", 250.0), ("enableExponentialBackoff", 1.0), ("exponentialBackoffMultiplier", 1.5)],
    );
    reads(
        "new RetryStrategyOptions { MaxRetryAttempts = 4, BackoffType = DelayBackoffType.Exponential, Delay = TimeSpan.FromMilliseconds(500), UseJitter = true }",
        "polly",
        &[("MaxRetryAttempts", 4.0), ("BackoffType", 2.0), ("Delay", 0.5), ("UseJitter", 1.0)],
    );
    reads(
        "\"Retry\": { \"MaxRetryAttempts\": 2, \"Delay\": \"00:00:01.5\", \"BackoffType\": \"Linear\" }",
        "polly",
        &[("MaxRetryAttempts", 2.0), ("Delay", 1.5), ("BackoffType", 1.0)],
    );
}

#[test]
fn go_and_data_formats() {
    reads(
        "b := &backoff.ExponentialBackOff{InitialInterval: 2*time.Second + 500*time.Millisecond, Multiplier: 2}",
        "cenkalti",
        &[("InitialInterval", 2500.0), ("Multiplier", 2.0)],
    );
    reads(
        "backoff.NewExponentialBackOff(backoff.WithInitialInterval(500*time.Millisecond), backoff.WithMaxElapsedTime(time.Minute))",
        "cenkalti",
        &[("InitialInterval", 500.0), ("MaxElapsedTime", 60_000.0)],
    );
    reads(
        "wait.Backoff{Duration: 10 * time.Millisecond, Factor: 1.0, Jitter: 0.1, Steps: 5, Cap: time.Second}",
        "client-go",
        &[("Duration", 10.0), ("Factor", 1.0), ("Jitter", 0.1), ("Steps", 5.0), ("Cap", 1000.0)],
    );
    reads(
        "c := retryablehttp.NewClient()\nc.RetryMax = 6\nc.RetryWaitMin = 300 * time.Millisecond",
        "retryablehttp",
        &[("RetryMax", 6.0), ("RetryWaitMin", 300.0)],
    );
    reads(
        r#"grpc.WithDefaultServiceConfig(`{"methodConfig":[{"retryPolicy":{"MaxAttempts":3,"InitialBackoff":".5s","MaxBackoff":"10s","BackoffMultiplier":1.5}}]}`)"#,
        "grpc",
        &[
            ("maxAttempts", 3.0),
            ("initialBackoff", 0.5),
            ("maxBackoff", 10.0),
            ("backoffMultiplier", 1.5),
        ],
    );
    reads(
        "retry_policy:\n  retry_on: 5xx\n  num_retries: 3\n  retry_back_off:\n    base_interval: 0.1s\n    max_interval: \"1.5s\"\n",
        "envoy",
        &[("num_retries", 3.0), ("base_interval", 100.0), ("max_interval", 1500.0)],
    );
}

#[test]
fn javascript_and_rust() {
    reads(
        "await pRetry(run, {retries: 5, factor: 3, minTimeout: 2_000, randomize: true})",
        "p-retry",
        &[
            ("retries", 5.0),
            ("factor", 3.0),
            ("minTimeout", 2000.0),
            ("randomize", 1.0),
        ],
    );
    reads(
        "axiosRetry(client, { retries: 4, retryDelay: (n, e) => axiosRetry.exponentialDelay(n, e, 250) })",
        "axios-retry",
        &[("retries", 4.0), ("delayFactor", 250.0)],
    );
    reads(
        "let b = ExponentialBuilder::default().with_min_delay(Duration::from_secs(1)).with_max_times(5).with_jitter();",
        "backon",
        &[("min_delay", 1000.0), ("max_times", 5.0), ("jitter", 1.0)],
    );
}

#[test]
fn refusals_and_notices() {
    let e = read("Retry(total=5000, backoff_factor=0.5)").unwrap_err();
    assert!(matches!(e, PasteError::Refused { .. }), "{e}");
    assert!(
        e.to_string().contains("total: 5000 is outside 0 to 1000"),
        "{e}"
    );
    let two =
        read("Retry(total=3, backoff_factor=1)\n@retry(stop=stop_after_attempt(3))").unwrap_err();
    assert!(
        matches!(two, PasteError::TwoLibraries(ref l) if l.len() == 2),
        "{two}"
    );
    assert_eq!(read("print('hello')").unwrap_err(), PasteError::NoLibrary);
    assert_eq!(read("   \n").unwrap_err(), PasteError::Empty);
    let r = read("Retry(total=2, status_forcelist=[500], connect=1)").unwrap();
    let whats: Vec<&str> = r.ignored.iter().map(|i| i.what.as_str()).collect();
    assert_eq!(whats, ["connect", "status_forcelist"]);
    let unread = read("Retry(total=RETRIES, backoff_factor=0.5)").unwrap();
    assert_eq!(unread.ignored[0].what, "total");
    // resilience4j's `baseConfig` naming a shared config: left aside only
    // when that config is not in the paste.
    let shared = "resilience4j.retry:\n  configs:\n    default:\n      maxAttempts: 4\n  instances:\n    a:\n      baseConfig: default\n";
    reads(shared, "resilience4j", &[("maxAttempts", 4.0)]);
    assert_eq!(read(shared).unwrap().ignored, []);
    let elsewhere = read(&shared.replace("baseConfig: default", "baseConfig: other")).unwrap();
    let whats: Vec<&str> = elsewhere.ignored.iter().map(|i| i.what.as_str()).collect();
    assert_eq!(whats, ["baseConfig"]);
    let props = "resilience4j.retry.configs.base.max-attempts=6\nresilience4j.retry.instances.a.base-config=base\n";
    reads(props, "resilience4j", &[("maxAttempts", 6.0)]);
    assert_eq!(read(props).unwrap().ignored, []);
    // A circuit breaker's shared config is not the retry's.
    let breaker = "resilience4j:\n  circuitbreaker:\n    configs:\n      default:\n        slidingWindowSize: 10\n  retry:\n    instances:\n      a:\n        baseConfig: default\n        maxAttempts: 2\n";
    let noted = read(breaker).unwrap();
    assert!(
        noted.ignored.iter().any(|i| i.what == "baseConfig"),
        "{:?}",
        noted.ignored
    );
}

/// Hostile inputs: each gives a notice or a reading, never a panic, and
/// the reading's work stays linear (bounded depth, capped length). Run on
/// a thread with a small stack, as the browser's is.
#[test]
fn hostile_text() {
    let run = || {
        let big = "Retry(total=5) ".repeat(10_000);
        assert!(matches!(read(&big), Err(PasteError::TooLong { .. })));
        let near = MAX_BYTES - 40;
        let cases: Vec<String> = vec![
            format!("Retry(total=3, backoff_factor={})", "(".repeat(near)),
            format!("Retry(total=3) {}", "[{(".repeat(near / 3)),
            format!("Retry(total=3) {}", "-".repeat(near)),
            format!("Retry(total=3) x{}", ".a(1)".repeat(near / 5)),
            format!("Retry(total=3) {}", "1+".repeat(near / 2)),
            format!("Retry(total=3, backoff_factor='{}", "a".repeat(near)),
            format!("Retry(total=3) /* {}", "x".repeat(near)),
            format!("Retry(total=3, backoff_factor=1{})", "0".repeat(near)),
            "Retry(total=3, backoff_factor=1e999999999999)".to_string(),
            "Retry(\u{0}total=3,\u{202E} backoff_factor=0.5\u{200F})".to_string(),
            format!("Retry(total=3) {}", "a = b\nb = a\n".repeat(near / 12)),
        ];
        for c in &cases {
            assert!(c.len() <= MAX_BYTES);
            let _ = read(c).map_err(|e| e.to_string());
        }
        let r = read(&cases[9]).unwrap();
        assert_eq!(r.config.values.get("backoff_factor"), 0.5);
        assert!(r.ignored.iter().any(|i| i.what == "invisible characters"));
        let huge = read(&cases[7]).unwrap_err();
        assert!(huge.to_string().contains("backoff_factor"), "{huge}");
    };
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}
