//! The small shell functions every script has (is_retryable, attempts,
//! sleep_ms, finish, answered) and the `Retry-After` reader: fixed text,
//! the same for every policy.

/// The helpers every policy's loop uses.
pub(super) const HELPERS: &str = r#"# 408, 429 and 5xx but 501, 505, 511: a retry cannot fix those.
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

/// Reads `Retry-After` in its delay-seconds form; the same for every policy.
pub(super) const RETRY_AFTER: &str = r#"# Sets wait_ms to the last response's Retry-After in ms, at most
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
