//! bash: a script run as `retry.sh URL [extra curl arguments]` that loops
//! around `curl`.
//!
//! bash has only integers, so `awk` (POSIX, everywhere bash is) does the
//! floating-point part of each sleep. The script keeps to bash 3.2, the
//! version macOS ships: no `${x,,}`, no associative arrays, and no `set -u`
//! (bash before 4.4 calls an empty `"$@"` unbound).

use super::{comment, decimal, thousands, Plan};
use crate::core::policy::{CapOrder, Jitter};

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
    out.push_str(&comment(&plan.header(76, Some(&retry_after_line)), "# "));
    out.push_str(&format!(
        "#\n\
         # Usage: retry.sh URL [curl arguments]\n\
         # The extra arguments go to every curl call (method, headers, data); leave\n\
         # out -o, -D, -w and --fail, which the script needs for itself. The method\n\
         # is read from them as curl reads it (-X, else -d/-F: POST, -T: PUT, -I:\n\
         # HEAD). A --max-time among them bounds each attempt when it is shorter\n\
         # than ATTEMPT_TIMEOUT_MS. A body read\n\
         # from stdin (@-) is kept in a file, so every attempt sends it whole. Prints\n\
         # the final body on stdout. Exits 0 on a 2xx or 3xx status, 2 on any other\n\
         # status it does not retry, 1 when retries run out{}, and 64 on a usage error.\n\
         # Works unchanged under set -euo pipefail. RETRY_VERBOSE=1 prints one line per\n\
         # retry on stderr, before its wait: the retry, the wait in ms and the cause.\n\n",
        if deadline {
            ", the network fails or\n# the deadline is reached"
        } else {
            " or the network fails"
        }
    ));
    out.push_str(&constants(plan));
    out.push_str(
        "# Each attempt's limit to connect, in seconds; a --connect-timeout among the\n\
         # curl arguments takes its place.\n\
         CONNECT_TIMEOUT_S=10\n",
    );
    out.push_str(
        "\nif (($# < 1)); then\n  \
         echo \"usage: $0 URL [curl arguments]\" >&2\n  \
         exit 64\n\
         fi\n\
         url=$1\n\
         shift\n\n\
         body=$(mktemp) && headers=$(mktemp) && stdin_body=$(mktemp) || exit 1\n\
         trap 'rm -f \"$body\" \"$headers\" \"$stdin_body\"' EXIT\n\n\
         # The curl arguments, and what they say about the call: its method (-X\n\
         # wins; else data means POST, -T PUT, -I HEAD, -G GET), the caller's own\n\
         # --max-time in ms (taken out: each attempt gets its own below) and, with\n\
         # an Idempotency-Key header of the caller's, that key.\n\
         args=()\n\
         method=\n\
         implied=GET\n\
         get=\n\
         caller_max_ms=\n\
         caller_key=\n\
         next=\n\
         stdin_read=\n\
         for arg in \"$@\"; do\n  \
         case $next in\n    \
         method) method=$arg ;;\n    \
         max-time)\n      \
         caller_max_ms=$(LC_ALL=C awk -v s=\"$arg\" 'BEGIN { printf \"%.0f\", s * 1000 }')\n      \
         next=\n      \
         continue\n      \
         ;;\n    \
         header)\n      \
         case $arg in\n        \
         [Ii][Dd][Ee][Mm][Pp][Oo][Tt][Ee][Nn][Cc][Yy]-[Kk][Ee][Yy]:*) caller_key=1 ;;\n      \
         esac\n      \
         ;;\n  \
         esac\n  \
         if [[ -n $next ]]; then\n    \
         next= # this was the value of the option before it\n  \
         else\n    \
         case $arg in\n      \
         -X | --request) next=method ;;\n      \
         -X?*) method=${arg#-X} ;;\n      \
         -m | --max-time)\n        \
         next=max-time\n        \
         continue\n        \
         ;;\n      \
         -H | --header) next=header ;;\n      \
         -d | --data | --data-* | --json | -F | --form | --form-string) implied=POST ;;\n      \
         -T | --upload-file) implied=PUT ;;\n      \
         -I | --head) implied=HEAD ;;\n      \
         -G | --get) get=1 ;;\n    \
         esac\n  \
         fi\n  \
         # curl reads @- from stdin, which can be read only once: read it into a\n  \
         # file now, and have every attempt send that file.\n  \
         if [[ $arg == *@- ]]; then\n    \
         if [[ -z $stdin_read ]]; then\n      \
         cat >\"$stdin_body\"\n      \
         stdin_read=1\n    \
         fi\n    \
         arg=${arg%-}$stdin_body\n  \
         fi\n  \
         args+=(\"$arg\")\n\
         done\n\
         if [[ -n $get && $implied == POST ]]; then implied=GET; fi\n\
         method=${method:-$implied}\n\n",
    );
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
    out.push_str(
        "# 408, 429 and 5xx but 501, 505, 511: a retry cannot fix those.\n\
         is_retryable() {\n  \
         (($1 == 408 || $1 == 429 || ($1 >= 500 && $1 != 501 && $1 != 505 && $1 != 511)))\n\
         }\n\n\
         # Sleeps $1 milliseconds.\n\
         sleep_ms() {\n  \
         sleep \"$(printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)))\"\n\
         }\n\n",
    );
    if deadline {
        out.push_str(
            "# Prints the time in ms: bash 5's EPOCHREALTIME, else (bash 3.2) whole\n\
             # seconds from date, which makes the deadline good to a second.\n\
             now_ms() {\n  \
             local now=${EPOCHREALTIME:-$(date +%s).000000}\n  \
             echo $((${now%[.,]*} * 1000 + 10#${now#*[.,]} / 1000))\n\
             }\n\n",
        );
    }
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
        "  status=$(curl --silent --show-error --connect-timeout \"$CONNECT_TIMEOUT_S\" \\\n    \
         --output \"$body\" --dump-header \"$headers\" --write-out '%{{http_code}}'{key} \\\n    \
         ${{args[@]+\"${{args[@]}}\"}} --max-time \"$(printf '%d.%03d' $((limit_ms / 1000)) $((limit_ms % 1000)))\" \\\n    \
         --url \"$url\") && code=0 || code=$? # no exit under set -e\n"
    ));
    if !plan.key {
        out.push_str(
            "  if [[ -z $retried ]]; then\n    \
             # Sent once: its answer (or failure) is final.\n    \
             if ((code != 0)); then\n      \
             echo \"retry.sh: curl failed (exit $code); $method is not retried\" >&2\n      \
             exit 1\n    \
             fi\n    \
             cat \"$body\"\n    \
             if ((status >= 200 && status < 400)); then exit 0; fi\n    \
             exit 2\n  \
             fi\n",
        );
    }
    out.push_str(
        "  if ((code != 0)); then\n    \
         case $code in\n      \
         # No proxy or host address, refused, HTTP/2 framing, cut short, timed\n      \
         # out, TLS handshake, empty reply, send or receive failed (reset),\n      \
         # HTTP/2 stream: retry.\n      \
         5 | 6 | 7 | 16 | 18 | 28 | 35 | 52 | 55 | 56 | 92) ;;\n      \
         *)\n        \
         echo \"retry.sh: curl failed (exit $code)\" >&2\n        \
         exit 1\n        \
         ;;\n    \
         esac\n    \
         if ((retry >= MAX_RETRIES)); then\n      \
         echo \"retry.sh: giving up after $((MAX_RETRIES + 1)) attempts: network error (curl exit $code)\" >&2\n      \
         exit 1\n    \
         fi\n  \
         else\n    \
         if ! is_retryable \"$status\"; then\n      \
         cat \"$body\"\n      \
         if ((status >= 200 && status < 400)); then exit 0; fi\n      \
         exit 2\n    \
         fi\n    \
         if ((retry >= MAX_RETRIES)); then\n      \
         cat \"$body\"\n      \
         echo \"retry.sh: giving up after $((MAX_RETRIES + 1)) attempts: last status $status\" >&2\n      \
         exit 1\n    \
         fi\n  \
         fi\n  \
         next_delay\n",
    );
    if plan.honor {
        out.push_str("  if ((code == 0)); then retry_after; fi\n");
    }
    if deadline {
        out.push_str(
            "  if (($(now_ms) + wait_ms >= deadline_ms)); then\n    \
             if ((code == 0)); then cat \"$body\"; fi\n    \
             echo \"retry.sh: deadline of $DEADLINE_MS ms reached after $((retry + 1)) attempts\" >&2\n    \
             exit 1\n  \
             fi\n",
        );
    }
    out.push_str(
        "  if [[ -n ${RETRY_VERBOSE:-} ]]; then\n    \
         if ((code == 0)); then cause=\"status $status\"; else cause=\"curl exit $code\"; fi\n    \
         echo \"retry.sh: retry $((retry + 1)) in $wait_ms ms after $cause\" >&2\n  \
         fi\n\
         \x20 sleep_ms \"$wait_ms\"\ndone\n",
    );
    out
}

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
  done <"$headers"
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
