// MUTANTS (copies with one rule taken out, whose scenario must fail) and
// ILL_TYPED (copies that must fail the type check), with the functions
// that write them beside the snippets.

import assert from "node:assert/strict";
import path from "node:path";
import { readFile, writeFile } from "node:fs/promises";
import { before } from "node:test";

import { clock, ctx, EXTENSIONS, LANGS, ms } from "./context.mjs";

/** The retry budget's scenario (groups/budget.mjs), which its mutants must fail. */
const BUDGET_SCENARIO =
  "d: with every request failing, retries stop at the budget's 10 tokens; healthy again, they resume at 1 per 10 answers";

/**
 * Broken copies of the `none-honor` snippet (or the variant named third):
 * each replacement (of every occurrence, when it says "all") takes one
 * SAFE rule out, and its scenario must then fail (not on timing alone).
 * The copies are built with the rest, so they stay gofmt-, rustfmt- and
 * tsc-clean.
 */
export const MUTANTS = [
  ["x: 501, 505 and 511 are handed back at once", {
    js: ["(status >= 500 && ![501, 505, 511].includes(status))", "status >= 500"],
    ts: ["(status >= 500 && ![501, 505, 511].includes(status))", "status >= 500"],
    py: ["(status >= 500 and status not in (501, 505, 511))", "status >= 500"],
    go: ["(status >= 500 && status != 501 && status != 505 && status != 511)", "(status >= 500)"],
    sh: ["($1 >= 500 && $1 != 501 && $1 != 505 && $1 != 511)", "$1 >= 500"],
    rs: ["(code >= 500 && !matches!(code, 501 | 505 | 511))", "code >= 500"],
  }],
  ["x: a proxy's refusal of CONNECT (403, 407) is handed back at once", {
    js: ["|bad port|Proxy response/i", "|bad port/i"],
    ts: ["|bad port|Proxy response/i", "|bad port/i"],
    py: [" or _proxy_refused(error):", ":"],
    // Every error retried, not just a net.Error: the proxy's bare one too.
    go: ["return errors.As(err, &netErr) ||", "return errors.As(err, &netErr) || err != nil ||"],
    rs: ['["certificate", "unsuccessful", "proxy auth"]', '["certificate", "-", "-"]'],
  }],
  // Every failure through a proxy taken for a refusal.
  ["x: a proxy that cannot be reached is retried like a network error", {
    js: ["|bad port|Proxy response/i", "|bad port|Proxy response|ECONNREFUSED/i"],
    ts: ["|bad port|Proxy response/i", "|bad port|Proxy response|ECONNREFUSED/i"],
    py: ['refused = "Tunnel connection failed" in str(error)', "refused = True"],
    go: ["err = urlErr.Err // a *url.Error is a net.Error itself: look inside", "return false"],
    rs: ['["certificate", "unsuccessful", "proxy auth"]', '["certificate", "unsuccessful", "tunnel"]'],
  }],
  ["x: a port fetch blocks (bad port) is handed back at once", {
    js: ["|redirect|bad port|", "|redirect|"],
    ts: ["|redirect|bad port|", "|redirect|"],
  }],
  ["y: Retry-After: 0 and a date already past keep the computed delay", {
    js: ["RETRY_AFTER_MAX_MS) : null", "RETRY_AFTER_MAX_MS) : 0"],
    ts: ["RETRY_AFTER_MAX_MS) : null", "RETRY_AFTER_MAX_MS) : 0"],
    py: ["if ms > 0 else None", "if ms > 0 else 0"],
    go: ["if ms <= 0 {\n\t\treturn 0, false", "if ms <= 0 {\n\t\treturn 0, true"],
    sh: ["[[ -n $value ]] || return 0", "true"],
    rs: ["(ms > 0.0).then(|| ms.min(RETRY_AFTER_MAX_MS))", "Some(ms.clamp(0.0, RETRY_AFTER_MAX_MS))"],
  }],
  ["a: a stalled attempt times out at the attempt timeout and is retried", {
    sh: [" --max-time \"$(printf '%d.%03d' $((limit_ms / 1000)) $((limit_ms % 1000)))\"", ""],
    js: ["const timedOut = attempt.signal.aborted;", "const timedOut = false;"],
    ts: ["const timedOut = attempt.signal.aborted;", "const timedOut = false;"],
    // An attempt timeout of 1,000 s: the stalled attempt holds the call until it is killed.
    go: ["context.WithTimeout(ctx, timeout)", "context.WithTimeout(ctx, timeout*1000)"],
    // A timeout of 1,000,000 s: the stalled attempt outlives the run, which is killed.
    rs: ["millis(ATTEMPT_TIMEOUT_MS)", "millis(ATTEMPT_TIMEOUT_MS * 1e6)"],
    // A snippet with no attempt timeout waits on the stalled attempt until it is killed.
    py: ["timeout=timeout,", "timeout=None,"],
  }],
  ["b: POST and PATCH are sent once without a key; PUT is retried", {
    sh: ["*) retried= ;;", "*) retried=1 ;;"],
    js: ["RETRIED_METHODS.includes(request.method)", "RETRIED_METHODS.includes(request.method.replace(/POST|PATCH/, \"PUT\"))"],
    ts: ["RETRIED_METHODS.includes(request.method)", "RETRIED_METHODS.includes(request.method.replace(/POST|PATCH/, \"PUT\"))"],
    go: ["sendOnce := !isIdempotent(req.Method)", "sendOnce := !isIdempotent(\"GET\")"],
    rs: ["let once = !request.method().is_idempotent();", "let once = false;"],
    py: ["retried = method.upper() in RETRIED_METHODS", "retried = True"],
  }],
  // curl's failure ends the script under set -e.
  ["s: under set -euo pipefail a refused connection is retried and a stdin body goes out whole", {
    sh: [") && code=0 || code=$? # no exit under set -e", ")\n  code=$?"],
  }],
  // A deadline on the wall clock: every read of the monotonic clock replaced
  // (bash: /proc/uptime never read, so $EPOCHREALTIME is).
  ["q: the wall clock stepped an hour back or forward mid-call moves no deadline", {
    js: ["performance.now()", "Date.now()", "all"],
    ts: ["performance.now()", "Date.now()", "all"],
    py: ["time.monotonic()", "time.time()", "all"],
    sh: ["if ! read -r now _ 2>/dev/null </proc/uptime; then", "if true; then"],
  }, "none-honor-deadline"],
  // An attempt started when the wait woke up past the deadline.
  ["q: a wait that wakes up past the deadline starts no attempt", {
    js: ["if (leftMs <= 0)", "if (leftMs <= -1e9)"],
    ts: ["if (leftMs <= 0)", "if (leftMs <= -1e9)"],
  }, "none-honor-deadline"],
  ["s: RETRY_VERBOSE=1 says each retry, its wait and its cause, before the wait", {
    sh: ["if [[ -n $verbose ]]; then\n    echo", "if false; then\n    echo"],
  }],
  // curl reads the script's own stdin, already read into the copy.
  ["s: a body from stdin (-T -, @/dev/stdin, --json @-, -F, --data-urlencode) goes out whole on every attempt", {
    sh: [' <"${stdin_copy:-/dev/null}"', ""],
  }],
  // No copy: a second reader of a FIFO waits for ever, of <(...) reads nothing.
  ["s: a FIFO or <(...) body goes out whole on every attempt, -T to the URL curl gives it", {
    sh: ["if [[ -e $file && (! -f $file || $file == /dev/*) ]]; then", "if false; then"],
  }],
  // Quiet mode forgotten: the body goes to stdout.
  ["s: RETRY_QUIET=1 prints nothing when the call recovers, one line when it fails", {
    sh: ["quiet=${RETRY_QUIET:-}", "quiet="],
  }],
  // curl's messages printed as they come: the reset attempt's shows.
  ["s: RETRY_QUIET=1 prints nothing when the call recovers, one line when it fails", {
    sh: [' 2>"$tmp/stderr")', ")"],
  }],
  // No reason given on a failure.
  ["s: RETRY_QUIET=1 prints nothing when the call recovers, one line when it fails", {
    sh: ['if (($# > 1)); then echo "retry.sh: $2" >&2; fi', "true"],
  }],
  // The -o file written whatever the outcome.
  ["s: -o FILE gets the final body on success only, replaced whole", {
    sh: ["if (($1 == 0)); then", "if true; then"],
  }],
  // A bundle let through: -sd @- sends an empty body.
  ["s: short options run together with one that takes a value (-sd @-) are refused, not sent empty", {
    sh: ["if [[ -z $next && $word == -[!-XmoHdFTK]*[XmoHdFTK]* ]]; then", "if false; then"],
  }],
  // A refused tunnel retried like any curl exit 56.
  ["s: a proxy's refusal of CONNECT (403, 407) is final; its 503 is retried", {
    sh: ["if ((code != 0 && connect != 0 && (connect < 200 || connect > 299))); then", "if false; then"],
  }],
  // The retry budget without its bound: a retry is taken with no token left.
  [BUDGET_SCENARIO, {
    js: ["if (retryBudgetCredits < RETRY_BUDGET_SUCCESSES_PER_TOKEN) return false;", "if (retryBudgetCredits < -1e9) return false;"],
    ts: ["if (retryBudgetCredits < RETRY_BUDGET_SUCCESSES_PER_TOKEN) return false;", "if (retryBudgetCredits < -1e9) return false;"],
    py: ["if _retry_budget_credits < RETRY_BUDGET_SUCCESSES_PER_TOKEN:", "if _retry_budget_credits < -(10**9):"],
    go: ["if retryBudget.credits < retryBudgetSuccessesPerToken {", "if retryBudget.credits < -1000000000 {"],
    rs: ["credits.checked_sub(RETRY_BUDGET_SUCCESSES_PER_TOKEN)", "Some(credits.saturating_sub(RETRY_BUDGET_SUCCESSES_PER_TOKEN))"],
    sh: ["if ((credits < 0)); then", "if ((credits < -1000000000)); then"],
  }, "none-honor-budget"],
  // No refill: once spent, the budget never lets a retry through again.
  [BUDGET_SCENARIO, {
    js: ["retryBudgetCredits + 1)", "retryBudgetCredits + 0)"],
    ts: ["retryBudgetCredits + 1)", "retryBudgetCredits + 0)"],
    py: ["_retry_budget_credits + 1)", "_retry_budget_credits + 0)"],
    go: ["retryBudget.credits++", "retryBudget.credits += 0"],
    rs: ["then_some(credits + 1)", "then_some(credits)"],
    sh: ["  budget_add 1\n", "  budget_add 0\n"],
  }, "none-honor-budget"],
  // No ceiling: answers while the bucket is full still add to it.
  [BUDGET_SCENARIO, {
    js: ["Math.min(RETRY_BUDGET_FULL, retryBudgetCredits + 1)", "Math.min(Infinity, retryBudgetCredits + 1)"],
    ts: ["Math.min(RETRY_BUDGET_FULL, retryBudgetCredits + 1)", "Math.min(Infinity, retryBudgetCredits + 1)"],
    py: ["min(_RETRY_BUDGET_FULL, ", "min(10**9, "],
    go: ["if retryBudget.credits < retryBudgetFull {", "if retryBudget.credits < 1000000000 {"],
    rs: ["(credits < RETRY_BUDGET_FULL)", "(credits < u32::MAX)"],
    sh: ["if ((credits > full)); then credits=$full; fi", "true"],
  }, "none-honor-budget"],
  // bash: a bucket per run (a file of its own), so no run sees another's retries.
  [BUDGET_SCENARIO, {
    sh: [
      "RETRY_BUDGET_FILE=${RETRY_BUDGET_FILE:-${XDG_RUNTIME_DIR:-${TMPDIR:-/tmp}}/retry-budget-$UID}",
      'RETRY_BUDGET_FILE=$(mktemp -u "${XDG_RUNTIME_DIR:-/tmp}/budget.XXXXXX")',
    ],
  }, "none-honor-budget"],
].flatMap(([scenario, byLang, stem = "none-honor"], n) =>
  Object.entries(byLang)
    .filter(([lang]) => LANGS.includes(lang))
    .map(([lang, [from, to, all]]) => ({
      scenario,
      from,
      to,
      all,
      base: `${lang}/${stem}.${EXTENSIONS[lang]}`,
      variant: {
        lang,
        mode: "none",
        honor: true,
        deadline: stem.endsWith("-deadline"),
        budget: stem.endsWith("-budget"),
        path: `${lang}/mutant-${n}.${EXTENSIONS[lang]}`,
      },
    })),
);

/** Writes the MUTANTS' files beside the snippets, before anything is built. */
export async function writeMutants(dir) {
  for (const m of MUTANTS) {
    const text = await readFile(path.join(dir, m.base), "utf8");
    assert.ok(text.includes(m.from), `${m.base} no longer holds ${JSON.stringify(m.from)}`);
    await writeFile(path.join(dir, m.variant.path), m.all ? text.replaceAll(m.from, m.to) : text.replace(m.from, m.to));
  }
}

/**
 * Ill-typed copies of the `none-honor` snippet, one per flag that matters:
 * each must fail the type check with the error named (tsc's code, mypy's
 * message), so the check is shown to catch a slip, under the target the
 * header claims. They are type-checked in the same run as the snippets.
 */
export const ILL_TYPED = [
  // --python-version 3.8: tuple[...] needs Python 3.9.
  ["py", "-> Tuple[float, float]:", "-> tuple[float, float]:", /"tuple" is not subscriptable/],
  // --strict: a function with no annotations.
  ["py", "def _backoff_delays() -> Iterator[float]:", "def _backoff_delays():", /\[no-untyped-def\]/],
  // An Optional[float] where a float is wanted.
  ["py", "if after_ms is not None:", "if True:", /"Optional\[float\]".*\[assignment\]/],
  // --noPropertyAccessFromIndexSignature.
  ["ts", 'Number(fields["hour"])', "Number(fields.hour)", /^TS4111:/],
  // --noUncheckedIndexedAccess: a regex group may be undefined.
  ["ts", 'const { weekday = "",', "const { weekday,", /^TS18048:/],
  // --strict (noImplicitAny).
  ["ts", "function isRetryable(status: number)", "function isRetryable(status)", /^TS7006:/],
]
  .filter(([lang]) => LANGS.includes(lang))
  .map(([lang, from, to, error], n) => ({
    lang,
    from,
    to,
    error,
    base: `${lang}/none-honor.${EXTENSIONS[lang]}`,
    path: `${lang}/ill-typed-${n}.${EXTENSIONS[lang]}`,
  }));

/** Writes the ILL_TYPED copies beside the snippets. */
export async function writeIllTyped(dir) {
  for (const m of ILL_TYPED) {
    const text = await readFile(path.join(dir, m.base), "utf8");
    assert.ok(text.includes(m.from), `${m.base} no longer holds ${JSON.stringify(m.from)}`);
    await writeFile(path.join(dir, m.path), text.replace(m.from, m.to));
  }
}
