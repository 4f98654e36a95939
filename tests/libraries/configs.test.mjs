// The configs the page writes, pasted and run (see README.md beside this
// file).
//
// For each set of config_sets.txt, examples/library_configs.rs gives the
// text model.config() writes and the model's rows ([min, max] ms per
// retry). The text is written VERBATIM into a file, a small driver is
// appended (DRIVERS below: mount the adapter, fill in the decorated body,
// define p-retry's `run`, call the axios instance the config set up), and
// the file runs with the real, pinned library (target/lib-venv's python,
// node with js/node_modules) against a local server that notes when each
// request arrives. Two runs per set:
//   recovers: 503 `retries` times, then 200: the run must end with the 200;
//   gives up: 503 `retries` + 1 times, then 200: the run must not reach the
//             200 (a config with a retry too many would).
// Both: the server saw retries + 1 requests, and each gap between requests
// lies in the model's [min, max] for that retry, at most EARLY_MS early
// and at most slack() late (process and scheduling latency). A run late on
// timing alone runs again, up to TIMING_RERUNS times. MUTANTS change one
// number in one config per library, and must fail the check.
//
// Run: bash tests/libraries/setup.sh && node --test tests/libraries/configs.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { FaultServer } from '../conformance/harness/server.mjs';
import { run } from '../conformance/harness/setup.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const root = here('../..');
const venv = process.env.LIB_VENV ?? `${root}/target/lib-venv`;
// urllib3 2.5.0 and tenacity 9.1.4: the releases before retry_after_max
// and wait_exponential_jitter's multiplier=/min= (setup.sh).
const venvBefore = process.env.LIB_VENV_BEFORE ?? `${root}/target/lib-venv-before`;

const EARLY_MS = 5;
const SLACK_MS = Number(process.env.CONFIGS_SLACK_MS ?? 150);
const TIMING_RERUNS = 2;
const PER_RUN_MS = 30_000;

/** How late a gap may be: SLACK_MS, scaled up (to 3×) while the machine is overloaded. */
function slack() {
  const load = os.loadavg()[0] / os.cpus().length;
  return SLACK_MS * Math.min(3, Math.max(1, load));
}

// What is appended to each library's config. The URL comes in PASTE_URL;
// a run that gets its 200 prints {"ok": true, "status": 200} last. One
// that gives up prints {"ok": false, …} (Python) or dies with the
// library's error (JavaScript: the config's top-level await rejects).
const DRIVERS = {
  // The config mounts its adapter on `session`: the driver GETs through it.
  urllib3: {
    ext: 'py',
    text: `
# --- driver appended by configs.test.mjs ---
import json as _json, os as _os
try:
    _r = session.get(_os.environ["PASTE_URL"], timeout=10)
    print(_json.dumps({"ok": _r.status_code == 200, "status": _r.status_code}))
except Exception as _e:
    print(_json.dumps({"ok": False, "error": repr(_e)}))
`,
  },
  // The config decorates `def call(): ...`: the driver fills in that body
  // (the decorated function's code becomes one GET that raises on 503),
  // as a user would, and calls `call()`.
  tenacity: {
    ext: 'py',
    text: `
# --- driver appended by configs.test.mjs ---
import json as _json, os as _os, urllib.request as _request

def _get():
    with _request.urlopen(_os.environ["PASTE_URL"], timeout=10) as r:
        return r.status

call.__wrapped__.__code__ = _get.__code__
try:
    print(_json.dumps({"ok": call() == 200, "status": 200}))
except Exception as _e:
    print(_json.dumps({"ok": False, "error": repr(_e)}))
`,
  },
  // The config awaits pRetry(run, …) and names the outcome `result`: the
  // driver defines `run` (a function declaration, so hoisted above the
  // config's await) and prints `result`.
  'p-retry': {
    ext: 'mjs',
    text: `
// --- driver appended by configs.test.mjs ---
async function run() {
  const r = await fetch(process.env.PASTE_URL);
  await r.text();
  if (r.status !== 200) throw new Error(\`status \${r.status}\`);
  return r.status;
}
console.log(JSON.stringify({ ok: result === 200, status: result }));
`,
  },
  // The config installs axios-retry on the default axios instance: the
  // driver GETs through it.
  'axios-retry': {
    ext: 'mjs',
    text: `
// --- driver appended by configs.test.mjs ---
const _r = await axios.get(process.env.PASTE_URL, { timeout: 10_000 });
console.log(JSON.stringify({ ok: _r.status === 200, status: _r.status }));
`,
  },
};

// One config per library with one number changed: each must fail.
// `expect` is the problem it must cause; `giveUp` runs the gives-up case.
const MUTANTS = [
  { id: 'urllib3', set: 'plain', from: 'backoff_factor=0.05', to: 'backoff_factor=0.02', why: 'the wrong backoff factor', expect: /too early/ },
  { id: 'tenacity', set: 'exponential', from: 'stop_after_attempt(4)', to: 'stop_after_attempt(3)', why: 'one attempt short', expect: /3 requests, expected 4/ },
  { id: 'p-retry', set: 'plain', from: 'factor: 2,', to: 'factor: 1,', why: 'the wrong factor', expect: /too early/ },
  { id: 'axios-retry', set: 'plain', from: 'retries: 3,', to: 'retries: 2,', why: 'one retry short', expect: /3 requests, expected 4/ },
  { id: 'p-retry', set: 'cap-reached', from: 'retries: 4,', to: 'retries: 5,', why: 'one retry too many', expect: /6 requests, expected 5/, giveUp: true },
];

const configs = JSON.parse(
  execFileSync('cargo', ['run', '--quiet', '--locked', '--example', 'library_configs', '--', here('config_sets.txt')], {
    cwd: root,
    encoding: 'utf8',
  }),
);

const ctx = {};

before(async () => {
  ctx.server = new FaultServer();
  await ctx.server.start();
  ctx.dir = await mkdtemp(path.join(os.tmpdir(), 'library-configs-'));
  // The pasted JavaScript finds the pinned packages as a project would.
  await symlink(here('js/node_modules'), path.join(ctx.dir, 'node_modules'), 'dir');
  ctx.count = 0;
});

after(async () => {
  ctx.server?.close();
  if (ctx.dir) await rm(ctx.dir, { recursive: true, force: true });
});

/**
 * Pastes `text` (a config) with its library's driver, runs it once against
 * a server answering 503 `retries` times (`giveUp`: once more) then 200,
 * and returns what went wrong: { problems, late, gaps }. Early gaps, a
 * wrong count or outcome are problems; late gaps alone set `late`.
 */
async function paste(item, text, giveUp = false, python = `${venv}/bin/python`) {
  const driver = DRIVERS[item.id];
  const retries = item.rows.length;
  const file = path.join(ctx.dir, `${item.id}-${item.set}-${++ctx.count}.${driver.ext}`);
  await writeFile(file, text + driver.text);
  const failures = giveUp ? retries + 1 : retries;
  const steps = [...Array(failures).fill({ status: 503 }), { status: 200 }];
  const { url, record } = ctx.server.plan(steps);
  const command = driver.ext === 'py' ? python : process.execPath;
  const result = await run(command, [file], {
    cwd: ctx.dir,
    env: { ...process.env, PASTE_URL: url },
    timeout: PER_RUN_MS,
  });
  const problems = [];
  let outcome;
  try {
    outcome = JSON.parse(result.stdout.trim().split('\n').pop());
  } catch {
    outcome = { ok: false, exit: result.code, stderr: result.stderr.slice(0, 600) };
  }
  const recovered = result.code === 0 && outcome.ok === true;
  if (giveUp && recovered) problems.push('the run reached the 200 after retries + 1 failures');
  if (!giveUp && !recovered) problems.push(`the run did not end with the 200: ${JSON.stringify(outcome)}`);
  const times = record.hits.map((h) => h.t);
  if (times.length !== retries + 1) problems.push(`${times.length} requests, expected ${retries + 1}`);
  const gaps = times.slice(1).map((t, i) => t - times[i]);
  const late = slack();
  let isLate = false;
  gaps.forEach((gap, i) => {
    if (!item.rows[i]) return; // a retry the model does not make: counted above
    const [min, max] = item.rows[i];
    const what = `retry ${i + 1} came ${gap.toFixed(1)} ms after the last request; the model says [${min}, ${max}] ms`;
    if (gap < min - EARLY_MS) problems.push(`too early: ${what}`);
    else if (gap > max + late) {
      isLate = true;
      problems.push(`too late (+${late.toFixed(0)} ms slack): ${what}`);
    }
  });
  return { problems, late: isLate && problems.every((p) => p.startsWith('too late')), gaps };
}

/** `paste`, run again while it fails on lateness alone. */
async function pasteWithReruns(item, text, giveUp) {
  let r;
  for (let i = 0; i <= TIMING_RERUNS; i++) {
    r = await paste(item, text, giveUp);
    if (!r.late) break;
  }
  return r;
}

test('every library of the suite has sets', () => {
  const ids = new Set(configs.map((c) => c.id));
  assert.deepEqual([...ids].sort(), Object.keys(DRIVERS).sort());
  for (const c of configs) assert.ok(c.rows.length > 0, `${c.id} ${c.set}: no retries`);
});

for (const item of configs) {
  test(`${item.id} ${item.set}: the config as written retries as the model says`, async (t) => {
    t.diagnostic(`model ${JSON.stringify(item.rows)} ms`);
    for (const [name, giveUp] of [['recovers', false], ['gives up', true]]) {
      const r = await pasteWithReruns(item, item.config, giveUp);
      t.diagnostic(`${name}: gaps ${r.gaps.map((g) => g.toFixed(1)).join(', ')} ms`);
      assert.deepEqual(r.problems, [], `${item.id} ${item.set}, ${name}:\n${item.config}`);
    }
  });
}

for (const m of MUTANTS) {
  test(`a broken ${m.id} config fails the check (${m.why})`, async (t) => {
    const item = configs.find((c) => c.id === m.id && c.set === m.set);
    assert.ok(item, `no set ${m.id} ${m.set}`);
    const text = item.config.replace(m.from, m.to);
    assert.notEqual(text, item.config, `${m.from} is not in the ${m.id} ${m.set} config`);
    const r = await paste(item, text, m.giveUp);
    t.diagnostic(`gaps ${r.gaps.map((g) => g.toFixed(1)).join(', ')} ms; ${r.problems.join('; ')}`);
    assert.ok(r.problems.length > 0, `${m.id}: ${m.why} passed the check`);
    assert.ok(r.problems.some((p) => m.expect.test(p)), `${m.id}: ${m.why} failed otherwise: ${r.problems.join('; ')}`);
  });
}

// The sets whose configs use nothing newer than urllib3 2.0 and tenacity's
// wait_exponential_jitter without multiplier= or min=: they must run as
// written on the releases before (urllib3 2.5.0, tenacity 9.1.4). The
// others say which release they need in a comment. The sets at an older
// release (`version=`, the page's `Release`) are written for it.
const BEFORE = [['urllib3', 'plain'], ['urllib3', 'jitter'], ['tenacity', 'exponential'], ['tenacity', 'jitter-defaults'],
  ['urllib3', 'release-2.5'], ['tenacity', 'jitter-9.1']];

for (const [id, set] of BEFORE) {
  test(`${id} ${set}: the config as written also runs on the release before`, async (t) => {
    const item = configs.find((c) => c.id === id && c.set === set);
    assert.ok(item, `no set ${id} ${set}`);
    const r = await pasteWithRerunsOn(item, item.config, `${venvBefore}/bin/python`);
    t.diagnostic(`gaps ${r.gaps.map((g) => g.toFixed(1)).join(', ')} ms`);
    assert.deepEqual(r.problems, [], `${id} ${set} on the release before:\n${item.config}`);
  });
}

test('a config that needs a newer release says which', () => {
  const needs = (id, set) => configs.find((c) => c.id === id && c.set === set).config;
  assert.match(needs('urllib3', 'retry-after-max'), /# urllib3 >= 2\.6\.3\n/);
  assert.match(needs('urllib3', 'retry-after-max'), /retry_after_max=60\.0,/);
  assert.doesNotMatch(needs('urllib3', 'plain'), /retry_after_max/);
  assert.match(needs('tenacity', 'jitter'), /# multiplier= and min= need tenacity >= 9\.2\n/);
  // Written for tenacity before 9.2: initial=, no min=, nothing newer needed.
  assert.match(needs('tenacity', 'jitter-9.1'), /wait_exponential_jitter\(initial=0\.05, exp_base=2, max=0\.3, jitter=0\.1\)/);
  assert.doesNotMatch(needs('tenacity', 'jitter-9.1'), /multiplier=|min=|>= 9\.2/);
  assert.doesNotMatch(needs('urllib3', 'release-2.5'), /retry_after_max/);
  assert.doesNotMatch(needs('tenacity', 'jitter-defaults'), /multiplier=|min=|>= 9\.2/);
});

/** `pasteWithReruns` with another Python (the recovering case only). */
async function pasteWithRerunsOn(item, text, python) {
  let r;
  for (let i = 0; i <= TIMING_RERUNS; i++) {
    r = await paste(item, text, false, python);
    if (!r.late) break;
  }
  return r;
}
