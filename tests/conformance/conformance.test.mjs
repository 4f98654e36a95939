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
// Files: this one is the suite (which groups run on which variant, the
// build in `before`, the mutants' runs); context.mjs the policy, the
// variants, ctx and the checks of outcomes and timing; groups/*.mjs the
// scenarios by group (common, deadline, safe, bash, python, extreme);
// mutants.mjs the MUTANTS and ILL_TYPED copies. Only this file's name ends
// in .test.mjs, so node --test runs it alone.
//
// Groups: COMMON and RETRY_AFTER (the contract, plus its production behaviour: cut-off
// bodies, one keep-alive connection, errors a retry cannot fix, a year-9999
// leap second); CANCEL (the caller's signal, context or dropped future,
// also mid-wait); DEADLINE (the budget and the idempotency key); CLOCK (the
// deadline holds when the wall clock is stepped an hour back or forward
// mid-call: JS/TS and Python, whose drivers step it, and bash, stepped by
// an LD_PRELOAD library built from harness/clock-step.c); LATE_WAKE (a
// wait that wakes up past the deadline starts no attempt: JS/TS, whose
// driver can hold the thread in the retry hook); BASH and
// PYTHON (stdin, exit 64, curl's HTTP/2 exit codes, the caller's session);
// BASH_SAFE (bodies from stdin, a FIFO or <(...), RETRY_QUIET and -o, a
// proxy that refuses CONNECT: harness/proxy.mjs); BUDGET (the retry
// budget: with every request failing, retries stop at the bucket's bound,
// counted by the server; healthy again, they resume at the stated rate);
// and the extreme policy, whose first sleep must neither fail nor end early.
// Every Python variant passes mypy --strict --python-version 3.8 and every
// TypeScript one tsc --strict (and more flags); ILL_TYPED copies must fail.
//
// Needs, installed beforehand (the suite installs nothing): node 20 and the
// repo's node_modules (typescript), python3 with requests, mypy in
// target/types-venv (scripts/setup.sh all), go 1.19 or later, bash, curl
// and awk, cc (for harness/clock-step.c: without it the bash CLOCK cases
// fail, saying so), and cargo with tests/conformance/rust-driver's
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
import os from "node:os";
import path from "node:path";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { after, before, describe, test } from "node:test";

import { FaultServer, closedPort } from "./harness/server.mjs";
import { Runners } from "./harness/runners.mjs";
import {
  buildGo,
  buildRust,
  buildTypeScript,
  clockStepLibrary,
  curlShim,
  dumpSnippets,
  run,
  typeCheckPython,
} from "./harness/setup.mjs";
import { BASH, BASH_PASTE, BASH_SAFE } from "./groups/bash.mjs";
import { BUDGET } from "./groups/budget.mjs";
import { COMMON, RETRY_AFTER } from "./groups/common.mjs";
import { CLOCK, CLOCK_LANGS, checkClockStep } from "./groups/clock.mjs";
import { CANCEL, DEADLINE, LATE_WAKE, STALL_LANGS } from "./groups/deadline.mjs";
import { extreme } from "./groups/extreme.mjs";
import { PYTHON } from "./groups/python.mjs";
import {
  HOOK_GO,
  HOOK_JS,
  HOOK_LANGS,
  HOOK_RS,
  PASTE,
  PASTE_DEADLINE,
  SAFE,
} from "./groups/safe.mjs";
import { ILL_TYPED, MUTANTS, writeIllTyped, writeMutants } from "./mutants.mjs";
import {
  CONCURRENCY,
  ctx,
  isPlain,
  LANGS,
  ms,
  POLICY,
  RETRY_AFTER_MODES,
  TIMING_RERUNS,
  TimingError,
  variants,
} from "./context.mjs";

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
        (LANGS.includes("sh") ? clockStepLibrary : skip)(ctx.dir),
      ]);
      const [ts, go, rust, shim, mypy, clockStep] = built;
      for (const [lang, result] of [["ts", ts], ["go", go], ["rs", rust], ["sh", shim]]) {
        if (result.status === "rejected") ctx.errors[lang] = result.reason;
      }
      // Only the bash CLOCK cases need it: they fail with this error.
      if (clockStep.status === "rejected") ctx.errors.clockStep = clockStep.reason;
      ctx.clockStep = clockStep.value;
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

  test("the clock-step library moves date and $EPOCHREALTIME, not /proc/uptime", { skip: !LANGS.includes("sh") }, checkClockStep);

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
    if (v.budget) groups.push(BUDGET);
    if (v.mode === "extreme") groups.push({ "w: a sleep past 292 years neither fails nor ends early": extreme });
    for (const [title, scenario] of groups.flatMap(Object.entries)) {
      if (WHERE[title] && !WHERE[title](v)) continue;
      test(`${name(v)}: ${title}`, { timeout: 120_000 }, runCase(v, scenario));
    }
  }

  const scenarios = { ...SAFE, ...PASTE, ...BASH_PASTE, ...BASH_SAFE, ...CLOCK, ...LATE_WAKE, ...BUDGET };
  for (const m of MUTANTS) {
    const what = `${m.variant.lang} without ${JSON.stringify(m.from)} fails "${m.scenario}"`;
    test(`mutant: ${what}`, { timeout: 120_000 }, async () => {
      if (ctx.errors[m.variant.lang]) throw ctx.errors[m.variant.lang];
      // Without the clock-step library the scenario fails on any copy.
      if (m.variant.lang === "sh" && CLOCK[m.scenario] && ctx.errors.clockStep) throw ctx.errors.clockStep;
      await assert.rejects(scenarios[m.scenario](m.variant), (error) => !(error instanceof TimingError));
    });
  }
});
