// CLOCK: the deadline holds while the wall clock is stepped an hour back or
// forward mid-call. JS/TS and Python step it in their drivers; bash is
// stepped from outside, by harness/clock-step.c preloaded into the script
// and its children (checkClockStep shows that it works).

import assert from "node:assert/strict";
import path from "node:path";
import { renameSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";

import { run } from "../harness/setup.mjs";
import { ATTEMPTS, ctx, EARLY_MS, expectBetween, ms, POLICY, slack, TimingError } from "../context.mjs";
import { endedOf, expectDeadline } from "./deadline.mjs";

/**
 * The languages whose wall clock the suite can step: by the driver
 * (DRIVER_CLOCK_STEP_MS) or, for bash, by the preloaded library.
 */
export const CLOCK_LANGS = ["js", "ts", "py", "sh"];

/**
 * Checks that a call the deadline ended kept to it: it ended by the
 * deadline, and gave up only when the next wait, at its longest, would have
 * ended at or past it; or it made every attempt, when all of them fit.
 */
export function expectDeadlineKept(v, result, what) {
  // Attempts the snippet started (one cut before it reached the server too).
  const n = result.calls.length;
  const seen = `${what}: ${JSON.stringify(result.outcome)}\n${result.stderr}`;
  const bounds = ctx.manifest.bounds[v.mode];
  if (n === ATTEMPTS) {
    // Every attempt: only when the shortest waits fit in the deadline. (The
    // outcome is not checked: a sleep that wakes late on a loaded machine
    // can start the last attempt with no time left.)
    const shortest = bounds.reduce((sum, [min]) => sum + min, 0);
    assert.ok(shortest < POLICY.deadline, `${what}: every attempt made, though the waits take ${shortest} ms or more: ${seen}`);
  } else {
    expectDeadline(v.lang, result);
    const longest = bounds[n - 1][1];
    assert.ok(
      endedOf(result) + longest >= POLICY.deadline - EARLY_MS,
      `${what}: gave up at ${ms(endedOf(result))} after ${n} attempts, when the next wait (${longest} ms at most) still fit: ${seen}`,
    );
  }
  for (const t of result.calls) expectBetween(t, 0, POLICY.deadline + slack(), `${what}: an attempt at ${ms(t)}: ${seen}`);
  expectBetween(endedOf(result), 0, POLICY.deadline + slack(), `${what}: ended at ${ms(endedOf(result))}`);
}

let stepFiles = 0;

/**
 * The environment that steps the wall clock of a bash script and its
 * children by the offset the returned file holds, once written
 * (harness/clock-step.c, built by setup.mjs into ctx.clockStep).
 */
function steppedClock() {
  if (ctx.errors.clockStep) throw ctx.errors.clockStep;
  const file = path.join(ctx.dir, `clock-step-${++stepFiles}.ms`);
  return { file, env: { LD_PRELOAD: ctx.clockStep, CLOCK_STEP_FILE: file } };
}

/** Writes the offset whole (renamed into place), so no reader sees half of it. */
function writeStep(file, stepMs) {
  writeFileSync(`${file}.part`, `${stepMs}\n`);
  renameSync(`${file}.part`, file);
}

/**
 * Runs variant `v` against a server that fails every attempt, with its
 * wall clock stepped by `stepMs` as the first attempt starts: the JS/TS
 * and Python drivers as their first attempt is sent, bash's as the server
 * sees its first request (before it answers).
 */
async function runStepped(v, stepMs) {
  if (v.lang !== "sh") {
    const { url } = ctx.server.plan([{ status: 500 }]);
    return ctx.runners.run(v, url, { env: { DRIVER_CLOCK_STEP_MS: String(stepMs) } });
  }
  const { file, env } = steppedClock();
  let stepped = false;
  const { url } = ctx.server.plan(() => {
    if (!stepped) writeStep(file, stepMs);
    stepped = true;
    return { status: 500 };
  });
  const result = await ctx.runners.run(v, url, { env });
  // Only a loaded machine keeps the first attempt from the server for the
  // whole deadline; then nothing was tested.
  if (!stepped) throw new TimingError(`no attempt reached the server: the clock was never stepped: ${result.stderr}`);
  return result;
}

/**
 * The deadline runs on a monotonic clock: the wall clock is stepped an
 * hour back, then an hour forward, as the first attempt starts, and the
 * deadline must hold both times. Run on the deadline variants of
 * CLOCK_LANGS; Go's time.Now carries a monotonic reading and Rust's Instant
 * is monotonic, and neither wall clock can be stepped from inside the
 * process (docs/snippets.md).
 */
export const CLOCK = {
  async "q: the wall clock stepped an hour back or forward mid-call moves no deadline"(v) {
    for (const stepMs of [-3_600_000, 3_600_000]) {
      const what = `the wall clock stepped ${stepMs < 0 ? "back" : "forward"} an hour`;
      expectDeadlineKept(v, await runStepped(v, stepMs), what);
    }
  },
};

/**
 * The bash scenario's own check: under the preloaded library, before the
 * file is written nothing moves; after, `date` (a child process),
 * $EPOCHREALTIME and a child bash's $EPOCHREALTIME read the real wall
 * clock plus the offset, and /proc/uptime reads what it did.
 */
export async function checkClockStep() {
  const { file, env } = steppedClock();
  const script =
    'echo "$(date +%s%3N) $EPOCHREALTIME $(bash -c \'echo "$EPOCHREALTIME"\')"; read -r up _ </proc/uptime; echo "$up"';
  const uptime = async () => Number((await readFile("/proc/uptime", "utf8")).split(" ")[0]);
  for (const stepMs of [0, -3_600_000]) {
    if (stepMs) await writeFile(file, `${stepMs}\n`);
    const before = { wall: Date.now(), up: await uptime() };
    const result = await run("bash", ["-c", script], { env: { ...process.env, ...env } });
    const after = { wall: Date.now(), up: await uptime() };
    assert.equal(result.code, 0, result.stderr);
    const [walls, up] = result.stdout.trim().split("\n");
    const seen = `offset ${stepMs} ms, real wall clock ${before.wall} to ${after.wall} ms: ${result.stdout}`;
    for (const [i, reading] of walls.split(" ").entries()) {
      const t = i === 0 ? Number(reading) : Number(reading.replace(",", ".")) * 1000;
      const what = ["date", "$EPOCHREALTIME", "a child bash's $EPOCHREALTIME"][i];
      assert.ok(t >= before.wall + stepMs - 1 && t <= after.wall + stepMs + 1, `${what} read ${t}: ${seen}`);
    }
    // /proc/uptime has two decimals: within 10 ms of the real one.
    assert.ok(Number(up) >= before.up - 0.01 && Number(up) <= after.up + 0.01, `/proc/uptime moved: ${up}, ${seen}`);
  }
}
