//! The retry loop of the bash script: each attempt's limit (the attempt
//! timeout, the caller's --max-time, the deadline), the curl call, what it
//! gave, and the give-up or the wait. Apart, since it is the part a reader
//! follows first.

use crate::core::snippets::Plan;

/// The `for` loop that makes the attempts.
pub(super) fn attempt_loop(plan: &Plan) -> String {
    let deadline = plan.deadline_ms.is_some();
    let mut out = String::new();
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
    if plan.budget {
        out.push_str(
            "  # An answer that is not retried refills the retry budget a little.\n  \
             if ((code == 0)) && ! is_retryable \"$status\"; then refill_retry_budget; fi\n",
        );
    }
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
         fi\n",
    );
    if plan.budget {
        out.push_str(
            "  # No token left in the retry budget: give up as when retries run out.\n  \
             if ! take_retry_token; then\n    \
             finish 1 \"retry budget empty after $(attempts $((retry + 1))): $cause\"\n  \
             fi\n",
        );
    }
    out.push_str("  next_delay\n");
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
