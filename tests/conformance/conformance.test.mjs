// The generated retry code, run for real.
//
//   node --test tests/conformance/
//
// Takes every snippet exactly as the core writes it (the dump_snippets
// example), for each language × jitter mode × Honor Retry-After, runs it
// with its real runtime through a small driver, against a local server that
// injects faults, and checks the outcome docs/snippets.md names, the number of
// requests the server saw, and the waits between them.
//
// Groups: COMMON and RETRY_AFTER (the contract, plus its production behaviour: cut-off
// bodies, one keep-alive connection, errors a retry cannot fix, a year-9999
// leap second); CANCEL (the caller's signal, context or dropped future,
// also mid-wait); DEADLINE (the budget and the idempotency key); CLOCK (the
// deadline holds when the wall clock is stepped an hour back or forward
// mid-call: JS/TS and Python, whose drivers can step it); LATE_WAKE (a
// wait that wakes up past the deadline starts no attempt: JS/TS, whose
// driver can hold the thread in the retry hook); BASH and
// PYTHON (stdin, exit 64, curl's HTTP/2 exit codes, the caller's session);
// BASH_SAFE (bodies from stdin, a FIFO or <(...), RETRY_QUIET and -o, a
// proxy that refuses CONNECT: harness/proxy.mjs); and the extreme policy,
// whose first sleep must neither fail nor end early.
// Every Python variant passes mypy --strict --python-version 3.8 and every
// TypeScript one tsc --strict (and more flags); ILL_TYPED copies must fail.
//
// Needs, installed beforehand (the suite installs nothing): node 20 and the
// repo's node_modules (typescript), python3 with requests, mypy in
// target/types-venv (scripts/setup.sh all), go 1.19 or later, bash, curl
// and awk, and cargo with tests/conformance/rust-driver's
// crates fetched (`cargo fetch` there).
//
// Policy: base 20 ms, multiplier 4, cap 200 ms, 3 retries, Retry-After at
// most 2,000 ms. With multiplier 4 the third retry reaches the cap, so the
// cap is exercised in every mode. The deadline variants (modes none and
// decorrelated, Retry-After on and off) add a 250 ms deadline and the
// idempotency key; the extreme variant (one per language) has the largest
// policy the page accepts, whose first sleep passes 292 years. Every
// snippet bounds each attempt at 1,000 ms, well past the deadline, so an
// attempt cut at the deadline is told from one cut at its timeout.
//
// SAFE holds the safe-by-default rules (statuses a retry cannot fix, a
// Retry-After that asks for no wait, a proxy's refusal of the tunnel, which
// RefusingProxy gives, and fetch's bad ports), PASTE and PASTE_DEADLINE the rules
// that make a snippet safe to paste (each attempt's timeout, idempotent
// methods only, the caller's key); MUTANTS proves each SAFE, PASTE, CLOCK
// and bash-only rule's scenario can fail: a small text replacement takes the rule out of one generated
// snippet per language, and the scenario must then fail on that copy.
//
// Environment: CONFORMANCE_LANGS (default all) a comma-separated list of
// the languages to run, e.g. `py,go`; CONFORMANCE_CONCURRENCY (default 4) cases at a time;
// CONFORMANCE_SLACK_MS (default 150) how late a wait may end, for
// scheduling, scaled up while the machine is overloaded (see slack()); a
// wait may end at most 5 ms early. A case
// that misses on timing alone runs up to twice more (see runCase).
// CONFORMANCE_MYPY (default target/types-venv/bin/mypy) the mypy to run.

import assert from "node:assert/strict";
import http from "node:http";
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";

import { RefusingProxy } from "./harness/proxy.mjs";
import { FaultServer, closedPort } from "./harness/server.mjs";
import { Runners } from "./harness/runners.mjs";
import {
  buildGo,
  buildRust,
  buildTypeScript,
  curlShim,
  dumpSnippets,
  run,
  typeCheckPython,
} from "./harness/setup.mjs";
import { langs, modes } from "../manifest.mjs";

const POLICY = { base: 20, multiplier: 4, cap: 200, retries: 3, retryAfterMax: 2000, deadline: 250, timeout: 1000 };
const ATTEMPTS = POLICY.retries + 1;
// Every language and every mode (proportional in each cap order), read
// from the core (Lang::ALL, Jitter::ALL) by examples/manifest.rs.
const LANGS = langs
  .map((l) => l.value)
  .filter((l) => !process.env.CONFORMANCE_LANGS || process.env.CONFORMANCE_LANGS.split(",").includes(l));
const MODES = modes.map((m) => m.name);
// The file extension dump_snippets gives each language.
const EXTENSIONS = { js: "mjs", ts: "ts", py: "py", go: "go", sh: "sh", rs: "rs" };
for (const lang of LANGS) assert.ok(EXTENSIONS[lang], `no file extension for the language ${lang}`);
// The timing-heavy Retry-After scenarios run in these modes only: `none`
// makes the computed delay exact, `decorrelated` carries state across them.
const RETRY_AFTER_MODES = ["none", "decorrelated"];
const CONCURRENCY = Number(process.env.CONFORMANCE_CONCURRENCY ?? 4);
const SLACK_MS = Number(process.env.CONFORMANCE_SLACK_MS ?? 150);

/**
 * How late a wait may end: SLACK_MS, scaled by how overloaded the machine
 * is (1-minute load per core, from 1 up to 3), since other work on it
 * delays every wake-up and process start.
 */
function slack() {
  const load = os.loadavg()[0] / os.cpus().length;
  return SLACK_MS * Math.min(3, Math.max(1, load));
}
const EARLY_MS = 5;
// How many more runs a case that missed only on timing gets.
const TIMING_RERUNS = 2;
// The client timeout of the "no answer" scenario.
const TIMEOUT_MS = 100;

/** Filled in by `before`: the manifest, the runners, the server. */
const ctx = { errors: {}, reruns: [] };

const DEADLINE_MODES = ["none", "decorrelated"];
const variants = LANGS.flatMap((lang) => [
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
]);
const isPlain = (v) => !v.deadline && v.mode !== "extreme";

// ---------------------------------------------------------------- outcomes

/**
 * Checks the outcome the contract names for `lang`:
 *   response:  the response handed back (bash: exit 0 for 2xx/3xx, else 2)
 *   exhausted: retries used up on a retryable status
 *   neterror:  the final attempt failed on the network
 * `attempt` is which attempt's response must come back.
 */
function expectOutcome(lang, result, { type, status, attempt }) {
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
class TimingError extends Error {}

/** Checks `gap` against [low, high]: early fails, late is a TimingError. */
function expectBetween(gap, low, high, message) {
  assert.ok(gap >= low, `too early: ${message}`);
  if (gap > high) throw new TimingError(message);
}

const gapsOf = (times) => times.slice(1).map((t, i) => t - times[i]);
const ms = (x) => `${x.toFixed(1)} ms`;

/**
 * Gap i must be inside the core's [min, max] for retry firstRetry + i.
 * `extra` widens the top for time each attempt spent before its sleep (a
 * client timeout, whose clock starts before the request reaches us).
 */
function expectComputedWaits(variant, gaps, firstRetry = 1, extra = 0) {
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
function expectWait(gap, expected, what, early = EARLY_MS) {
  const late = slack();
  expectBetween(
    gap,
    expected - early,
    expected + late,
    `${what}: waited ${ms(gap)}, expected about ${ms(expected)} (+ ${ms(late)} slack)`,
  );
}

// ------------------------------------------------------------ HTTP-dates

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n) => String(n).padStart(2, "0");
const clock = (d) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const imfFixdate = (t) => new Date(t).toUTCString();
const rfc850 = (t) => {
  const d = new Date(t);
  const date = `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${pad(d.getUTCFullYear() % 100)}`;
  return `${DAYS[d.getUTCDay()]}, ${date} ${clock(d)} GMT`;
};
const asctime = (t) => {
  const d = new Date(t);
  const day = String(d.getUTCDate()).padStart(2, " ");
  return `${DAYS[d.getUTCDay()].slice(0, 3)} ${MONTHS[d.getUTCMonth()]} ${day} ${clock(d)} ${d.getUTCFullYear()}`;
};

/**
 * A Retry-After header for a whole second 0.9 to 1.9 s ahead (below the
 * 2 s maximum), in the given shape; notes the instant on the hit.
 */
const dateAhead = (shape) => (hit) => {
  hit.dateMs = Math.floor((Date.now() + 1900) / 1000) * 1000;
  return shape(hit.dateMs);
};

/** A date a day ahead, written with the wrong weekday. */
function wrongWeekday() {
  const t = Date.now() + 86_400_000;
  const d = new Date(t);
  const right = d.toUTCString().slice(0, 3);
  const wrong = right === "Mon" ? "Tue" : "Mon";
  return wrong + d.toUTCString().slice(3);
}

/** What a date's wait should be: from when the answer left to the instant. */
const dateWait = (hit) => hit.dateMs - hit.sentWall;

// --------------------------------------------------------------- scenarios

/** The values that are not delay-seconds or an HTTP-date: the computed delay applies. */
const NOT_RETRY_AFTER = {
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
const COMMON = {
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
const RETRY_AFTER = {
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

// ---------------------------------------------------- cancel and deadline

/** Checks that the call failed after one attempt, without a response. */
function expectNotRetried(lang, result) {
  const o = result.outcome;
  const seen = JSON.stringify(o);
  if (lang === "sh") assert.notEqual(o.code, 0, `bash fails: ${seen}`);
  else assert.notEqual(o.kind, "response", `an error, not a response: ${seen}`);
  assert.equal(result.calls.length, 1, `one attempt only: ${seen}\n${result.stderr}`);
}

/** The environment that makes the driver cancel the call after `ms`. */
function cancelAfter(lang, ms, kind = "abort") {
  return {
    js: { DRIVER_CANCEL: `${kind}:${ms}` },
    ts: { DRIVER_CANCEL: `${kind}:${ms}` },
    go: { DRIVER_CONTEXT_MS: String(ms) },
    rs: { DRIVER_CANCEL_MS: String(ms) },
  }[lang];
}

/** Checks the outcome of a call the caller cancelled, and when it ended. */
function expectCancelled(lang, result, ms, kind = "abort") {
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
function expectDeadline(lang, result) {
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
const endedOf = (result) => result.outcome.ended;

/** Run on plain variants in RETRY_AFTER_MODES with Retry-After honored, JS/TS/Go/Rust. */
const CANCEL = {
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
const DEADLINE = {
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

/** The languages whose driver can step the wall clock (DRIVER_CLOCK_STEP_MS). */
const CLOCK_LANGS = ["js", "ts", "py"];

/**
 * Checks that a call the deadline ended kept to it: it ended by the
 * deadline, and gave up only when the next wait, at its longest, would have
 * ended at or past it; or it made every attempt, when all of them fit.
 */
function expectDeadlineKept(v, result, what) {
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

/**
 * The deadline runs on a monotonic clock: the driver steps the wall clock
 * an hour back, then an hour forward, as the first attempt starts, and the
 * deadline must hold both times. Run on the deadline variants of
 * CLOCK_LANGS; Go's time.Now carries a monotonic reading and Rust's Instant
 * is monotonic, and neither wall clock can be stepped from inside the
 * process (docs/snippets.md).
 */
const CLOCK = {
  async "q: the wall clock stepped an hour back or forward mid-call moves no deadline"(v) {
    for (const stepMs of [-3_600_000, 3_600_000]) {
      const what = `the wall clock stepped ${stepMs < 0 ? "back" : "forward"} an hour`;
      const { url } = ctx.server.plan([{ status: 500 }]);
      const result = await ctx.runners.run(v, url, { env: { DRIVER_CLOCK_STEP_MS: String(stepMs) } });
      expectDeadlineKept(v, result, what);
    }
  },
};

/** The languages whose driver can hold the thread in the retry hook (DRIVER_STALL_MS). */
const STALL_LANGS = ["js", "ts"];

/**
 * A wait that wakes up late: the driver's retry hook holds the thread for
 * 300 ms on the first retry, after the snippet found that the wait fits,
 * so the wait ends past the 250 ms deadline, as on a loaded machine. No
 * attempt may start then with no time left: the call gives up with the
 * deadline's own error, whose cause is the 503 that was retried. Run on
 * the deadline variants of STALL_LANGS.
 */
const LATE_WAKE = {
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

/** An IMF-fixdate a minute ago. */
const pastDate = () => imfFixdate(Date.now() - 60_000);

/**
 * The environment that sends a driver's https:// requests through the
 * proxy at `port`, in both spellings, with no host exempt.
 */
function viaProxy(port) {
  const proxy = `http://127.0.0.1:${port}`;
  return { HTTPS_PROXY: proxy, https_proxy: proxy, NO_PROXY: "", no_proxy: "" };
}

/** What a proxy is asked to tunnel to: never resolved, never reached. */
const TUNNELED = { url: "https://tunnel-target.invalid/", target: "tunnel-target.invalid:443" };

/** Checks that the error handed back is the proxy's refusal with `status`. */
function expectProxyRefusal(lang, result, status) {
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
function expectNoWait(v, result) {
  const took = result.outcome.ended - result.calls[0];
  const [shortest] = ctx.manifest.bounds[v.mode][0];
  expectBetween(took, 0, shortest + slack(), `the call took ${ms(took)} after its one attempt began`);
}

/** The safe-by-default rules; run on plain variants in RETRY_AFTER_MODES. */
const SAFE = {
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
    const result = await ctx.runners.run(v, url);
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 4 });
    assert.equal(record.hits.length, 4);
    expectComputedWaits(v, gapsOf(record.hits.map((h) => h.t)));
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
const CALLER_KEY = "caller-key-1";

/** Runs `v` with the caller's own Idempotency-Key on its request. */
const withCallerKey = (v, options) =>
  v.lang === "sh"
    ? { ...options, curlArgs: ["-H", `Idempotency-Key: ${CALLER_KEY}`] }
    : { ...options, env: { DRIVER_KEY: CALLER_KEY } };

/**
 * Safe to paste: each attempt's own timeout, and only idempotent methods
 * retried without a key. Run on plain variants in RETRY_AFTER_MODES.
 */
const PASTE = {
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
const HOOK_JS = {
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
const PASTE_DEADLINE = {
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
const HOOK_LANGS = ["go"];

/**
 * The retry hook (stretch): one call per retry, before its wait, with the
 * retry's number, the wait that follows and what is retried. Run on plain
 * variants in RETRY_AFTER_MODES of HOOK_LANGS (Go; JS/TS have HOOK).
 */
const HOOK_GO = {
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
const HOOK_RS = {
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

/**
 * Broken copies of the `none-honor` snippet (or the variant named third):
 * each replacement (of every occurrence, when it says "all") takes one
 * SAFE rule out, and its scenario must then fail (not on timing alone).
 * The copies are built with the rest, so they stay gofmt-, rustfmt- and
 * tsc-clean.
 */
const MUTANTS = [
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
  // A deadline on the wall clock: every read of the monotonic clock replaced.
  ["q: the wall clock stepped an hour back or forward mid-call moves no deadline", {
    js: ["performance.now()", "Date.now()", "all"],
    ts: ["performance.now()", "Date.now()", "all"],
    py: ["time.monotonic()", "time.time()", "all"],
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
        path: `${lang}/mutant-${n}.${EXTENSIONS[lang]}`,
      },
    })),
);

/** Writes the MUTANTS' files beside the snippets, before anything is built. */
async function writeMutants(dir) {
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
const ILL_TYPED = [
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
async function writeIllTyped(dir) {
  for (const m of ILL_TYPED) {
    const text = await readFile(path.join(dir, m.base), "utf8");
    assert.ok(text.includes(m.from), `${m.base} no longer holds ${JSON.stringify(m.from)}`);
    await writeFile(path.join(dir, m.path), text.replace(m.from, m.to));
  }
}

/** Run on the extreme variant: a first sleep past 292 years. */
async function extreme(v) {
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

/** bash alone: stdin, usage and curl's HTTP/2 exit codes. */
const BASH = {
  async "s: a body on stdin goes out whole on every attempt"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }, { status: 503 }, { status: 200 }]);
    // PUT: a POST (what --data-binary alone means) is sent once.
    const result = await ctx.runners.run(v, url, {
      curlArgs: ["-X", "PUT", "--data-binary", "@-"],
      stdin: "hello\n",
    });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.deepEqual(record.hits.map((h) => h.body), ["hello\n", "hello\n", "hello\n"]);
  },

  async "t: a usage error exits 64"(v) {
    const result = await ctx.runners.run(v, "", { noUrl: true });
    assert.equal(result.outcome.code, 64, result.stderr);
  },

  async "u: curl exits 16 and 92 (HTTP/2 errors) are retried"(v) {
    const { url, record } = ctx.server.plan([{ status: 200 }]);
    const result = await ctx.runners.run(v, url, { env: { CURL_FAIL_CODES: "16 92" } });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 1 });
    assert.equal(result.calls.length, 3, "two failures, then the real call");
    assert.equal(record.hits.length, 1);
  },
};

/** bash alone, safe to paste: strict mode and the verbose retry lines. */
const BASH_PASTE = {
  async "s: under set -euo pipefail a refused connection is retried and a stdin body goes out whole"(v) {
    const strict = ["-euo", "pipefail"];
    const refused = await ctx.runners.run(v, `http://127.0.0.1:${ctx.refusedPort}/`, { bashFlags: strict });
    expectOutcome(v.lang, refused, { type: "neterror" });
    assert.equal(refused.calls.length, ATTEMPTS, `retries + 1 attempts, not an exit at the first: ${refused.stderr}`);
    const { url, record } = ctx.server.plan([{ status: 503 }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, {
      bashFlags: strict,
      curlArgs: ["-X", "PUT", "--data-binary", "@-"],
      stdin: "hello\n",
    });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 2 });
    assert.deepEqual(record.hits.map((h) => h.body), ["hello\n", "hello\n"], result.stderr);
  },

  async "s: RETRY_VERBOSE=1 says each retry, its wait and its cause, before the wait"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }, { reset: true }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { env: { RETRY_VERBOSE: "1" } });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.equal(record.hits.length, 3);
    const lines = result.stderr.split("\n").filter((l) => l.startsWith("retry.sh: retry "));
    const seen = JSON.stringify(lines);
    assert.equal(lines.length, 2, `one line per retry: ${seen}`);
    const said = lines.map((l) => /^retry\.sh: retry (\d+) in (\d+) ms after (.+)$/.exec(l));
    assert.ok(said.every(Boolean), seen);
    assert.deepEqual(said.map((m) => Number(m[1])), [1, 2], seen);
    assert.equal(said[0][3], "status 503", seen);
    // The reset's cause names curl's own message, which curl printed too.
    assert.match(said[1][3], /^curl exit (52|56): \S/, seen);
    assert.match(result.stderr, /^curl: \((52|56)\) /m, `what curl printed: ${result.stderr}`);
    const bounds = ctx.manifest.bounds[v.mode];
    said.forEach((m, i) => {
      const [min, max] = bounds[i];
      const wait = Number(m[2]);
      assert.ok(wait >= min && wait <= max, `retry ${i + 1} said ${wait} ms, outside [${min}, ${max}]: ${seen}`);
    });
  },
};

/** A multipart body with its random boundaries blanked, to compare attempts. */
const sameParts = (body) => body.replace(/-{20,}[0-9A-Za-z]+/g, "BOUNDARY");

/** Checks that every attempt sent `text` whole, the same way. */
function expectWholeBodies(record, text, what) {
  const bodies = record.hits.map((h) => sameParts(h.body));
  const seen = `${what}: ${JSON.stringify(bodies)}`;
  assert.equal(bodies.length, 3, `two 503s, then the 200: ${seen}`);
  assert.ok(bodies[0].includes(text), `the first attempt sent the body: ${seen}`);
  assert.deepEqual(bodies, [bodies[0], bodies[0], bodies[0]], `every attempt sent the same: ${seen}`);
  assert.deepEqual(record.hits.map((h) => h.method), ["PUT", "PUT", "PUT"], seen);
}

/** Checks that stderr holds exactly one line, matching `pattern`. */
function expectOneLine(result, pattern, what) {
  const lines = result.stderr.split("\n").filter(Boolean);
  assert.equal(lines.length, 1, `${what}: one line on stderr: ${JSON.stringify(result.stderr)}`);
  assert.match(lines[0], pattern, what);
}

/**
 * bash alone, safe by default: bodies that can be read once, the quiet
 * mode and -o, a proxy's refusal. Run on plain variants in
 * RETRY_AFTER_MODES.
 */
const BASH_SAFE = {
  async "s: short options run together with one that takes a value (-sd @-) are refused, not sent empty"(v) {
    for (const curlArgs of [["-X", "PUT", "-sd", "@-"], ["-svo", "out.txt"]]) {
      const { url, record } = ctx.server.plan([{ status: 200 }]);
      const result = await ctx.runners.run(v, url, { curlArgs, stdin: "hello\n" });
      assert.equal(result.outcome.code, 64, `${curlArgs.join(" ")}: ${result.stderr}`);
      assert.match(result.stderr, /as separate options/);
      assert.equal(record.hits.length, 0, "nothing sent");
    }
    // Bundles without such an option stay as they are.
    const { url, record } = ctx.server.plan([{ status: 200 }]);
    const result = await ctx.runners.run(v, url, { curlArgs: ["-sS"] });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 1 });
    assert.equal(record.hits.length, 1);
  },

  async "s: a body from stdin (-T -, @/dev/stdin, --json @-, -F, --data-urlencode) goes out whole on every attempt"(v) {
    const forms = [
      [["-T", "-"], "hello\n"],
      [["--upload-file", "-"], "hello\n"],
      [["-T-"], "hello\n"],
      [["-X", "PUT", "--data-binary", "@/dev/stdin"], "hello\n"],
      [["-X", "PUT", "--json", "@-"], "hello\n"],
      [["-X", "PUT", "-F", "f=@-;type=text/plain"], "hello\n"],
      [["-X", "PUT", "-F", "f=<-"], "hello\n"],
      [["-X", "PUT", "--data-urlencode", "n@-"], "n=hello%0A"],
    ];
    for (const [curlArgs, text] of forms) {
      const { url, record } = ctx.server.plan([{ status: 503 }, { status: 503 }, { status: 200 }]);
      // A URL ending in /, to which curl's -T - adds no file name.
      const result = await ctx.runners.run(v, `${url}/`, { curlArgs, stdin: "hello\n" });
      expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
      expectWholeBodies(record, text, curlArgs.join(" "));
      const paths = record.hits.map((h) => h.path);
      assert.ok(paths.every((p) => p === `${new URL(url).pathname}/`), `the URL as given: ${JSON.stringify(paths)}`);
    }
  },

  async "s: a FIFO or <(...) body goes out whole on every attempt, -T to the URL curl gives it"(v) {
    const cases = [
      ["fifo", ["-X", "PUT", "--data-binary", "@{pipe}"]],
      ["procsub", ["-X", "PUT", "--data-binary", "@{pipe}"]],
      ["procsub", ["-X", "PUT", "-d@{pipe}"]],
      ["procsub", ["-X", "PUT", "-F", "f=@{pipe};type=text/plain"]],
      ["fifo", ["-T", "{pipe}"], "/body.fifo"],
      ["procsub", ["--upload-file", "{pipe}"], /^\/\d+$/],
    ];
    for (const [kind, curlArgs, name] of cases) {
      const what = `${kind} ${curlArgs.join(" ")}`;
      const { url, record } = ctx.server.plan([{ status: 503 }, { status: 503 }, { status: 200 }]);
      // -T to a URL ending in / adds the file's name, on every attempt.
      const target = name ? `${url}/` : url;
      // Without a copy a FIFO's second reader waits for ever: killed then.
      const result = await ctx.runners.run(v, target, { curlArgs, pipe: { kind, text: "payload" }, killAfter: 10_000 });
      expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
      expectWholeBodies(record, "payload", what);
      const paths = record.hits.map((h) => h.path);
      const base = new URL(url).pathname;
      assert.deepEqual(paths, [paths[0], paths[0], paths[0]], `${what}: one URL: ${JSON.stringify(paths)}`);
      if (!name) assert.equal(paths[0], base, what);
      else if (typeof name === "string") assert.equal(paths[0], base + name, what);
      else assert.match(paths[0].slice(base.length), name, `${what}: ${paths[0]}`);
      if (curlArgs.includes("-F")) assert.match(record.hits[0].body, /filename="\d+"/, "-F sends the pipe's own name");
    }
  },

  async "s: RETRY_QUIET=1 prints nothing when the call recovers, one line when it fails"(v) {
    for (const bashFlags of [[], ["-euo", "pipefail"]]) {
      const how = `bash ${bashFlags.join(" ")}`;
      // Quiet outranks verbose: no retry lines either.
      const env = bashFlags.length ? { RETRY_QUIET: "1", RETRY_VERBOSE: "1" } : { RETRY_QUIET: "1" };
      const recovered = ctx.server.plan([{ reset: true }, { status: 503 }, { status: 200 }]);
      const ok = await ctx.runners.run(v, recovered.url, { env, bashFlags });
      const seen = `${how}: ${JSON.stringify(ok.outcome)} ${JSON.stringify(ok.stderr)}`;
      assert.equal(ok.outcome.code, 0, seen);
      assert.equal(recovered.record.hits.length, 3, seen);
      assert.equal(ok.outcome.body, "", `nothing on stdout: ${seen}`);
      assert.equal(ok.stderr, "", `nothing on stderr: ${seen}`);
      // Retries used up: the reason, and no body.
      const failing = ctx.server.plan([{ status: 503 }]);
      const exhausted = await ctx.runners.run(v, failing.url, { env, bashFlags });
      assert.equal(exhausted.outcome.code, 1, how);
      assert.equal(exhausted.outcome.body, "", how);
      expectOneLine(exhausted, new RegExp(`^retry\\.sh: giving up after ${ATTEMPTS} attempts: status 503$`), how);
      // A network failure: curl's own message, captured, in that one line.
      const refused = await ctx.runners.run(v, `http://127.0.0.1:${ctx.refusedPort}/`, { env, bashFlags });
      assert.equal(refused.outcome.code, 1, how);
      expectOneLine(refused, /^retry\.sh: giving up after \d+ attempts: curl exit 7: .*connect/i, how);
    }
  },

  async "s: -o FILE gets the final body on success only, replaced whole"(v) {
    const dir = await mkdtemp(path.join(ctx.dir, "output-"));
    const file = path.join(dir, "body.txt");
    await writeFile(file, "old");
    for (const bashFlags of [[], ["-euo", "pipefail"]]) {
      const failing = ctx.server.plan([{ status: 503 }]);
      const failed = await ctx.runners.run(v, failing.url, { curlArgs: ["-o", file], bashFlags });
      assert.equal(failed.outcome.code, 1, failed.stderr);
      assert.equal(await readFile(file, "utf8"), "old", "a failed call leaves the file as it was");
    }
    const { url } = ctx.server.plan([{ status: 503 }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { curlArgs: ["--output", file] });
    assert.equal(result.outcome.code, 0, result.stderr);
    assert.equal(result.outcome.body, "", "the body goes to the file, not stdout");
    assert.equal(await readFile(file, "utf8"), "status 200 attempt 2");
    // Quiet, strict: the file still gets the body.
    const quiet = ctx.server.plan([{ status: 503 }, { status: 200 }]);
    const cron = await ctx.runners.run(v, quiet.url, { curlArgs: ["-o", file], env: { RETRY_QUIET: "1" }, bashFlags: ["-euo", "pipefail"] });
    assert.deepEqual([cron.outcome.code, cron.outcome.body, cron.stderr], [0, "", ""]);
    assert.equal(await readFile(file, "utf8"), "status 200 attempt 2");
    assert.deepEqual(await readdir(dir), ["body.txt"], "no copy left beside it");
  },

  async "s: a proxy's refusal of CONNECT (403, 407) is final; its 503 is retried"(v) {
    // The host is never resolved here: the proxy is asked for it.
    const url = "https://backoff.test/ping";
    for (const [status, how] of [[403, "env"], [407, "--proxy"]]) {
      const proxy = new RefusingProxy(status);
      await proxy.start();
      try {
        const options =
          how === "env"
            ? { env: viaProxy(proxy.port) }
            : { env: { NO_PROXY: "", no_proxy: "" }, curlArgs: ["--proxy", `http://127.0.0.1:${proxy.port}`] };
        const result = await ctx.runners.run(v, url, options);
        const seen = `${status} via ${how}: ${JSON.stringify(result.outcome)} ${result.stderr}`;
        assert.deepEqual(proxy.connects.map((c) => c.target), ["backoff.test:443"], `one CONNECT: ${seen}`);
        assert.equal(result.outcome.code, 2, `exit 2, a status not retried: ${seen}`);
        expectOneLine(result, new RegExp(`^retry\\.sh: curl exit 56: .*${status}.* \\(the proxy's refusal is not retried\\)$`), seen);
      } finally {
        proxy.close();
      }
    }
    const busy = new RefusingProxy(503);
    await busy.start();
    try {
      const result = await ctx.runners.run(v, url, { env: viaProxy(busy.port) });
      const seen = `${JSON.stringify(result.outcome)} ${result.stderr}`;
      assert.equal(busy.connects.length, ATTEMPTS, `a 503 from the proxy is retried: ${seen}`);
      assert.equal(result.outcome.code, 1, seen);
    } finally {
      busy.close();
    }
  },
};

/** Python alone: the caller's session, one-shot bodies, the on_retry hook. */
const PYTHON = {
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

// ------------------------------------------------------------------- suite

const name = (v) =>
  `${v.lang} ${v.mode} ${v.honor ? "honor" : "no-honor"}${v.deadline ? " deadline" : ""}`;

/** Scenarios that apply to some variants of their group only. */
const WHERE = {
  // Every curl is a process of its own.
  "l: the attempts share one keep-alive connection": (v) => v.lang !== "sh",
  // curl does not follow redirects unless asked, and sends what it is given.
  "n: a redirect loop is not retried": (v) => v.lang !== "sh",
  "o: an invalid header value is not retried": (v) => v.lang !== "sh",
  // Only a Retry-After makes a wait long enough to cancel in.
  "p: the caller cancels during a Retry-After wait": (v) => v.honor,
  "p: AbortSignal.timeout ends a Retry-After wait": (v) => v.honor && ["js", "ts"].includes(v.lang),
  // bash (curl's proxy) is not covered here yet.
  "x: a proxy's refusal of CONNECT (403, 407) is handed back at once": (v) => v.lang !== "sh",
  "x: a proxy that cannot be reached is retried like a network error": (v) => v.lang !== "sh",
  // The fetch standard's bad ports: other clients connect to any port.
  "x: a port fetch blocks (bad port) is handed back at once": (v) => ["js", "ts"].includes(v.lang),
};

/**
 * Runs one scenario, unless setting up the variant's language failed. A
 * miss on timing alone gets up to TIMING_RERUNS more runs, each after a
 * pause that lets a burst of load from elsewhere pass; a snippet that
 * really waits wrong misses every time. Re-runs are listed at the end.
 */
const runCase = (v, scenario) => async (t) => {
  if (ctx.errors[v.lang]) throw ctx.errors[v.lang];
  for (let rerun = 0; ; rerun++) {
    try {
      await scenario(v);
      return;
    } catch (error) {
      if (!(error instanceof TimingError) || rerun === TIMING_RERUNS) throw error;
      t.diagnostic(`timing missed, running again: ${error.message}`);
      ctx.reruns.push(`${t.name}: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 2000 * (rerun + 1)));
    }
  }
};

describe("generated retry code", { concurrency: CONCURRENCY }, () => {
  before(
    async () => {
      ctx.dir = await mkdtemp(path.join(os.tmpdir(), "backoff-conformance-"));
      const { base, multiplier, cap, retries, retryAfterMax, deadline, timeout } = POLICY;
      ctx.manifest = await dumpSnippets(
        ctx.dir,
        [base, multiplier, cap, retries, retryAfterMax, deadline, timeout].map(String),
      );
      await writeMutants(ctx.dir);
      await writeIllTyped(ctx.dir);
      const illTyped = (lang) => ILL_TYPED.filter((m) => m.lang === lang).map((m) => m.path);
      // Only the languages asked for are built. mypy checks every Python
      // variant and the ill-typed copies in one run.
      const skip = async () => undefined;
      const pyFiles = [...variants.filter((v) => v.lang === "py").map((v) => v.path), ...illTyped("py")];
      const built = await Promise.allSettled([
        (LANGS.includes("ts") ? buildTypeScript : skip)(ctx.dir, illTyped("ts")),
        (LANGS.includes("go") ? buildGo : skip)(ctx.dir),
        (LANGS.includes("rs") ? buildRust : skip)(ctx.dir),
        curlShim(ctx.dir),
        (LANGS.includes("py") ? typeCheckPython : skip)(ctx.dir, pyFiles),
      ]);
      const [ts, go, rust, shim, mypy] = built;
      for (const [lang, result] of [["ts", ts], ["go", go], ["rs", rust], ["sh", shim]]) {
        if (result.status === "rejected") ctx.errors[lang] = result.reason;
      }
      ctx.go = go.value;
      ctx.rust = rust.value;
      // Settled results of the type checks, each with its errors by file.
      ctx.typed = { ts, py: mypy };
      ctx.runners = new Runners({
        dir: ctx.dir,
        tsOut: ts.value?.out,
        goBinary: go.value?.binary,
        rustBinary: rust.value?.binary,
        shimDir: shim.value,
      });
      ctx.server = new FaultServer();
      await ctx.server.start();
      ctx.refusedPort = await closedPort();
    },
    { timeout: 20 * 60_000 },
  );

  after(async () => {
    if (ctx.reruns.length > 0) {
      console.log(`${ctx.reruns.length} re-run(s) after a timing miss:`);
      for (const line of ctx.reruns) console.log(`  ${line}`);
    }
    ctx.server?.close();
    if (ctx.dir) await rm(ctx.dir, { recursive: true, force: true });
  });

  test("the dump holds exactly the expected variants", () => {
    const listed = ctx.manifest.files.map((f) => f.path).filter((p) => LANGS.includes(p.split("/")[0])).sort();
    assert.deepEqual(listed, variants.map((v) => v.path).sort());
    assert.deepEqual(ctx.manifest.policy, {
      base_ms: POLICY.base,
      multiplier: POLICY.multiplier,
      cap_ms: POLICY.cap,
      max_retries: POLICY.retries,
      retry_after_max_ms: POLICY.retryAfterMax,
    });
  });

  test("Go snippets are gofmt-clean and pass go vet", { skip: !LANGS.includes("go") }, async () => {
    if (ctx.errors.go) throw ctx.errors.go;
    const gofmt = await run("gofmt", ["-l", path.join(ctx.dir, "go")]);
    assert.equal(gofmt.stdout, "", "files gofmt would change");
    assert.equal(ctx.go.vet.code, 0, `go vet:\n${ctx.go.vet.stderr}`);
  });

  test("Rust snippets are rustfmt-clean and build without warnings", { skip: !LANGS.includes("rs") }, async () => {
    if (ctx.errors.rs) throw ctx.errors.rs;
    const dir = path.join(ctx.dir, "rs");
    const files = (await readdir(dir)).map((f) => path.join(dir, f));
    const fmt = await run("rustfmt", ["--check", "--edition", "2021", ...files]);
    assert.equal(fmt.code, 0, `rustfmt --check:\n${fmt.stdout}${fmt.stderr}`);
    assert.deepEqual(ctx.rust.warnings, [], "rustc warnings in the snippets");
  });

  test("TypeScript snippets compile with tsc --strict", { skip: !LANGS.includes("ts") }, async (t) => {
    if (ctx.errors.ts) throw ctx.errors.ts;
    assert.ok((await stat(ctx.runners.tsOut)).isDirectory());
    t.diagnostic(`tsc: ${ctx.typed.ts.value.ms} ms`);
  });

  test("Python snippets pass mypy --strict --python-version 3.8", { skip: !LANGS.includes("py") }, (t) => {
    if (ctx.typed.py.status === "rejected") throw ctx.typed.py.reason;
    const { errors, output, ms } = ctx.typed.py.value;
    const wrong = [...errors.keys()].filter((file) => !ILL_TYPED.some((m) => m.path === file));
    assert.deepEqual(wrong, [], `mypy --strict:\n${output}`);
    t.diagnostic(`mypy: ${ms} ms`);
  });

  for (const m of ILL_TYPED) {
    const check = m.lang === "py" ? "mypy --strict --python-version 3.8" : "tsc --strict";
    test(`ill-typed: ${m.lang} with ${JSON.stringify(m.to)} fails ${check}`, () => {
      const result = ctx.typed[m.lang];
      if (result.status === "rejected") throw result.reason;
      const messages = result.value.errors.get(m.path) ?? [];
      assert.ok(
        messages.some((message) => m.error.test(message)),
        `${m.path} should fail with ${m.error}: ${JSON.stringify(messages)}`,
      );
    });
  }

  test("JavaScript, Python and bash snippets parse", async () => {
    for (const v of variants) {
      const file = path.join(ctx.dir, v.path);
      const check = { js: ["node", ["--check", file]], py: ["python3", ["-m", "py_compile", file]], sh: ["bash", ["-n", file]] }[v.lang];
      if (!check) continue;
      const result = await run(...check);
      assert.equal(result.code, 0, `${v.path}:\n${result.stderr}`);
    }
  });

  for (const v of variants) {
    const groups = [];
    if (isPlain(v)) groups.push(COMMON);
    if (isPlain(v) && RETRY_AFTER_MODES.includes(v.mode)) {
      groups.push(RETRY_AFTER, SAFE, PASTE);
      if (["js", "ts", "go", "rs"].includes(v.lang)) groups.push(CANCEL);
      // The retry hook, each language's driver its own way.
      if (["js", "ts"].includes(v.lang)) groups.push(HOOK_JS);
      if (v.lang === "rs") groups.push(HOOK_RS);
    }
    if (isPlain(v) && RETRY_AFTER_MODES.includes(v.mode) && HOOK_LANGS.includes(v.lang)) groups.push(HOOK_GO);
    if (isPlain(v) && v.lang === "sh") groups.push(BASH);
    if (isPlain(v) && v.lang === "sh" && RETRY_AFTER_MODES.includes(v.mode)) groups.push(BASH_PASTE, BASH_SAFE);
    if (isPlain(v) && v.lang === "py") groups.push(PYTHON);
    if (v.deadline) groups.push(DEADLINE, PASTE_DEADLINE);
    if (v.deadline && CLOCK_LANGS.includes(v.lang)) groups.push(CLOCK);
    if (v.deadline && STALL_LANGS.includes(v.lang)) groups.push(LATE_WAKE);
    if (v.mode === "extreme") groups.push({ "w: a sleep past 292 years neither fails nor ends early": extreme });
    for (const [title, scenario] of groups.flatMap(Object.entries)) {
      if (WHERE[title] && !WHERE[title](v)) continue;
      test(`${name(v)}: ${title}`, { timeout: 120_000 }, runCase(v, scenario));
    }
  }

  const scenarios = { ...SAFE, ...PASTE, ...BASH_PASTE, ...BASH_SAFE, ...CLOCK, ...LATE_WAKE };
  for (const m of MUTANTS) {
    const what = `${m.variant.lang} without ${JSON.stringify(m.from)} fails "${m.scenario}"`;
    test(`mutant: ${what}`, { timeout: 120_000 }, async () => {
      if (ctx.errors[m.variant.lang]) throw ctx.errors[m.variant.lang];
      await assert.rejects(scenarios[m.scenario](m.variant), (error) => !(error instanceof TimingError));
    });
  }
});
