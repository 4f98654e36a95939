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
//!
//! This file writes the header, the constants, the backoff and the order of
//! the parts; `arguments` holds the reading of the curl arguments, `helpers`
//! the small functions every script has, `attempts` the retry loop.

mod arguments;
mod attempts;
mod helpers;
#[cfg(test)]
mod tests;

use super::{budget, comment, decimal, thousands, wrap, Plan};
use crate::core::policy::{CapOrder, Jitter};
use arguments::ARGUMENTS;
use helpers::{HELPERS, RETRY_AFTER};

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
    let budget = plan.budget.then(budget::sh);
    if plan.budget {
        let scope = "every run of this script by this user (see RETRY_BUDGET_FILE below)";
        out.push_str(&comment(&wrap(&plan.budget_line(scope), 76), "# "));
    }
    for paragraph in usage(deadline) {
        out.push_str("#\n");
        let lines: Vec<String> = paragraph.lines().flat_map(|l| wrap(l, 76)).collect();
        out.push_str(&comment(&lines, "# "));
    }
    out.push('\n');
    out.push_str(&constants(plan));
    if let Some(budget) = &budget {
        out.push_str(&budget.state);
    }
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
    if let Some(budget) = &budget {
        out.push_str(&budget.functions);
    }
    if deadline {
        out.push_str(
            "\n# Prints a clock in ms for the deadline. On Linux, the time since boot\n\
             # (/proc/uptime, to 10 ms): setting the wall clock (by hand, NTP) does not\n\
             # move it. Elsewhere (macOS has no /proc), the wall clock: bash 5's\n\
             # EPOCHREALTIME, else (bash 3.2) whole seconds from date.\n\
             now_ms() {\n  \
             local now fraction\n  \
             if ! read -r now _ 2>/dev/null </proc/uptime; then\n    \
             now=${EPOCHREALTIME:-$(date +%s).0}\n  \
             fi\n  \
             fraction=${now#*[.,]}000\n  \
             echo $((${now%[.,]*} * 1000 + 10#${fraction:0:3}))\n\
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
    out.push_str(&attempts::attempt_loop(plan));
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
