// COMMON and RETRY_AFTER: the contract every snippet keeps, plus its
// production behaviour (cut-off bodies, one keep-alive connection, errors
// a retry cannot fix, a year-9999 leap second).

import assert from "node:assert/strict";
import http from "node:http";

import { expectNotRetried } from "../groups/deadline.mjs";
import {
  asctime,
  ATTEMPTS,
  ctx,
  dateAhead,
  dateWait,
  expectComputedWaits,
  expectOutcome,
  expectWait,
  gapsOf,
  imfFixdate,
  POLICY,
  rfc850,
  TIMEOUT_MS,
  wrongWeekday,
} from "../context.mjs";

// --------------------------------------------------------------- scenarios

/** The values that are not delay-seconds or an HTTP-date: the computed delay applies. */
export const NOT_RETRY_AFTER = {
  "g: 1.5, -1, 1e3": ["1.5", "-1", "1e3"],
  "g: ISO 8601, 31 Feb, +5": ["2099-11-06T08:49:37Z", "Fri, 31 Feb 2099 08:49:37 GMT", "+5"],
  "g: lower case, wrong weekday, 08:49:60": [
    "fri, 06 nov 2099 08:49:37 gmt",
    wrongWeekday(),
    "Fri, 06 Nov 2099 08:49:60 GMT",
  ],
  "g: UTC zone, one-digit day, 5 s": ["Fri, 06 Nov 2099 08:49:37 UTC", "Fri, 6 Nov 2099 08:49:37 GMT", "5 s"],
};

/** Every variant runs these. */
export const COMMON = {
  async "a: 200 at once"(v) {
    const { url, record } = ctx.server.plan([{ status: 200 }]);
    const result = await ctx.runners.run(v, url, { objectInit: true });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 1 });
    assert.equal(record.hits.length, 1, "one request");
  },

  async "b: 404 handed back"(v) {
    const { url, record } = ctx.server.plan([{ status: 404 }]);
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "response", status: 404, attempt: 1 });
    assert.equal(record.hits.length, 1, "404 is not retried");
  },

  async "c: 503, 503, 200 with a fresh PUT body each time"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }, { status: 503 }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { method: "PUT", body: "payload" });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.equal(record.hits.length, 3, "three requests");
    for (const hit of record.hits) {
      assert.deepEqual([hit.method, hit.body], ["PUT", "payload"], "every attempt sends the body");
    }
    expectComputedWaits(v, gapsOf(record.hits.map((h) => h.t)));
  },

  async "d, j: 500 every time, waits in range"(v) {
    const { url, record } = ctx.server.plan([{ status: 500 }]);
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "exhausted", status: 500, attempt: ATTEMPTS });
    assert.equal(record.hits.length, ATTEMPTS, "retries + 1 requests");
    expectComputedWaits(v, gapsOf(record.hits.map((h) => h.t)));
  },

  ...Object.fromEntries(
    Object.entries(NOT_RETRY_AFTER).map(([name, values]) => [
      name,
      async (v) => {
        const steps = values.map((retryAfter) => ({ status: 503, retryAfter }));
        const { url, record } = ctx.server.plan([...steps, { status: 503 }]);
        const result = await ctx.runners.run(v, url);
        expectOutcome(v.lang, result, { type: "exhausted", status: 503, attempt: ATTEMPTS });
        assert.equal(record.hits.length, ATTEMPTS, "retries + 1 requests");
        expectComputedWaits(v, gapsOf(record.hits.map((h) => h.t)));
      },
    ]),
  ),

  async "i: connection refused every time"(v) {
    const url = `http://127.0.0.1:${ctx.refusedPort}/refused`;
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "neterror" });
    assert.equal(result.calls.length, ATTEMPTS, "retries + 1 attempts");
    expectComputedWaits(v, gapsOf(result.calls));
  },

  async "i: no answer within the client's timeout, every time"(v) {
    const { url, record } = ctx.server.plan([{ hang: true }]);
    const result = await ctx.runners.run(v, url, { timeoutMs: TIMEOUT_MS });
    expectOutcome(v.lang, result, { type: "neterror" });
    if (v.lang === "js" || v.lang === "ts") {
      // The timeout is an AbortSignal.timeout in init: the caller's, which
      // ends the call at once (docs/snippets.md), not a network failure.
      assert.equal(result.outcome.name, "TimeoutError", JSON.stringify(result.outcome));
      assert.equal(result.calls.length, 1, "not retried");
      return;
    }
    // Counted where the attempts start: on a loaded machine a timeout can
    // expire before its request reaches the server.
    assert.equal(result.calls.length, ATTEMPTS, "retries + 1 attempts");
    assert.ok(record.hits.length >= 1 && record.hits.length <= ATTEMPTS, "no extra requests");
    expectComputedWaits(v, gapsOf(result.calls), 1, TIMEOUT_MS);
  },

  async "i: connection reset every time"(v) {
    const { url, record } = ctx.server.plan([{ reset: true }]);
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "neterror" });
    assert.equal(record.hits.length, ATTEMPTS, "retries + 1 attempts");
    expectComputedWaits(v, gapsOf(record.hits.map((h) => h.t)));
  },

  async "k: a 503 cut off mid-body, then 200"(v) {
    const { url, record } = ctx.server.plan([{ status: 503, truncate: true }, { status: 200 }]);
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 2 });
    assert.equal(record.hits.length, 2, "the cut-off answer is retried");
  },

  async "l: the attempts share one keep-alive connection"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }, { status: 503 }, { status: 200 }]);
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.equal(record.hits.length, 3);
    const connections = new Set(record.hits.map((h) => h.conn));
    assert.equal(connections.size, 1, `one TCP connection for three attempts, saw ${connections.size}`);
  },

  async "m: an unsupported scheme is not retried"(v) {
    const url = `htp://127.0.0.1:${ctx.server.port}/scheme`;
    const result = await ctx.runners.run(v, url);
    expectNotRetried(v.lang, result);
  },

  async "n: a redirect loop is not retried"(v) {
    const { url, record } = ctx.server.plan([{ redirect: true }]);
    const result = await ctx.runners.run(v, url);
    expectNotRetried(v.lang, result);
    assert.ok(record.hits.length <= 31, `one attempt's redirects only, saw ${record.hits.length}`);
  },

  async "o: an invalid header value is not retried"(v) {
    const { url, record } = ctx.server.plan([{ status: 200 }]);
    const result = await ctx.runners.run(v, url, { env: { DRIVER_BAD_HEADER: "1" } });
    expectNotRetried(v.lang, result);
    assert.equal(record.hits.length, 0, "nothing reaches the server");
  },
};

/** Retry-After values that must be read; run in RETRY_AFTER_MODES. */
export const RETRY_AFTER = {
  async "e: 429 with Retry-After: 1"(v) {
    const { url, record } = ctx.server.plan([{ status: 429, retryAfter: "1" }, { status: 200 }]);
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 2 });
    assert.equal(record.hits.length, 2);
    const [gap] = gapsOf(record.hits.map((h) => h.t));
    if (v.honor) expectWait(gap, 1000, "Retry-After: 1");
    else expectComputedWaits(v, [gap]);
  },

  async "f: 503 with an IMF-fixdate ahead"(v) {
    const { url, record } = ctx.server.plan([
      { status: 503, retryAfter: dateAhead(imfFixdate) },
      { status: 200 },
    ]);
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 2 });
    assert.equal(record.hits.length, 2);
    const [gap] = gapsOf(record.hits.map((h) => h.t));
    // bash reads delay-seconds only.
    if (v.honor && v.lang !== "sh") expectWait(gap, dateWait(record.hits[0]), "IMF-fixdate", 50);
    else expectComputedWaits(v, [gap]);
  },

  async "f: 503 with an RFC 850 date, then an asctime date"(v) {
    const { url, record } = ctx.server.plan([
      { status: 503, retryAfter: dateAhead(rfc850) },
      { status: 503, retryAfter: dateAhead(asctime) },
      { status: 200 },
    ]);
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.equal(record.hits.length, 3);
    const gaps = gapsOf(record.hits.map((h) => h.t));
    if (v.honor && v.lang !== "sh") {
      expectWait(gaps[0], dateWait(record.hits[0]), "RFC 850 date", 50);
      expectWait(gaps[1], dateWait(record.hits[1]), "asctime date", 50);
    } else {
      expectComputedWaits(v, gaps);
    }
  },

  async "h: 503 with Retry-After: 99999 and a 30-digit value, clamped"(v) {
    const { url, record } = ctx.server.plan([
      { status: 503, retryAfter: "99999" },
      { status: 503, retryAfter: "9".repeat(30) },
      { status: 200 },
    ]);
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.equal(record.hits.length, 3);
    const gaps = gapsOf(record.hits.map((h) => h.t));
    if (v.honor) {
      expectWait(gaps[0], POLICY.retryAfterMax, "Retry-After: 99999");
      expectWait(gaps[1], POLICY.retryAfterMax, "a 30-digit Retry-After");
    } else {
      expectComputedWaits(v, gaps);
    }
  },

  async "h: a leap second at the end of year 9999, clamped"(v) {
    const { url, record } = ctx.server.plan([
      { status: 503, retryAfter: "Fri, 31 Dec 9999 23:59:60 GMT" },
      { status: 200 },
    ]);
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 2 });
    const [gap] = gapsOf(record.hits.map((h) => h.t));
    // bash reads delay-seconds only.
    if (v.honor && v.lang !== "sh") expectWait(gap, POLICY.retryAfterMax, "31 Dec 9999 23:59:60");
    else expectComputedWaits(v, [gap]);
  },
};
