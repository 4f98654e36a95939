// The extreme policy: a first sleep past 292 years must neither fail nor
// end early.

import assert from "node:assert/strict";

import { cancelAfter, expectCancelled } from "../groups/deadline.mjs";
import { ctx } from "../context.mjs";

/** Run on the extreme variant: a first sleep past 292 years. */
export async function extreme(v) {
  const { url, record } = ctx.server.plan([{ status: 503 }]);
  if (["py", "sh"].includes(v.lang)) {
    // No cancel in these: the run must still be asleep when it is killed.
    const result = await ctx.runners.run(v, url, { killAfter: 1500 });
    assert.equal(result.outcome.kind, "killed", `still asleep: ${JSON.stringify(result.outcome)}\n${result.stderr}`);
  } else {
    const result = await ctx.runners.run(v, url, { env: cancelAfter(v.lang, 400, "timeout") });
    expectCancelled(v.lang, result, 400, "timeout");
  }
  assert.equal(record.hits.length, 1, "the sleep did not end early");
}
