// What every part of the conformance suite shares: the policy, the
// variants, the context the suite fills in (ctx), and the checks of
// outcomes and timing. See conformance.test.mjs for the whole picture.

import assert from "node:assert/strict";
import os from "node:os";
import path from "node:path";

import { langs, modes } from "../manifest.mjs";
import { extreme } from "./groups/extreme.mjs";

export const POLICY = { base: 20, multiplier: 4, cap: 200, retries: 3, retryAfterMax: 2000, deadline: 250, timeout: 1000 };
export const ATTEMPTS = POLICY.retries + 1;
// Every language and every mode (proportional in each cap order), read
// from the core (Lang::ALL, Jitter::ALL) by examples/manifest.rs.
export const LANGS = langs
  .map((l) => l.value)
  .filter((l) => !process.env.CONFORMANCE_LANGS || process.env.CONFORMANCE_LANGS.split(",").includes(l));
export const MODES = modes.map((m) => m.name);
// The file extension dump_snippets gives each language.
export const EXTENSIONS = { js: "mjs", ts: "ts", py: "py", go: "go", sh: "sh", rs: "rs" };
for (const lang of LANGS) assert.ok(EXTENSIONS[lang], `no file extension for the language ${lang}`);
// The timing-heavy Retry-After scenarios run in these modes only: `none`
// makes the computed delay exact, `decorrelated` carries state across them.
export const RETRY_AFTER_MODES = ["none", "decorrelated"];
export const CONCURRENCY = Number(process.env.CONFORMANCE_CONCURRENCY ?? 4);
export const SLACK_MS = Number(process.env.CONFORMANCE_SLACK_MS ?? 150);

/**
 * How late a wait may end: SLACK_MS, scaled by how overloaded the machine
 * is (1-minute load per core, from 1 up to 3), since other work on it
 * delays every wake-up and process start.
 */
export function slack() {
  const load = os.loadavg()[0] / os.cpus().length;
  return SLACK_MS * Math.min(3, Math.max(1, load));
}
export const EARLY_MS = 5;
// How many more runs a case that missed only on timing gets.
export const TIMING_RERUNS = 2;
// The client timeout of the "no answer" scenario.
export const TIMEOUT_MS = 100;

/** Filled in by `before`: the manifest, the runners, the server. */
export const ctx = { errors: {}, reruns: [] };

export const DEADLINE_MODES = ["none", "decorrelated"];
export const variants = LANGS.flatMap((lang) => [
  ...MODES.flatMap((mode) =>
    [true, false].flatMap((honor) => {
      const stem = `${lang}/${mode}-${honor ? "honor" : "nohonor"}`;
      const plain = { lang, mode, honor, deadline: false, path: `${stem}.${EXTENSIONS[lang]}` };
      if (!DEADLINE_MODES.includes(mode)) return [plain];
      const path = `${stem}-deadline.${EXTENSIONS[lang]}`;
      return [plain, { lang, mode, honor, deadline: true, path }];
    }),
  ),
  { lang, mode: "extreme", honor: true, deadline: false, path: `${lang}/extreme-honor.${EXTENSIONS[lang]}` },
  // The retry budget (with the idempotency key): groups/budget.mjs.
  { lang, mode: "none", honor: true, deadline: false, budget: true, path: `${lang}/none-honor-budget.${EXTENSIONS[lang]}` },
]);
export const isPlain = (v) => !v.deadline && !v.budget && v.mode !== "extreme";

// ---------------------------------------------------------------- outcomes

/**
 * Checks the outcome the contract names for `lang`:
 *   response:  the response handed back (bash: exit 0 for 2xx/3xx, else 2)
 *   exhausted: retries used up on a retryable status
 *   neterror:  the final attempt failed on the network
 * `attempt` is which attempt's response must come back.
 */
export function expectOutcome(lang, result, { type, status, attempt }) {
  const o = result.outcome;
  const body = `status ${status} attempt ${attempt}`;
  const seen = JSON.stringify(o);
  if (lang === "sh") {
    const code = { response: status >= 200 && status < 400 ? 0 : 2, exhausted: 1, neterror: 1 }[type];
    assert.equal(o.code, code, `bash should exit ${code}: ${seen}\n${result.stderr}`);
    assert.equal(o.body, type === "neterror" ? "" : body, "bash prints the final body");
    return;
  }
  if (type === "response" || (type === "exhausted" && (lang === "js" || lang === "ts"))) {
    // JS and TS hand back the last response when retries run out.
    assert.equal(o.kind, "response", `expected a response: ${seen}`);
    assert.equal(o.status, status, seen);
    assert.equal(o.body, body, `the response of attempt ${attempt}: ${seen}`);
    if (o.isResponse !== undefined) assert.equal(o.isResponse, true, "a real Response object");
    return;
  }
  if (type === "neterror") {
    assert.equal(o.kind, "neterror", `expected the network error: ${seen}`);
    if (lang === "rs") {
      assert.ok(o.source, `RetryError::Request gives its error as the source: ${seen}`);
      assert.ok(!o.message.includes(o.source), `Display leaves the source to source(): ${seen}`);
    }
    return;
  }
  // Retries used up on a status, the language's own way.
  switch (lang) {
    case "py":
      assert.equal(o.kind, "httperror", `requests.HTTPError expected: ${seen}`);
      assert.equal(o.status, status, `error.response holds the last response: ${seen}`);
      assert.equal(o.body, body, seen);
      break;
    case "go":
      assert.equal(o.kind, "error", `nil and an error of the snippet's own: ${seen}`);
      assert.match(o.message, new RegExp(`\\b${status}\\b`), "the error names the status");
      assert.equal(o.typed?.StatusCode, status, `errors.As finds a *RetryError: ${seen}`);
      break;
    case "rs":
      assert.equal(o.kind, "status", `RetryError::Status expected: ${seen}`);
      assert.equal(o.status, status, seen);
      assert.equal(o.body, body, "the error holds the last response");
      assert.match(o.message, new RegExp(`\\b${status}\\b`), "Display names the status");
      break;
    default:
      assert.fail(`no rule for ${lang}`);
  }
}

// ------------------------------------------------------------------ timing

/**
 * A wait that ended late. A busy 2-core machine can wake any sleeper late,
 * so a case that fails only so runs again (see runCase). A wait that ended
 * early, a wrong outcome or a wrong request count fails at once: load
 * never causes those.
 */
export class TimingError extends Error {}

/** Checks `gap` against [low, high]: early fails, late is a TimingError. */
export function expectBetween(gap, low, high, message) {
  assert.ok(gap >= low, `too early: ${message}`);
  if (gap > high) throw new TimingError(message);
}

export const gapsOf = (times) => times.slice(1).map((t, i) => t - times[i]);
export const ms = (x) => `${x.toFixed(1)} ms`;

/**
 * Gap i must be inside the core's [min, max] for retry firstRetry + i.
 * `extra` widens the top for time each attempt spent before its sleep (a
 * client timeout, whose clock starts before the request reaches us).
 */
export function expectComputedWaits(variant, gaps, firstRetry = 1, extra = 0) {
  const bounds = ctx.manifest.bounds[variant.mode];
  const late = slack();
  gaps.forEach((gap, i) => {
    const retry = firstRetry + i;
    const [min, max] = [bounds[retry - 1][0], bounds[retry - 1][1] + extra];
    expectBetween(
      gap,
      min - EARLY_MS,
      max + late,
      `retry ${retry} waited ${ms(gap)}; the ${variant.mode} range is [${min}, ${max}] ms ` +
        `+ ${ms(late)} slack (gaps: ${gaps.map(ms).join(", ")})`,
    );
    // Decorrelated jitter carries its last sleep: at most three times it.
    if (variant.mode === "decorrelated" && i > 0) {
      const high = Math.min(POLICY.cap, 3 * gaps[i - 1]) + extra;
      const what = `retry ${retry} waited ${ms(gap)}, over 3 × the last`;
      expectBetween(gap, -Infinity, high + late, what);
    }
  });
}

/** A gap that a Retry-After value set to about `expected` ms. */
export function expectWait(gap, expected, what, early = EARLY_MS) {
  const late = slack();
  expectBetween(
    gap,
    expected - early,
    expected + late,
    `${what}: waited ${ms(gap)}, expected about ${ms(expected)} (+ ${ms(late)} slack)`,
  );
}

// ------------------------------------------------------------ HTTP-dates

export const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const pad = (n) => String(n).padStart(2, "0");
export const clock = (d) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
export const imfFixdate = (t) => new Date(t).toUTCString();
export const rfc850 = (t) => {
  const d = new Date(t);
  const date = `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${pad(d.getUTCFullYear() % 100)}`;
  return `${DAYS[d.getUTCDay()]}, ${date} ${clock(d)} GMT`;
};
export const asctime = (t) => {
  const d = new Date(t);
  const day = String(d.getUTCDate()).padStart(2, " ");
  return `${DAYS[d.getUTCDay()].slice(0, 3)} ${MONTHS[d.getUTCMonth()]} ${day} ${clock(d)} ${d.getUTCFullYear()}`;
};

/**
 * A Retry-After header for a whole second 0.9 to 1.9 s ahead (below the
 * 2 s maximum), in the given shape; notes the instant on the hit.
 */
export const dateAhead = (shape) => (hit) => {
  hit.dateMs = Math.floor((Date.now() + 1900) / 1000) * 1000;
  return shape(hit.dateMs);
};

/** A date a day ahead, written with the wrong weekday. */
export function wrongWeekday() {
  const t = Date.now() + 86_400_000;
  const d = new Date(t);
  const right = d.toUTCString().slice(0, 3);
  const wrong = right === "Mon" ? "Tue" : "Mon";
  return wrong + d.toUTCString().slice(3);
}

/** What a date's wait should be: from when the answer left to the instant. */
export const dateWait = (hit) => hit.dateMs - hit.sentWall;
