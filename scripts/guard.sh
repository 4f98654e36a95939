# Sourced by scripts/test.sh. `guard SECONDS CMD...` runs CMD in its own
# process group, kills the whole group when it ends or overruns, and
# returns CMD's status (124 on time-out). An orphaned Chromium cannot
# outlive its step and hang the run.
guard() {
  local secs=$1; shift
  setsid "$@" &
  local pid=$!
  setsid bash -c "sleep $secs; echo '[guard] time-out after ${secs}s: $*' >&2; kill -TERM -- -$pid; sleep 5; kill -KILL -- -$pid" </dev/null >/dev/null &
  local watchdog=$!
  local rc=0
  wait "$pid" || rc=$?
  kill -KILL -- "-$watchdog" 2>/dev/null || true
  kill -KILL -- "-$pid" 2>/dev/null || true
  wait "$watchdog" 2>/dev/null || true
  [ "$rc" -eq 143 ] && rc=124
  return "$rc"
}
