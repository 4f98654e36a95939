// BUDGET: the retry budget (a token bucket every call in the process
// shares; bash: every run by the user, through a file), run on the
// `none-honor-budget` variants (mode none, the idempotency key on, so the
// server tells one call from the next by its key).
//
// One process makes 42 calls in a row, while the server is healthy, then
// fails every request, then is healthy again, then fails again. The server
// counts each call's attempts by its key, so the retries are counted on
// its side: while every request fails they must stop at the bucket's size
// (the bucket starts full, and answers while it is full add nothing), and
// after the healthy stretch they must resume at the stated rate, one retry
// per ten answers.

import assert from "node:assert/strict";
import { mkdtemp, readFile } from "node:fs/promises";
import path from "node:path";

import { ATTEMPTS, ctx } from "../context.mjs";

/** The server's phases: healthy or failing, and how many calls each lasts. */
export const PHASES = [
  ["healthy", 10],
  ["failing", 6],
  ["healthy", 20],
  ["failing", 6],
];
const CALLS = PHASES.reduce((sum, [, calls]) => sum + calls, 0);

/**
 * The retries each call may make, by the rule docs/snippets.md states: a
 * bucket of `tokens`, full at start, counted in credits (`per` to a
 * token); a retry takes a token while it has one, an answer that is not
 * retried puts back one credit, up to full; a call makes at most
 * ATTEMPTS - 1 retries.
 */
export function expectedRetries(tokens, per) {
  const full = tokens * per;
  let credits = full;
  return PHASES.flatMap(([phase, calls]) =>
    Array.from({ length: calls }, () => {
      if (phase === "healthy") {
        credits = Math.min(full, credits + 1);
        return 0;
      }
      let retries = 0;
      while (retries < ATTEMPTS - 1 && credits >= per) {
        credits -= per;
        retries++;
      }
      return retries;
    }),
  );
}

/** The bucket's two numbers as the snippet declares them. */
async function numbers(v) {
  const text = await readFile(path.join(ctx.dir, v.path), "utf8");
  const read = (pattern) => Number(pattern.exec(text)?.[1]);
  const [tokens, per] = v.lang === "go"
    ? [read(/retryBudgetTokens\s*=\s*(\d+)/), read(/retryBudgetSuccessesPerToken\s*=\s*(\d+)/)]
    : [read(/RETRY_BUDGET_TOKENS(?::\s*u32)?\s*=\s*(\d+)/), read(/RETRY_BUDGET_SUCCESSES_PER_TOKEN(?::\s*u32)?\s*=\s*(\d+)/)];
  // The numbers the header states and docs/snippets.md gives.
  assert.deepEqual([tokens, per], [10, 10], `${v.path}: the budget's numbers`);
  return { tokens, per };
}

/** Which phase call `i` (from 0) falls in. */
function phaseOf(i) {
  let end = 0;
  for (const [phase, calls] of PHASES) {
    end += calls;
    if (i < end) return phase;
  }
  return PHASES[PHASES.length - 1][0];
}

/**
 * A server that answers by call: each new Idempotency-Key is the next call,
 * and every attempt of a call in a failing phase gets 503, in a healthy one
 * 200. Returns the URL and each call's attempts, in call order.
 */
function phasedServer() {
  const calls = new Map();
  const { url, record } = ctx.server.plan((hit) => {
    if (!calls.has(hit.key)) calls.set(hit.key, calls.size);
    return { status: phaseOf(calls.get(hit.key)) === "failing" ? 503 : 200 };
  });
  const attempts = () => {
    const counts = new Map();
    for (const hit of record.hits) counts.set(hit.key, (counts.get(hit.key) ?? 0) + 1);
    return [...counts.values()];
  };
  return { url, record, attempts };
}

/** Sums `retries` by phase, for a message a reader can follow. */
function byPhase(retries) {
  let start = 0;
  return PHASES.map(([phase, calls]) => {
    const sum = retries.slice(start, start + calls).reduce((a, b) => a + b, 0);
    start += calls;
    return `${phase} ${calls} calls: ${sum} retries`;
  }).join("; ");
}

export const BUDGET = {
  async "d: with every request failing, retries stop at the budget's 10 tokens; healthy again, they resume at 1 per 10 answers"(v) {
    const { tokens, per } = await numbers(v);
    const expected = expectedRetries(tokens, per);
    // The rule's own figures, as the header says them: 10 in all while
    // every request fails from a full bucket, 2 after 20 answers.
    assert.deepEqual(byPhase(expected), "healthy 10 calls: 0 retries; failing 6 calls: 10 retries; healthy 20 calls: 0 retries; failing 6 calls: 2 retries");
    const { url, record, attempts } = phasedServer();
    if (v.lang === "sh") {
      // One run is one call: the runs share the bucket through the file
      // the script names by default, here under a fresh XDG_RUNTIME_DIR.
      const runtime = await mkdtemp(path.join(ctx.dir, "runtime-"));
      for (let i = 0; i < CALLS; i++) {
        const result = await ctx.runners.run(v, url, { env: { XDG_RUNTIME_DIR: runtime } });
        const failing = phaseOf(i) === "failing";
        assert.equal(result.outcome.code, failing ? 1 : 0, `call ${i + 1}: ${result.stderr}`);
        // Call by call, so a broken copy fails at its first wrong call.
        assert.equal(attempts()[i] - 1, expected[i], `call ${i + 1}'s retries (${byPhase(attempts().map((n) => n - 1))})`);
        if (failing && expected[i] < ATTEMPTS - 1) assert.match(result.stderr, /retry budget empty after/);
      }
      const file = path.join(runtime, `retry-budget-${process.getuid()}`);
      // Every credit spent: the last failing call found the bucket empty.
      assert.equal((await readFile(file, "utf8")).trim(), "0", `${file} holds the credits`);
    } else {
      const result = await ctx.runners.run(v, url, { env: { DRIVER_REPEAT: String(CALLS) } });
      // The last call fails with no token left: handed back as when retries run out.
      expectOutcome503(v, result, record.hits.length);
    }
    const seen = attempts();
    assert.equal(seen.length, CALLS, `one key per call: ${seen.length} calls seen`);
    const retries = seen.map((n) => n - 1);
    assert.equal(
      byPhase(retries),
      byPhase(expected),
      `retries counted by the server, call by call: ${JSON.stringify(retries)}`,
    );
    assert.deepEqual(retries, expected, "each call's retries, in order");
  },
};

/** The last call gave up on a 503 with its retries cut short. */
function expectOutcome503(v, result, hits) {
  const o = result.outcome;
  const seen = JSON.stringify(o);
  const body = `status 503 attempt ${hits}`;
  switch (v.lang) {
    case "js":
    case "ts":
      assert.equal(o.kind, "response", seen);
      assert.equal(o.status, 503, seen);
      assert.equal(o.body, body, seen);
      break;
    case "py":
      assert.equal(o.kind, "httperror", seen);
      assert.equal(o.body, body, seen);
      assert.match(o.message, /retry budget empty after 1 attempt: last status 503/, seen);
      break;
    case "go":
      assert.equal(o.kind, "error", seen);
      assert.equal(o.typed?.StatusCode, 503, seen);
      assert.equal(o.typed?.Attempts, 1, `one attempt, no retry: ${seen}`);
      break;
    case "rs":
      assert.equal(o.kind, "status", seen);
      assert.equal(o.body, body, seen);
      break;
    default:
      assert.fail(`no rule for ${v.lang}`);
  }
}
