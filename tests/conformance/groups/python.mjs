// PYTHON: what only the Python snippet has (the caller's session,
// one-shot bodies, the on_retry hook).

import assert from "node:assert/strict";
import { before } from "node:test";

import { ctx, expectOutcome, expectWait } from "../context.mjs";

/** Python alone: the caller's session, one-shot bodies, the on_retry hook. */
export const PYTHON = {
  async "v: the caller's session is used for every attempt"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { env: { DRIVER_SESSION: "1" } });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 2 });
    assert.deepEqual(record.hits.map((h) => h.session), ["driver", "driver"]);
    assert.equal(new Set(record.hits.map((h) => h.conn)).size, 1, "its pool keeps one connection");
  },

  async "v: a file body is read once and sent whole on every attempt"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }, { status: 503 }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { method: "PUT", body: "payload", env: { DRIVER_BODY: "file" } });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.deepEqual(record.hits.map((h) => h.body), ["payload", "payload", "payload"]);
  },

  async "v: a generator body is refused before sending, unless the method is sent once"(v) {
    const refused = ctx.server.plan([{ status: 200 }]);
    const result = await ctx.runners.run(v, refused.url, { method: "PUT", body: "payload", env: { DRIVER_BODY: "generator" } });
    assert.equal(result.outcome.kind, "typeerror", JSON.stringify(result.outcome));
    assert.equal(refused.record.hits.length, 0, "nothing reaches the server");
    // A POST is sent once without a key, so one attempt may use the generator up.
    const once = ctx.server.plan([{ status: 503 }, { status: 200 }]);
    const posted = await ctx.runners.run(v, once.url, { method: "POST", body: "once", env: { DRIVER_BODY: "generator" } });
    expectOutcome(v.lang, posted, { type: "response", status: 503, attempt: 1 });
    assert.deepEqual(once.record.hits.map((h) => h.body), ["once"]);
  },

  async "z: on_retry is called before each wait with the retry, the wait and the failure"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }, { reset: true }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { env: { DRIVER_ON_RETRY: "1" } });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.equal(record.hits.length, 3);
    const { retries } = result.outcome;
    const seen = JSON.stringify(retries);
    assert.deepEqual(retries.map(([retry, , what]) => [retry, what]), [[1, 503], [2, "ConnectionError"]], seen);
    const bounds = ctx.manifest.bounds[v.mode];
    retries.forEach(([retry, waitMs, , at]) => {
      // The wait it was told is the core's, and the next attempt came after it.
      const [min, max] = bounds[retry - 1];
      assert.ok(waitMs >= min - 1e-9 && waitMs <= max + 1e-9, `retry ${retry}: wait ${waitMs} outside [${min}, ${max}]: ${seen}`);
      expectWait(result.calls[retry] - at, waitMs, `retry ${retry}: from the hook to the next attempt`);
    });
  },
};
