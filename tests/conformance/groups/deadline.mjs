// CANCEL, DEADLINE and LATE_WAKE: the caller's cancellation, the deadline
// and the idempotency key, the deadline after a wait that wakes up late;
// with their checks. CLOCK, the deadline under a stepped wall clock, is in
// clock.mjs.

import assert from "node:assert/strict";
import { after } from "node:test";

import {
  ATTEMPTS,
  ctx,
  EARLY_MS,
  expectBetween,
  expectOutcome,
  expectWait,
  ms,
  POLICY,
  slack,
  TimingError,
} from "../context.mjs";

// ---------------------------------------------------- cancel and deadline

/** Checks that the call failed after one attempt, without a response. */
export function expectNotRetried(lang, result) {
  const o = result.outcome;
  const seen = JSON.stringify(o);
  if (lang === "sh") assert.notEqual(o.code, 0, `bash fails: ${seen}`);
  else assert.notEqual(o.kind, "response", `an error, not a response: ${seen}`);
  assert.equal(result.calls.length, 1, `one attempt only: ${seen}\n${result.stderr}`);
}

/** The environment that makes the driver cancel the call after `ms`. */
export function cancelAfter(lang, ms, kind = "abort") {
  return {
    js: { DRIVER_CANCEL: `${kind}:${ms}` },
    ts: { DRIVER_CANCEL: `${kind}:${ms}` },
    go: { DRIVER_CONTEXT_MS: String(ms) },
    rs: { DRIVER_CANCEL_MS: String(ms) },
  }[lang];
}

/** Checks the outcome of a call the caller cancelled, and when it ended. */
export function expectCancelled(lang, result, ms, kind = "abort") {
  const o = result.outcome;
  const seen = JSON.stringify(o);
  if (lang === "js" || lang === "ts") {
    const name = kind === "abort" ? "AbortError" : "TimeoutError";
    assert.equal(o.kind, "neterror", seen);
    assert.equal(o.name, name, `rejects with the signal's reason: ${seen}`);
  } else if (lang === "go") {
    assert.match(o.message, /context deadline exceeded/, seen);
  } else {
    assert.equal(o.kind, "cancelled", seen);
  }
  expectWait(o.ended, ms, `the call ended after the cancel at ${ms} ms`);
}

/** Checks a give-up that names the deadline. */
export function expectDeadline(lang, result) {
  const o = result.outcome;
  const seen = `${JSON.stringify(o)}\n${result.stderr}`;
  switch (lang) {
    case "sh":
      assert.equal(o.code, 1, seen);
      assert.match(result.stderr, /deadline/, seen);
      return;
    case "js":
    case "ts":
      assert.equal(o.name, "TimeoutError", seen);
      break;
    case "go":
      assert.equal(o.typed?.Deadline, true, `a *RetryError with Deadline set: ${seen}`);
      break;
    case "rs":
      assert.equal(o.kind, "other", `RetryError::Deadline: ${seen}`);
      break;
    default:
      assert.ok(["httperror", "neterror"].includes(o.kind), seen);
  }
  assert.match(o.message, /deadline/, seen);
}

/** When the call ended, in ms from the driver's start (bash: the script's). */
export const endedOf = (result) => result.outcome.ended;

/** Run on plain variants in RETRY_AFTER_MODES with Retry-After honored, JS/TS/Go/Rust. */
export const CANCEL = {
  async "p: the caller cancels during a Retry-After wait"(v) {
    const { url, record } = ctx.server.plan([{ status: 503, retryAfter: "1" }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { env: cancelAfter(v.lang, 300) });
    expectCancelled(v.lang, result, 300);
    assert.equal(record.hits.length, 1, "no attempt after the cancel");
  },

  async "p: AbortSignal.timeout ends a Retry-After wait"(v) {
    const { url, record } = ctx.server.plan([{ status: 503, retryAfter: "1" }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { env: cancelAfter(v.lang, 300, "timeout") });
    expectCancelled(v.lang, result, 300, "timeout");
    assert.equal(record.hits.length, 1, "no attempt after the timeout");
  },

  async "p: the caller's timeout during a hung attempt is not retried"(v) {
    const { url } = ctx.server.plan([{ hang: true }]);
    const result = await ctx.runners.run(v, url, { env: cancelAfter(v.lang, 300, "timeout") });
    expectCancelled(v.lang, result, 300, "timeout");
    assert.equal(result.calls.length, 1, "one attempt");
  },
};

/** Run on the deadline variants (deadline 250 ms, idempotency key on). */
export const DEADLINE = {
  async "q: no attempt starts, and no wait ends, past the deadline"(v) {
    const { url, record } = ctx.server.plan([{ status: 500 }]);
    const result = await ctx.runners.run(v, url);
    const late = slack();
    const seen = JSON.stringify(result.calls);
    // Attempts are timed from the driver's start, a little before the call's.
    // A sleep that overshoots on a loaded machine can start one late, by as
    // much as any wait ends late (the slack, scaled by the load), so a late
    // attempt is a timing miss (run again); a snippet that ignores the
    // deadline starts attempt 4 at 300 ms or later every time.
    for (const t of result.calls) expectBetween(t, 0, POLICY.deadline + late, `an attempt at ${ms(t)}: ${seen}`);
    expectBetween(endedOf(result), 0, POLICY.deadline + late, `ended at ${ms(endedOf(result))}`);
    if (v.mode === "none") {
      // 20 and 80 ms fit; the 200 ms wait after attempt 3 would not. How many
      // attempts fit depends on how fast the machine starts each one (a
      // busy machine can leave room for two), so the bound that matters is
      // held instead: the call gave up only when the next wait, at its
      // shortest, would have ended at or past the deadline. A snippet that
      // gives up early fails that on any machine.
      expectDeadline(v.lang, result);
      const n = record.hits.length;
      assert.ok(n >= 1 && n <= 3, `one to three attempts: ${seen}`);
      const next = ctx.manifest.bounds[v.mode][n - 1][0];
      assert.ok(
        endedOf(result) + next >= POLICY.deadline - EARLY_MS,
        `gave up at ${ms(endedOf(result))} after ${n} attempts, when the ${next} ms wait still fit: ${seen}`,
      );
    } else if (result.calls.length < ATTEMPTS) {
      expectDeadline(v.lang, result);
    }
  },

  async "q: a Retry-After past the deadline ends the call at once"(v) {
    const { url, record } = ctx.server.plan([{ status: 503, retryAfter: "1" }, { status: 200 }]);
    const result = await ctx.runners.run(v, url);
    if (v.honor) {
      expectDeadline(v.lang, result);
      assert.equal(record.hits.length, 1);
      expectBetween(endedOf(result), 0, 100 + slack(), `ended at ${ms(endedOf(result))}`);
    } else {
      expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 2 });
    }
  },

  async "r: one Idempotency-Key per call, the same on every attempt"(v) {
    const steps = [{ status: 503 }, { status: 200 }];
    const { url, record } = ctx.server.plan([...steps, ...steps]);
    if (v.lang === "sh") {
      await ctx.runners.run(v, url);
      await ctx.runners.run(v, url);
    } else {
      await ctx.runners.run(v, url, { env: { DRIVER_REPEAT: "2" } });
    }
    const keys = record.hits.map((h) => h.key);
    const seen = JSON.stringify(keys);
    for (const key of keys) assert.match(key ?? "", /^[0-9a-f]{8}-?([0-9a-f]{4}-?){3}[0-9a-f]{12}$/);
    // Runs of one key: there must be one per call, and the two must differ.
    const runs = keys.filter((key, i) => key !== keys[i - 1]);
    assert.equal(runs.length, 2, `one key per call, kept on its retry: ${seen}`);
    assert.notEqual(runs[0], runs[1], `a new key for the next call: ${seen}`);
    // On a loaded machine a slow first attempt can leave no time for a
    // retry before the 250 ms deadline; then the key was never resent.
    if (keys.length < 3) throw new TimingError(`no call made a retry: ${seen}`);
  },
};

/** The languages whose driver can hold the thread in the retry hook (DRIVER_STALL_MS). */
export const STALL_LANGS = ["js", "ts"];

/**
 * A wait that wakes up late: the driver's retry hook holds the thread for
 * 300 ms on the first retry, after the snippet found that the wait fits,
 * so the wait ends past the 250 ms deadline, as on a loaded machine. No
 * attempt may start then with no time left: the call gives up with the
 * deadline's own error, whose cause is the 503 that was retried. Run on
 * the deadline variants of STALL_LANGS.
 */
export const LATE_WAKE = {
  async "q: a wait that wakes up past the deadline starts no attempt"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }]);
    const result = await ctx.runners.run(v, url, { env: { DRIVER_STALL_MS: "300" } });
    const o = result.outcome;
    const seen = `${JSON.stringify(o)}\n${result.stderr}`;
    // A first attempt slow enough to leave no room for the first wait
    // never reaches the hook: nothing was tested.
    if (!o.hook?.length) throw new TimingError(`the first wait did not fit: ${seen}`);
    expectDeadline(v.lang, result);
    assert.equal(o.causeStatus, 503, `the cause is the 503 retried: ${seen}`);
    assert.equal(record.hits.length, 1, `no attempt after the late wake: ${seen}`);
  },
};
