//! The notes beside a library say what it does with the values shown:
//! the `Retry-After` it reads (or ignores), and why a count gives fewer
//! rows than it asks for.

use backoff_calculator::core::library::{library_notes, library_schedule, Configured, LibId};

/// The notes and the number of rows for `id` with `pairs`.
fn notes(id: &str, pairs: &[(&str, &str)]) -> (String, usize) {
    let mut c = Configured::defaults(LibId::parse(id).unwrap());
    for (k, v) in pairs {
        c.values.set_text(k, v).unwrap();
    }
    let s = library_schedule(&c, 1).unwrap();
    (library_notes(&s), s.schedule.rows.len())
}

#[test]
fn urllib3_reads_retry_after_on_every_retried_status_unless_switched_off() {
    let (n, _) = notes("urllib3", &[]);
    assert!(
        n.contains(
            "A <code>Retry-After</code> replaces the delay, up to <code>retry_after_max</code>."
        ),
        "{n}"
    );
    assert!(!n.contains("on 413, 429, 503"), "{n}");
    assert!(n.contains("on every response it retries"), "{n}");
    let (n, _) = notes("urllib3", &[("respect_retry_after_header", "false")]);
    assert!(
        n.contains("It ignores <code>Retry-After</code>: <code>respect_retry_after_header</code> is false."),
        "{n}"
    );
    assert!(
        !n.contains("replaces the delay") && !n.contains("every response"),
        "{n}"
    );
}

#[test]
fn grpc_says_why_ten_attempts_give_four_rows() {
    let (n, rows) = notes("grpc", &[("maxAttempts", "10")]);
    assert_eq!(rows, 4);
    assert!(
        n.contains("<code>maxAttempts</code> 10 is lowered to the client's limit of 5 attempts"),
        "{n}"
    );
    assert!(n.contains("so 4 retries, not 9."), "{n}");
    let (n, _) = notes("grpc", &[]);
    assert!(!n.contains("lowered"), "{n}");
}

#[test]
fn aws_says_why_forty_attempts_give_thirty_five_rows_and_which_sdks() {
    let (n, rows) = notes("aws", &[("max_attempts", "40")]);
    assert_eq!(rows, 35);
    assert!(
        n.contains("retry quota of 500 tokens pays for 35 at 14 tokens each"),
        "{n}"
    );
    assert!(n.contains("<code>AWS_NEW_RETRIES_2026=true</code>"), "{n}");
    // botocore reads only x-amz-retry-after.
    assert!(
        n.contains("A <code>x-amz-retry-after</code> is kept between"),
        "{n}"
    );
    let (n, _) = notes("aws", &[]);
    assert!(!n.contains("retry quota of"), "{n}");
}
