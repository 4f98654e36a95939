//! bash: a script run as `retry.sh URL [extra curl arguments]` that loops
//! around `curl`.
//!
//! bash has only integers, so `awk` (POSIX, everywhere bash is) does the
//! floating-point part of each sleep. The script keeps to bash 3.2, the
//! version macOS ships: no `${x,,}`, no associative arrays, and no `set -u`
//! (bash before 4.4 calls an empty `"$@"` unbound).
//!
//! What the script owes a person pasting it, each checked by a conformance
//! scenario: a body that can be read only once (stdin, a FIFO, `<(...)`) is
//! read once into a temporary directory, under its own base name, so every
//! attempt sends it whole and curl forms the same URL and form; curl's
//! stderr is kept in a file, so `RETRY_QUIET=1` can print nothing unless the
//! call fails and every failure is one line naming curl's error; `-o FILE`
//! is replaced whole, on success only; and a proxy's refusal of CONNECT
//! (`%{http_connect}`) is judged like a status, so 403 and 407 are final.

use super::{comment, decimal, thousands, wrap, Plan};
use crate::core::policy::{CapOrder, Jitter};

/// A proxy's answer to CONNECT, which curl reports (`%{http_connect}`), is
/// judged as a status: a refusal is final, a proxy's 503 is retried.
const PROXY: &str = "Proxy (HTTPS_PROXY or --proxy, to an https URL): its answer to CONNECT \
                     counts as a status. 403, 407 or any other status not retried ends the \
                     call with exit 2; 408, 429 and 5xx but 501, 505, 511 are retried, as is \
                     a proxy that cannot be reached.";

/// Writes the bash script.
pub(super) fn write(plan: &Plan) -> String {
    let deadline = plan.deadline_ms.is_some();
    let retry_after_line = if plan.honor {
        format!(
            "Retry-After is honored in its delay-seconds form only, waiting at most \
             {} ms; an HTTP-date or 0 falls back to the computed delay. It replaces the \
             computed sleep, which still advances the backoff.",
            thousands(plan.retry_after_max_ms)
        )
    } else {
        "Retry-After is ignored: every wait is the computed one.".to_string()
    };
    let mut out = String::from("#!/usr/bin/env bash\n");
    out.push_str(&comment(
        &plan.header(76, Some(&retry_after_line), PROXY),
        "# ",
    ));
    for paragraph in usage(deadline) {
        out.push_str("#\n");
        let lines: Vec<String> = paragraph.lines().flat_map(|l| wrap(l, 76)).collect();
        out.push_str(&comment(&lines, "# "));
    }
    out.push('\n');
    out.push_str(&constants(plan));
    out.push_str(ARGUMENTS);
    if plan.key {
        out.push_str(
            "# One key for every attempt of this run, unless the caller set its own:\n\
             # 128 random bits from /dev/urandom.\n\
             key_header=()\n\
             if [[ -z $caller_key ]]; then\n  \
             key_header=(--header \"Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n')\")\n\
             fi\n\n",
        );
    } else {
        out.push_str(&format!(
            "# Only idempotent methods are retried; any other is sent once.\n\
             case $method in\n  \
             {}) retried=1 ;;\n  \
             *) retried= ;;\n\
             esac\n\n",
            super::RETRIED_METHODS.join(" | ")
        ));
    }
    out.push_str(HELPERS);
    if deadline {
        out.push_str(
            "\n# Prints the time in ms: bash 5's EPOCHREALTIME, else (bash 3.2) whole\n\
             # seconds from date, which makes the deadline good to a second.\n\
             now_ms() {\n  \
             local now=${EPOCHREALTIME:-$(date +%s).000000}\n  \
             echo $((${now%[.,]*} * 1000 + 10#${now#*[.,]} / 1000))\n\
             }\n",
        );
    }
    out.push('\n');
    out.push_str(&delays(plan));
    if plan.honor {
        out.push('\n');
        out.push_str(RETRY_AFTER);
    }
    if deadline {
        out.push_str("\ndeadline_ms=$(($(now_ms) + DEADLINE_MS))\n");
    }
    let key = if plan.key {
        " \\\n    ${key_header[@]+\"${key_header[@]}\"}"
    } else {
        ""
    };
    out.push_str(
        "\nfor ((retry = 0; ; retry++)); do\n  \
         # This attempt's limit: the attempt timeout, or the caller's --max-time\n  \
         # when shorter",
    );
    if deadline {
        out.push_str(
            ", or the time left before the deadline when shorter still.\n  \
             limit_ms=$ATTEMPT_TIMEOUT_MS\n  \
             if [[ -n $caller_max_ms ]] && ((caller_max_ms < limit_ms)); then limit_ms=$caller_max_ms; fi\n  \
             left_ms=$((deadline_ms - $(now_ms)))\n  \
             # A sleep can wake up late (a busy machine): no attempt starts without\n  \
             # time left.\n  \
             if ((left_ms <= 0 && retry > 0)); then\n    \
             finish 1 \"deadline of $DEADLINE_MS ms reached after $(attempts \"$retry\"): $cause\"\n  \
             fi\n  \
             if ((left_ms < limit_ms)); then limit_ms=$left_ms; fi\n  \
             if ((limit_ms < 1)); then limit_ms=1; fi\n",
        );
    } else {
        out.push_str(
            ".\n  \
             limit_ms=$ATTEMPT_TIMEOUT_MS\n  \
             if [[ -n $caller_max_ms ]] && ((caller_max_ms < limit_ms)); then limit_ms=$caller_max_ms; fi\n",
        );
    }
    out.push_str(&format!(
        "  # curl's stdin is the copy of a body read from stdin, or nothing: the\n  \
         # script's own stdin can be read only once. Its messages go to a file, for\n  \
         # ours.\n  \
         out=$(curl --silent --show-error --connect-timeout \"$CONNECT_TIMEOUT_S\" \\\n    \
         --output \"$tmp/body\" --dump-header \"$tmp/headers\" \\\n    \
         --write-out '%{{http_code}} %{{http_connect}}'{key} \\\n    \
         ${{args[@]+\"${{args[@]}}\"}} --max-time \"$(printf '%d.%03d' $((limit_ms / 1000)) $((limit_ms % 1000)))\" \\\n    \
         --url \"$url\" \\\n    \
         <\"${{stdin_copy:-/dev/null}}\" 2>\"$tmp/stderr\") && code=0 || code=$? # no exit under set -e\n"
    ));
    out.push_str(OUTCOME);
    if !plan.key {
        out.push_str(
            "  if [[ -z $retried ]]; then\n    \
             # Sent once: its answer (or failure) is final.\n    \
             if ((code != 0)); then finish 1 \"$cause ($method is not retried)\"; fi\n    \
             answered\n  \
             fi\n",
        );
    }
    out.push_str(
        "  if ((code == 0)) && ! is_retryable \"$status\"; then answered; fi\n  \
         case $code in\n    \
         # A status to retry (0), or a failure to retry: no proxy or host address,\n    \
         # refused, HTTP/2 framing, cut short, timed out, TLS handshake, empty\n    \
         # reply, send or receive failed (reset), HTTP/2 stream. A retry cannot\n    \
         # fix any other.\n    \
         0 | 5 | 6 | 7 | 16 | 18 | 28 | 35 | 52 | 55 | 56 | 92) ;;\n    \
         *) finish 1 \"$cause (not retried)\" ;;\n  \
         esac\n  \
         if ((retry >= MAX_RETRIES)); then\n    \
         finish 1 \"giving up after $(attempts $((MAX_RETRIES + 1))): $cause\"\n  \
         fi\n  \
         next_delay\n",
    );
    if plan.honor {
        out.push_str("  if ((code == 0)); then retry_after; fi\n");
    }
    if deadline {
        out.push_str(
            "  if (($(now_ms) + wait_ms >= deadline_ms)); then\n    \
             finish 1 \"deadline of $DEADLINE_MS ms reached after $(attempts $((retry + 1))): $cause\"\n  \
             fi\n",
        );
    }
    out.push_str(
        "  if [[ -n $verbose ]]; then\n    \
         echo \"retry.sh: retry $((retry + 1)) in $wait_ms ms after $cause\" >&2\n  \
         fi\n\
         \x20 sleep_ms \"$wait_ms\"\ndone\n",
    );
    out
}

/// The header's usage paragraphs, each wrapped on its own.
fn usage(deadline: bool) -> Vec<String> {
    let give_up = if deadline {
        "when retries run out, the network fails or the deadline is reached"
    } else {
        "when retries run out or the network fails"
    };
    vec![
        "Usage: retry.sh URL [curl arguments]\n\
         The curl arguments go to every attempt (method, headers, body); leave out \
         -D, -w and --fail, which the script needs for itself. The method is read \
         from them as curl reads it (-X, else -d/-F: POST, -T: PUT, -I: HEAD). A \
         --max-time among them bounds each attempt when it is shorter than \
         ATTEMPT_TIMEOUT_MS."
            .to_string(),
        "Bodies: stdin, a FIFO, a process substitution <(...) or a device can be \
         read only once, so such a body is first read into a temporary file, and \
         every attempt sends it whole, under the same file name (-T adds it to a \
         URL ending in /, -F sends it). Covered: -d/--data, --data-ascii, \
         --data-binary and --json with @FILE or @-; --data-urlencode [name]@FILE; \
         -F name=@FILE or name=<FILE; -T FILE or -T -; -H @FILE; -K FILE. Not \
         covered: files named inside a -K file. Short options run together with \
         one that takes a value (-sd @-) are refused (exit 64): write -s -d."
            .to_string(),
        format!(
            "Output: the final body on stdout, or with -o FILE in FILE, written only \
             when the call succeeds and replacing FILE whole (a failed call leaves it \
             as it was). Exits 0 on a 2xx or 3xx status, 2 on any other status it \
             does not retry, 1 {give_up}, and 64 on a usage error (no URL, or a body \
             it cannot read). Any exit but 0 prints one line on stderr saying why, \
             with curl's error message; curl's messages about attempts that are \
             retried are not shown."
        ),
        "RETRY_VERBOSE=1 prints a line on stderr before each retry's wait (the \
         retry, the wait in ms, the cause), and after each attempt what curl \
         printed on stderr (its error, a -v trace). RETRY_QUIET=1, for cron, prints \
         nothing unless the call fails, and then only the one line on stderr: no \
         body (keep it with -o FILE), no retry lines. Works unchanged under set \
         -euo pipefail."
            .to_string(),
    ]
}

/// The arguments: the URL, the temporary files and what the curl
/// arguments say; the same for every policy.
const ARGUMENTS: &str = r#"# Each attempt's limit to connect, in seconds; a --connect-timeout among the
# curl arguments takes its place.
CONNECT_TIMEOUT_S=10

if (($# < 1)); then
  echo "usage: $0 URL [curl arguments]" >&2
  exit 64
fi
url=$1
shift

# RETRY_QUIET outranks RETRY_VERBOSE.
quiet=${RETRY_QUIET:-}
verbose=${RETRY_VERBOSE:-}
if [[ -n $quiet ]]; then verbose=; fi

# Every temporary file lives in one directory, removed on exit, as is an
# unfinished copy of the -o file.
tmp=$(mktemp -d) || exit 1
part=
trap 'rm -rf "$tmp" ${part:+"$part"}' EXIT

# A body that may be read only once (stdin, a FIFO, a process substitution,
# a device) is read here, once, into a file that every attempt reads; sets
# `file` to the name to give curl. Stdin keeps its name (each attempt's
# stdin is the copy); any other copy keeps its base name, which curl may
# send (-T adds it to a URL ending in /, -F as the filename).
stdin_copy=
copies=0
keep_body() {
  file=$1
  case $file in
    - | . | /dev/stdin | /dev/fd/0) # (. is -T's stdin, read without waiting)
      if [[ -z $stdin_copy ]]; then
        stdin_copy=$tmp/stdin
        cat >"$stdin_copy" || exit 64
      fi
      ;;
    *)
      # A regular file outside /dev can be read again; a missing one is
      # left to curl, which says so.
      if [[ -e $file && (! -f $file || $file == /dev/*) ]]; then
        copies=$((copies + 1))
        mkdir "$tmp/$copies"
        cat -- "$file" >"$tmp/$copies/${file##*/}" || exit 64
        file=$tmp/$copies/${file##*/}
      fi
      ;;
  esac
}

# The curl arguments, and what they say about the call: its method (-X
# wins; else a body means POST, -T PUT, -I HEAD, -G GET), the caller's own
# --max-time in ms and -o file (both taken out: the script applies them),
# an Idempotency-Key header of the caller's, and bodies to read once.
args=()
method=
implied=GET
get=
caller_max_ms=
caller_key=
output=
next=
# Reads one argument: an option, or the value of the option before it.
take() {
  local word=$1 option=$next name rest path
  next=
  case $option in
    "")
      case $word in
        -X | --request) next=method ;;
        -m | --max-time) next=max-time; return ;;
        -o | --output) next=output; return ;;
        -H | --header) next=header ;;
        -d | --data | --data-ascii | --data-binary | --json) next=data implied=POST ;;
        --data-urlencode) next=urlencode implied=POST ;;
        --data-raw | --form-string) next=text implied=POST ;;
        -F | --form) next=form implied=POST ;;
        -T | --upload-file) next=file implied=PUT ;;
        -K | --config) next=file ;;
        -I | --head) implied=HEAD ;;
        -G | --get) get=1 ;;
      esac
      ;;
    method) method=$word ;;
    max-time)
      caller_max_ms=$(LC_ALL=C awk -v s="$word" 'BEGIN { printf "%.0f", s * 1000 }')
      return
      ;;
    output) output=$word; return ;;
    header)
      case $word in
        [Ii][Dd][Ee][Mm][Pp][Oo][Tt][Ee][Nn][Cc][Yy]-[Kk][Ee][Yy]:*) caller_key=1 ;;
        @*) keep_body "${word#@}"; word=@$file ;;
      esac
      ;;
    data) if [[ $word == @* ]]; then keep_body "${word#@}"; word=@$file; fi ;;
    urlencode)
      # name@FILE or @FILE; an = before any @ makes the rest content.
      name=${word%%[=@]*}
      if [[ ${word:${#name}:1} == @ ]]; then
        keep_body "${word:${#name}+1}"
        word=$name@$file
      fi
      ;;
    form)
      # name=@FILE or name=<FILE, the file name ending at a ; (;type=...)
      # or a , (more files).
      rest=${word#*=}
      if [[ $word == *=* && $rest == [@\<]* ]]; then
        path=${rest:1}
        path=${path%%[;,]*}
        keep_body "$path"
        word=${word%%=*}=${rest:0:1}$file${rest:${#path}+1}
      fi
      ;;
    file) keep_body "$word"; word=$file ;;
  esac
  args+=("$word")
}
for word in "$@"; do
  # Run together (-sd @-), an option that takes a value would hide it from
  # the script, and a stdin body would go out empty: refuse.
  if [[ -z $next && $word == -[!-XmoHdFTK]*[XmoHdFTK]* ]]; then
    echo "retry.sh: write $word as separate options (-s -d, not -sd)" >&2
    exit 64
  fi
  if [[ -z $next && $word == -[XmoHdFTK]?* ]]; then
    take "${word:0:2}" # a value joined to its option (-XPUT, -d@-)
    word=${word:2}
  fi
  take "$word"
done
if [[ -n $get && $implied == POST ]]; then implied=GET; fi
method=${method:-$implied}

"#;

/// The helpers every policy's loop uses.
const HELPERS: &str = r#"# 408, 429 and 5xx but 501, 505, 511: a retry cannot fix those.
is_retryable() {
  (($1 == 408 || $1 == 429 || ($1 >= 500 && $1 != 501 && $1 != 505 && $1 != 511)))
}

# Prints a count of attempts ($1) whose noun agrees with it.
attempts() {
  if (($1 == 1)); then echo "1 attempt"; else echo "$1 attempts"; fi
}

# Sleeps $1 milliseconds.
sleep_ms() {
  sleep "$(printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)))"
}

# Ends the run with exit code $1, saying why ($2) on stderr. The last
# response's body goes to stdout; with -o, to that file instead, only on
# success (written beside it, then renamed over it); nowhere when quiet.
finish() {
  if [[ -n $output ]]; then
    if (($1 == 0)); then
      part=$output.$$.part
      cp "$tmp/body" "$part" && mv -f "$part" "$output" || exit 1
    fi
  elif ((code == 0)) && [[ -z $quiet ]]; then
    cat "$tmp/body"
  fi
  if (($# > 1)); then echo "retry.sh: $2" >&2; fi
  exit "$1"
}

# Ends the run on a status that is not retried: 0 for 2xx and 3xx, else 2.
answered() {
  if ((status >= 200 && status < 400)); then finish 0; fi
  finish 2 "$cause (not retried)"
}
"#;

/// What one attempt gave: the same for every policy.
const OUTCOME: &str = r#"  # The status and the proxy's answer to CONNECT (000 when there was none).
  read -r status connect <<<"$out"
  if ((code == 0)); then
    cause="status $status"
  else
    # curl's error, from its last line "curl: (7) Failed to connect ...".
    error=
    while IFS= read -r line; do
      case $line in "curl: ("*) error=${line#curl: (*) } ;; esac
    done <"$tmp/stderr"
    cause="curl exit $code${error:+: $error}"
  fi
  if [[ -n $verbose ]]; then cat "$tmp/stderr" >&2; fi
  # A proxy that would not open the tunnel answered CONNECT with a status
  # (000: no tunnel asked for; 2xx: opened). One a retry cannot fix (403,
  # 407) is final, as a server's would be.
  if ((code != 0 && connect != 0 && (connect < 200 || connect > 299))); then
    if ! is_retryable "$connect"; then finish 2 "$cause (the proxy's refusal is not retried)"; fi
  fi
"#;

/// The named constants.
fn constants(plan: &Plan) -> String {
    let mut out = String::new();
    for (name, value) in plan.constants() {
        out.push_str(&format!("{name}={}\n", decimal(value)));
    }
    out
}

/// The state variable and `next_delay` for the policy's jitter mode. The
/// awk program prints the sleep in seconds and the next state with 17
/// significant digits, so the state keeps full precision between calls;
/// `LC_ALL=C` keeps its decimal point a point whatever the user's locale.
fn delays(plan: &Plan) -> String {
    let random = plan.uses_random();
    let mut out = String::new();
    let (state, awk_vars, body) = if plan.jitter() == Jitter::Decorrelated {
        (
            "previous_ms",
            " \\\n    -v base=\"$BASE_DELAY_MS\" -v cap=\"$MAX_DELAY_MS\"",
            "    high = previous * 3 > base ? previous * 3 : base  # whole even if cap < base / 3\n    \
             previous = base + (high - base) * u\n    \
             if (previous > cap) previous = cap\n    \
             printf \"%.0f %.17g\\n\", previous, previous\n"
                .to_string(),
        )
    } else {
        let sleep = match (plan.jitter(), plan.cap_order()) {
            (Jitter::None, _) => "capped",
            (Jitter::Full, _) => "capped * u",
            (Jitter::Equal, _) => "capped / 2 + (capped - capped / 2) * u",
            (Jitter::Proportional, CapOrder::Before) => "capped * (low + (high - low) * u)",
            (Jitter::Proportional, CapOrder::After) => "backoff * (low + (high - low) * u)",
            (Jitter::Decorrelated, _) => unreachable!("handled above"),
        };
        let mut body = String::new();
        if sleep.contains("capped") {
            body.push_str("    capped = backoff < cap ? backoff : cap\n");
        }
        body.push_str(&format!("    sleep = {sleep}\n"));
        if plan.grows_past_cap() {
            body.push_str(
                "    if (sleep > cap) sleep = cap\n    \
                 # Once backoff * low reaches the cap every sleep is the cap, so\n    \
                 # growth stops there and the value never overflows.\n    \
                 if (backoff < cap / low) backoff *= mult\n",
            );
        } else {
            body.push_str(
                "    if (backoff < cap) backoff *= mult  # growth stops at the cap: no overflow\n",
            );
        }
        body.push_str("    printf \"%.0f %.17g\\n\", sleep, backoff\n");
        let vars = if plan.jitter() == Jitter::Proportional {
            " \\\n    -v cap=\"$MAX_DELAY_MS\" -v mult=\"$MULTIPLIER\" \\\n    \
             -v low=\"$LOW_FACTOR\" -v high=\"$HIGH_FACTOR\""
        } else {
            " \\\n    -v cap=\"$MAX_DELAY_MS\" -v mult=\"$MULTIPLIER\""
        };
        ("backoff_ms", vars, body)
    };
    let awk_name = state.trim_end_matches("_ms");
    out.push_str(&format!(
        "# The backoff's state between retries.\n\
         {state}=$BASE_DELAY_MS\n\n\
         # Sets wait_ms to the computed sleep before the next retry, in whole ms.\n\
         next_delay() {{\n"
    ));
    let u = if random {
        // $RANDOM gives 15 bits; two of them make a uniform u in [0, 1).
        out.push_str("  local u=$((RANDOM << 15 | RANDOM))\n");
        " -v u=\"$u\""
    } else {
        ""
    };
    out.push_str(&format!(
        "  read -r wait_ms {state} <<<\"$(LC_ALL=C awk -v {awk_name}=\"${state}\"{u}{awk_vars} 'BEGIN {{\n"
    ));
    if random {
        out.push_str("    u /= 1073741824  # 30 random bits as a fraction of 2^30: [0, 1)\n");
    }
    out.push_str(&body);
    out.push_str("  }')\"\n}\n");
    out
}

/// Reads `Retry-After` in its delay-seconds form; the same for every policy.
const RETRY_AFTER: &str = r#"# Sets wait_ms to the last response's Retry-After in ms, at most
# RETRY_AFTER_MAX_MS, when it is all digits and not 0; otherwise leaves it.
retry_after() {
  local line value=""
  while IFS= read -r line; do
    line=${line%$'\r'}
    case $line in
      HTTP/*) value="" ;; # a later response (after a redirect) starts afresh
      [Rr][Ee][Tt][Rr][Yy]-[Aa][Ff][Tt][Ee][Rr]:*) value=${line#*:} ;;
    esac
  done <"$tmp/headers"
  value=${value#"${value%%[![:space:]]*}"} # trim leading blanks
  value=${value%"${value##*[![:space:]]}"} # trim trailing blanks
  [[ $value =~ ^[0-9]+$ ]] || return 0
  value=${value#"${value%%[!0]*}"} # drop leading zeros, so bash reads decimal
  [[ -n $value ]] || return 0       # 0 asks for no wait: keep the computed one
  # More than 12 digits of seconds exceeds any maximum, and would overflow.
  if ((${#value} > 12)); then
    wait_ms=$RETRY_AFTER_MAX_MS
  else
    wait_ms=$((value * 1000))
    if ((wait_ms > RETRY_AFTER_MAX_MS)); then wait_ms=$RETRY_AFTER_MAX_MS; fi
  fi
}
"#;

#[cfg(test)]
mod tests {
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
}
