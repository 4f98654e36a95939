// SAFE, PASTE, PASTE_DEADLINE and the retry hooks (HOOK_JS, HOOK_GO,
// HOOK_RS): the safe-by-default rules and what makes a snippet safe to
// paste, with the proxy and caller-key helpers they use.

import assert from "node:assert/strict";
import http from "node:http";
import { after, before } from "node:test";

import { RefusingProxy } from "../harness/proxy.mjs";
import { expectNotRetried } from "../groups/deadline.mjs";
import {
  ATTEMPTS,
  ctx,
  EARLY_MS,
  expectBetween,
  expectComputedWaits,
  expectOutcome,
  expectWait,
  gapsOf,
  imfFixdate,
  ms,
  POLICY,
  slack,
  TimingError,
} from "../context.mjs";

/** An IMF-fixdate a minute ago. */
export const pastDate = () => imfFixdate(Date.now() - 60_000);

/**
 * The environment that sends a driver's https:// requests through the
 * proxy at `port`, in both spellings, with no host exempt.
 */
export function viaProxy(port) {
  const proxy = `http://127.0.0.1:${port}`;
  return { HTTPS_PROXY: proxy, https_proxy: proxy, NO_PROXY: "", no_proxy: "" };
}

/** What a proxy is asked to tunnel to: never resolved, never reached. */
export const TUNNELED = { url: "https://tunnel-target.invalid/", target: "tunnel-target.invalid:443" };

/** Checks that the error handed back is the proxy's refusal with `status`. */
export function expectProxyRefusal(lang, result, status) {
  const o = result.outcome;
  const seen = JSON.stringify(o);
  switch (lang) {
    case "js":
    case "ts":
      // undici's ProxyAgent, under fetch's TypeError and a DOMException.
      assert.ok(o.causes.some((m) => m.includes(`Proxy response (${status})`)), seen);
      break;
    case "py":
      assert.equal(o.type, "ProxyError", seen);
      assert.match(o.message, new RegExp(`Tunnel connection failed: ${status}`), seen);
      break;
    case "go":
      // net/http: a bare error holding the proxy's reason phrase.
      assert.ok(o.message.endsWith(`: ${http.STATUS_CODES[status]}`), seen);
      break;
    case "rs":
      assert.ok(o.chain.some((m) => m.startsWith("tunnel error: ")), seen);
      break;
    default:
      assert.fail(`no rule for ${lang}`);
  }
}

/**
 * Checks that a call of one attempt ended without a wait: from that
 * attempt's start to the end, under retry 1's shortest wait (+ slack).
 */
export function expectNoWait(v, result) {
  const took = result.outcome.ended - result.calls[0];
  const [shortest] = ctx.manifest.bounds[v.mode][0];
  expectBetween(took, 0, shortest + slack(), `the call took ${ms(took)} after its one attempt began`);
}

/** The safe-by-default rules; run on plain variants in RETRY_AFTER_MODES. */
export const SAFE = {
  async "x: 501, 505 and 511 are handed back at once"(v) {
    for (const status of [501, 505, 511]) {
      const { url, record } = ctx.server.plan([{ status }, { status: 200 }]);
      const result = await ctx.runners.run(v, url);
      expectOutcome(v.lang, result, { type: "response", status, attempt: 1 });
      assert.equal(record.hits.length, 1, `${status} is not retried`);
    }
  },

  async "y: Retry-After: 0 and a date already past keep the computed delay"(v) {
    // The later retries' computed waits (80 and 200 ms in mode none) are
    // long enough that no wait at all shows, even in bash, where each
    // attempt starts a few processes.
    const { url, record } = ctx.server.plan([
      { status: 503 },
      { status: 503, retryAfter: pastDate },
      { status: 503, retryAfter: "0" },
      { status: 200 },
    ]);
    // bash also says each wait it takes (RETRY_VERBOSE), which no load on
    // the machine can blur: a busy machine can make bash's own attempts
    // take as long as a computed wait.
    const env = v.lang === "sh" ? { RETRY_VERBOSE: "1" } : {};
    const result = await ctx.runners.run(v, url, { env });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 4 });
    assert.equal(record.hits.length, 4);
    expectComputedWaits(v, gapsOf(record.hits.map((h) => h.t)));
    if (v.lang === "sh") {
      const said = [...result.stderr.matchAll(/retry (\d+) in (\d+) ms/g)].map((m) => m.slice(1).map(Number));
      assert.deepEqual(said.map(([retry]) => retry), [1, 2, 3], result.stderr);
      for (const [retry, waited] of said) {
        const [min, max] = ctx.manifest.bounds[v.mode][retry - 1];
        assert.ok(waited >= Math.floor(min) && waited <= Math.ceil(max),
          `bash said retry ${retry} waits ${waited} ms; the ${v.mode} range is [${min}, ${max}] ms`);
      }
    }
  },

  async "x: a proxy's refusal of CONNECT (403, 407) is handed back at once"(v) {
    for (const status of [403, 407]) {
      const proxy = new RefusingProxy(status);
      await proxy.start();
      try {
        const result = await ctx.runners.run(v, TUNNELED.url, { env: viaProxy(proxy.port) });
        expectNotRetried(v.lang, result);
        assert.deepEqual(proxy.connects.map((c) => c.target), [TUNNELED.target], `one CONNECT on ${status}`);
        expectProxyRefusal(v.lang, result, status);
        expectNoWait(v, result);
      } finally {
        proxy.close();
      }
    }
  },

  async "x: a proxy that cannot be reached is retried like a network error"(v) {
    const result = await ctx.runners.run(v, TUNNELED.url, { env: viaProxy(ctx.refusedPort) });
    expectOutcome(v.lang, result, { type: "neterror" });
    assert.equal(result.calls.length, ATTEMPTS, `retries + 1 attempts: ${JSON.stringify(result.outcome)}`);
    expectComputedWaits(v, gapsOf(result.calls));
  },

  async "x: a port fetch blocks (bad port) is handed back at once"(v) {
    // 6000 (X11) is on the fetch standard's list of bad ports.
    const result = await ctx.runners.run(v, "http://127.0.0.1:6000/bad-port");
    expectNotRetried(v.lang, result);
    assert.deepEqual(result.outcome.causes, ["bad port"], JSON.stringify(result.outcome));
    expectNoWait(v, result);
  },
};

/** A caller's own Idempotency-Key, as the drivers set it (DRIVER_KEY). */
export const CALLER_KEY = "caller-key-1";

/** Runs `v` with the caller's own Idempotency-Key on its request. */
export const withCallerKey = (v, options) =>
  v.lang === "sh"
    ? { ...options, curlArgs: ["-H", `Idempotency-Key: ${CALLER_KEY}`] }
    : { ...options, env: { DRIVER_KEY: CALLER_KEY } };

/**
 * Safe to paste: each attempt's own timeout, and only idempotent methods
 * retried without a key. Run on plain variants in RETRY_AFTER_MODES.
 */
export const PASTE = {
  async "a: a stalled attempt times out at the attempt timeout and is retried"(v) {
    const { url, record } = ctx.server.plan([{ hang: true }, { status: 200 }]);
    // A snippet with no timeout of its own would wait for ever.
    const result = await ctx.runners.run(v, url, { killAfter: POLICY.timeout * 5 });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 2 });
    assert.equal(record.hits.length, 2, "the stalled attempt, then one retry");
    const [stalled, next] = record.hits;
    assert.ok(stalled.closed !== undefined, "the stalled attempt's connection was closed");
    // On the server's clock: the attempt was given up near its timeout
    // (its clock started a little before the request arrived here)...
    const held = stalled.closed - stalled.t;
    expectBetween(
      held,
      POLICY.timeout / 2,
      POLICY.timeout + slack(),
      `the stalled attempt was given up after ${ms(held)}; its timeout is ${POLICY.timeout} ms`,
    );
    // ...and the retry came after retry 1's computed wait. The close is
    // seen late on a loaded machine, so the wait is bounded from above from
    // the close, and from below from the stalled request's arrival.
    const [min, max] = ctx.manifest.bounds[v.mode][0];
    expectBetween(next.t - stalled.t, POLICY.timeout / 2 + min - EARLY_MS, Infinity, `the retry came ${ms(next.t - stalled.t)} after the stalled request`);
    expectBetween(next.t - stalled.closed, -Infinity, max + slack(), `the retry came ${ms(next.t - stalled.closed)} after the stalled attempt was given up; retry 1 waits at most ${max} ms`);
  },

  async "b: POST and PATCH are sent once without a key; PUT is retried"(v) {
    for (const method of ["POST", "PATCH"]) {
      const { url, record } = ctx.server.plan([{ status: 503 }, { status: 200 }]);
      const result = await ctx.runners.run(v, url, { method, body: "once" });
      expectOutcome(v.lang, result, { type: "response", status: 503, attempt: 1 });
      assert.equal(record.hits.length, 1, `${method} is not retried without a key`);
    }
    const { url, record } = ctx.server.plan([{ status: 503 }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { method: "PUT", body: "twice" });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 2 });
    assert.deepEqual(record.hits.map((h) => h.method), ["PUT", "PUT"]);
  },
};

/**
 * The retry hook, told of each retry before its wait. JS/TS alone so far
 * (the driver's DRIVER_HOOK): run on plain variants in RETRY_AFTER_MODES.
 */
export const HOOK_JS = {
  async "z: the retry hook is told each retry before its wait"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }, { reset: true }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { env: { DRIVER_HOOK: "1" } });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.equal(record.hits.length, 3);
    const hook = result.outcome.hook;
    const seen = JSON.stringify(hook);
    // One call per retry, numbered from 1, naming what was retried.
    assert.deepEqual(hook.map((h) => h.retry), [1, 2], seen);
    assert.deepEqual(hook.map((h) => h.status), [503, undefined], seen);
    assert.deepEqual(hook.map((h) => h.error), [undefined, "TypeError"], seen);
    const bounds = ctx.manifest.bounds[v.mode];
    const gaps = gapsOf(record.hits.map((h) => h.t));
    hook.forEach(({ at, retry, waitMs }, i) => {
      const [min, max] = bounds[retry - 1];
      assert.ok(waitMs >= min && waitMs <= max, `retry ${retry}'s wait ${waitMs} outside [${min}, ${max}]`);
      // Told before the wait: the next attempt starts waitMs after the call...
      assert.ok(at <= result.calls[i + 1], `retry ${retry} was told after its attempt: ${seen}`);
      expectWait(result.calls[i + 1] - at, waitMs, `the wait after the hook of retry ${retry}`);
      // ...and the server saw that wait between the two requests.
      expectWait(gaps[i], waitMs, `the gap before retry ${retry}`);
    });
  },
};

/** Safe to paste, with the deadline and the idempotency key on. */
export const PASTE_DEADLINE = {
  async "a: a stall past the deadline is given up by the deadline"(v) {
    const { url, record } = ctx.server.plan([{ hang: true }]);
    const result = await ctx.runners.run(v, url, { killAfter: POLICY.timeout * 5 });
    assert.notEqual(result.outcome.kind, "killed", "the call ended by itself");
    assert.ok(record.hits.length >= 1, "one attempt at least");
    // Bounded from the side that matters: no attempt runs past the
    // deadline (counted from the first request's arrival, a little after
    // the call began), whatever the load.
    const start = record.hits[0].t;
    for (const [i, hit] of record.hits.entries()) {
      assert.ok(hit.closed !== undefined, `attempt ${i + 1} was given up`);
      const end = hit.closed - start;
      expectBetween(end, -Infinity, POLICY.deadline + slack(), `attempt ${i + 1} ran until ${ms(end)}; the deadline is ${POLICY.deadline} ms`);
      assert.ok(end < POLICY.timeout, `attempt ${i + 1} ran to its timeout (${ms(end)}), past the ${POLICY.deadline} ms deadline`);
    }
  },

  async "b: with the key, a POST is retried and the caller's own key is kept"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, withCallerKey(v, { method: "POST", body: "once" }));
    // On a loaded machine a slow first attempt can leave no time for the
    // retry before the 250 ms deadline: a timing miss, run again.
    if (record.hits.length === 1) throw new TimingError(`the POST was not retried: ${JSON.stringify(result.outcome)}`);
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 2 });
    // Exactly the caller's key (a second header would show as "a, b").
    assert.deepEqual(record.hits.map((h) => h.key), [CALLER_KEY, CALLER_KEY]);
    assert.deepEqual(record.hits.map((h) => h.body), ["once", "once"]);
  },
};

/** The languages whose driver reports the retry hook's calls as `outcome.retries`. */
export const HOOK_LANGS = ["go"];

/**
 * The retry hook (stretch): one call per retry, before its wait, with the
 * retry's number, the wait that follows and what is retried. Run on plain
 * variants in RETRY_AFTER_MODES of HOOK_LANGS (Go; JS/TS have HOOK).
 */
export const HOOK_GO = {
  async "z: the retry hook sees each retry, its wait and its cause, before the wait"(v) {
    // A stall, not a reset: Go's transport resends a request whose reused
    // connection was reset before any answer, so the snippet never sees it.
    const { url, record } = ctx.server.plan([{ status: 503, retryAfter: "1" }, { hang: true }, { status: 200 }]);
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.equal(record.hits.length, 3);
    const hooks = result.outcome.retries ?? [];
    const seen = JSON.stringify(hooks);
    assert.deepEqual(hooks.map((h) => h.retry), [1, 2], `one call per retry, numbered from 1: ${seen}`);
    assert.equal(hooks[0].status, 503, `retry 1 follows the 503: ${seen}`);
    assert.ok(hooks[1].error && hooks[1].status === undefined, `retry 2 follows the stalled attempt's timeout: ${seen}`);
    // The wait it reports is the one the snippet then takes: the Retry-After
    // when honored, else the computed one (exact in mode none).
    if (v.honor) assert.equal(hooks[0].waitMs, 1000, seen);
    if (v.mode === "none") {
      if (!v.honor) assert.equal(hooks[0].waitMs, 20, seen);
      assert.equal(hooks[1].waitMs, 80, seen);
    } else {
      expectComputedWaits(v, v.honor ? [hooks[1].waitMs] : hooks.map((h) => h.waitMs), v.honor ? 2 : 1);
    }
    // Each call comes after its attempt began and before the wait: the next
    // attempt starts the reported wait after it, on the driver's clock...
    hooks.forEach((h, i) => {
      assert.ok(h.at >= result.calls[i], `retry ${h.retry}'s hook ran before its attempt: ${seen}`);
      expectWait(result.calls[i + 1] - h.at, h.waitMs, `after retry ${h.retry}'s hook`);
    });
    // ...and the server saw the same gaps.
    gapsOf(record.hits.map((h) => h.t)).forEach((gap, i) => {
      expectBetween(gap, hooks[i].waitMs - EARLY_MS, Infinity, `gap ${i + 1} of ${ms(gap)} under the reported ${ms(hooks[i].waitMs)}`);
    });
  },
};

/**
 * The retry hook (stretch), so far Rust's alone: send_with_backoff_observed,
 * which the driver calls when DRIVER_HOOK is set and whose calls it prints
 * as `retries`. Run on plain variants in RETRY_AFTER_MODES.
 */
export const HOOK_RS = {
  async "z: the retry hook gets each retry's number, wait and cause, before the wait"(v) {
    const { url } = ctx.server.plan([{ reset: true }, { status: 503 }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { env: { DRIVER_HOOK: "1" } });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    const retries = result.outcome.retries ?? [];
    const seen = JSON.stringify(retries);
    // Once per retry, numbered from 1: the reset (an error), then the 503.
    assert.deepEqual(retries.map(([retry, , what]) => [retry, what]), [[1, "request"], [2, 503]], seen);
    // The waits it was told are the mode's, and are the waits that followed.
    const waits = retries.map(([, wait]) => wait);
    expectComputedWaits(v, waits);
    gapsOf(result.calls).forEach((gap, i) => expectWait(gap, waits[i], `retry ${i + 1} (hook: ${seen})`));
  },
};
