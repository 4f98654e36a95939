//! Checks of the bash script's text that the snapshot alone would not
//! explain: what each variant must and must not hold.

use super::super::{write, Lang, Options};
use crate::core::policy::Policy;

/// The script with and without the deadline and the key.
fn scripts() -> Vec<String> {
    let keyed = Options {
        deadline_ms: Some(5_000),
        idempotency_key: true,
        ..Options::default()
    };
    [Options::default(), keyed]
        .iter()
        .map(|options| write(Lang::Sh, &Policy::default(), options))
        .collect()
}

/// The header comment as one line of text: its lines joined by spaces.
fn header(script: &str) -> String {
    script
        .lines()
        .skip(1)
        .take_while(|line| line.starts_with('#'))
        .map(|line| line.trim_start_matches('#').trim())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_header_says_how_to_run_it_quietly_and_where_the_body_goes() {
    for script in scripts() {
        let head = header(&script);
        for sentence in [
            "RETRY_QUIET=1, for cron, prints nothing unless the call fails, and then \
             only the one line on stderr",
            "with -o FILE in FILE, written only when the call succeeds and replacing \
             FILE whole",
            "Any exit but 0 prints one line on stderr saying why, with curl's error message",
            "403, 407 or any other status not retried ends the call with exit 2",
            "Not covered: files named inside a -K file",
        ] {
            assert!(
                head.contains(sentence),
                "the header lacks {sentence:?}:\n{head}"
            );
        }
        assert!(script.contains("quiet=${RETRY_QUIET:-}"));
        assert!(script.contains("--write-out '%{http_code} %{http_connect}'"));
    }
}

#[test]
fn every_body_option_the_header_covers_is_read_once() {
    // The header's option, and the line of the argument reader that
    // sends its value to keep_body.
    let covered = [
        ("-d/--data", "-d | --data | "),
        ("--data-ascii", "| --data-ascii |"),
        ("--data-binary", "| --data-binary |"),
        ("--json with @FILE or @-", "| --json) next=data"),
        (
            "--data-urlencode [name]@FILE",
            "--data-urlencode) next=urlencode",
        ),
        ("-F name=@FILE or name=<FILE", "-F | --form) next=form"),
        ("-T FILE or -T -", "-T | --upload-file) next=file"),
        ("-H @FILE", "@*) keep_body \"${word#@}\"; word=@$file ;;"),
        ("-K FILE", "-K | --config) next=file"),
    ];
    for script in scripts() {
        let head = header(&script);
        for (said, code) in covered {
            assert!(head.contains(said), "the header does not name {said:?}");
            assert!(script.contains(code), "the script does not read {said:?}");
        }
    }
}

#[test]
fn the_deadline_runs_on_the_time_since_boot_where_there_is_one() {
    let [plain, deadline] = &scripts()[..] else {
        panic!("two scripts")
    };
    assert!(!plain.contains("now_ms"), "no clock without a deadline");
    let start = deadline.find("now_ms() {").expect("now_ms is defined");
    let end = start + deadline[start..].find("\n}\n").expect("now_ms ends");
    let body = &deadline[start..end];
    // /proc/uptime first (Linux); the wall clock only when it cannot be read.
    let uptime = body
        .find("if ! read -r now _ 2>/dev/null </proc/uptime; then")
        .expect("now_ms reads /proc/uptime");
    let wall = body
        .find("${EPOCHREALTIME:-$(date +%s).0}")
        .expect("a fallback");
    assert!(uptime < wall, "the wall clock is the fallback:\n{body}");
    // No other code line reads a clock: the deadline and its checks call now_ms.
    let rest = format!("{}{}", &deadline[..start], &deadline[end..]);
    for line in rest.lines().filter(|l| !l.trim_start().starts_with('#')) {
        for clock in ["EPOCHREALTIME", "date +", "SECONDS", "/proc/uptime"] {
            assert!(!line.contains(clock), "{clock} read outside now_ms: {line}");
        }
    }
    assert_eq!(deadline.matches("$(now_ms)").count(), 3, "{deadline}");
}
