// The core's library models against the real libraries, pinned (see
// README.md beside this file): each parameter set of sets.txt is run by the
// library itself with its sleeps recorded, and by the core's model
// (examples/library_models.rs), and compared.
//
// - Deterministic sets (every row's min equals its max): every run's
//   sleeps equal the model's rows exactly (to 1e-6 ms).
// - Random sets: every observed sleep lies in its row's [min, max]; each
//   row's observed mean is within 4.5 standard errors of the model's
//   expected (the model's own simulation error added when its expected is
//   simulated); the number of retries matches the rows, or, with a time
//   budget, every run makes at least the retries that always happen, few
//   runs go beyond the last row, and each row's share of runs matches.
//
// Run: node --test tests/libraries/ (after tests/libraries/setup.sh).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const root = here('../..');
const sets = here('sets.txt');
const run = (cmd, args) =>
  JSON.parse(execFileSync(cmd, args, { cwd: root, maxBuffer: 1 << 28, encoding: 'utf8' }));

const venv = process.env.LIB_VENV ?? `${root}/target/lib-venv`;
const models = run('cargo', ['run', '--quiet', '--locked', '--example', 'library_models', '--', sets]);
const python = run(`${venv}/bin/python`, [here('python/run_libs.py'), sets]);
const js = run(process.execPath, [here('js/run_libs.mjs'), sets]);
const rust = run(`${root}/target/lib-rust/release/run-libs`, [sets]);
const go = run(`${root}/target/lib-go/run_libs`, [sets]);
const observed = { ...python.observed, ...js.observed, ...rust.observed, ...go.observed };

// The model's runs behind a simulated mean (the budget's runs are more).
const MODEL_RUNS = 2000;
const Z = 4.5;

function meanSd(xs) {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length - 1);
  return [m, Math.sqrt(v)];
}

test('the pinned releases ran', () => {
  assert.deepEqual(python.versions, {
    urllib3: '2.8.0', tenacity: '9.2.1', 'google-api-core': '2.44.0', botocore: '1.44.8',
  });
  assert.deepEqual(js.versions, {
    'p-retry': '9.0.0', 'axios-retry': '4.5.0', axios: '1.21.1',
    '@smithy/util-retry': '4.6.2', '@smithy/core': '3.41.1',
  });
  // backon: the version Cargo.lock resolved (the runner was built --locked).
  const lock = readFileSync(here('rust/Cargo.lock'), 'utf8');
  assert.match(lock, /name = "backon"\nversion = "1\.6\.0"\n/);
  assert.equal(rust.versions.backon, '1.6.0');
  // Go: the Debian packages unpacked, as their changelogs say.
  const debian = (pkg) =>
    gunzipSync(readFileSync(`${root}/target/lib-go/root/usr/share/doc/${pkg}/changelog.Debian.gz`))
      .toString().split('\n')[0].match(/\((.*?)\)/)[1];
  assert.equal(go.versions.go, 'go1.23.5');
  assert.deepEqual({
    cenkalti: debian('golang-github-cenkalti-backoff-v5-dev'),
    retryablehttp: debian('golang-github-hashicorp-go-retryablehttp-dev'),
  }, { cenkalti: '5.0.3-4', retryablehttp: '0.7.1-1' });
});

/**
 * Throws unless the library's runs agree with the model's rows (see the
 * head of this file).
 */
function compare(key, model, runs) {
  const rows = model.rows.map(([min, max, expected, reach]) => ({ min, max, expected, reach }));
  const eps = (x) => 1e-6 * Math.max(1, Math.abs(x));
  const fixed = rows.every((r) => Math.abs(r.max - r.min) <= eps(r.max));
  if (fixed && !model.budget) {
    for (const sleeps of runs) {
      assert.equal(sleeps.length, rows.length, `${key}: retries`);
      sleeps.forEach((s, i) =>
        assert.ok(Math.abs(s - rows[i].min) <= eps(s), `${key}: retry ${i + 1} slept ${s}, model ${rows[i].min}`));
    }
    return;
  }
  for (const sleeps of runs) {
    sleeps.forEach((s, i) => {
      const r = rows[i];
      if (!r) return;
      assert.ok(s >= r.min - eps(r.min) && s <= r.max + eps(r.max),
        `${key}: retry ${i + 1} slept ${s}, outside [${r.min}, ${r.max}]`);
    });
  }
  const n = runs.length;
  if (!model.budget) {
    for (const sleeps of runs) assert.equal(sleeps.length, rows.length, `${key}: retries`);
  } else {
    const { always } = model.budget;
    for (const sleeps of runs) assert.ok(sleeps.length >= always, `${key}: ${sleeps.length} < ${always} retries`);
    const beyond = runs.filter((s) => s.length > rows.length).length;
    const allowed = 0.001 * n + Z * Math.sqrt(0.001 * n) + 1;
    assert.ok(beyond <= allowed, `${key}: ${beyond} of ${n} runs went beyond ${rows.length} retries`);
    rows.forEach((r, i) => {
      const share = runs.filter((s) => s.length > i).length / n;
      const se = Math.sqrt(r.reach * (1 - r.reach) * (1 / n + 1 / 10000));
      assert.ok(Math.abs(share - r.reach) <= Z * se + 2 / n,
        `${key}: retry ${i + 1} made in ${share} of runs, model ${r.reach}`);
    });
  }
  rows.forEach((r, i) => {
    const xs = runs.filter((s) => s.length > i).map((s) => s[i]);
    if (xs.length < 30) return;
    const [m, sd] = meanSd(xs);
    const modelErr = model.simulated[i] ? 1 / MODEL_RUNS : 0;
    const tol = Z * sd * Math.sqrt(1 / xs.length + modelErr) + eps(r.max) + 0.5;
    assert.ok(Math.abs(m - r.expected) <= tol,
      `${key}: retry ${i + 1} mean ${m.toFixed(3)}, model ${r.expected.toFixed(3)} (tolerance ${tol.toFixed(3)}, ${xs.length} runs)`);
  });
}

for (const model of models) {
  const key = `${model.id} ${model.set}`;
  test(key, () => {
    const runs = observed[key];
    assert.ok(runs && runs.length > 0, `no library run for ${key}`);
    compare(key, model, runs);
  });
}

// The comparison can fail: each new runner's output against a deliberately
// wrong model, made by changing the right model's rows the way a plausible
// misreading of the library would.
const wrongModels = [
  // backon with the jitter applied before the cap (so never past max_delay).
  ['backon jitter-capped', 'jitter capped at max_delay', (rows) =>
    rows.map(([min, max, e, r]) => [min, Math.min(max, 10000), Math.min(e, 10000), r])],
  // backon capping min_delay too: 2, 2, 2 s instead of 5, 2, 2 s.
  ['backon min-above-max', 'min_delay capped', (rows) =>
    rows.map(([, , , r]) => [2000, 2000, 2000, r])],
  // cenkalti with the first interval capped at MaxInterval.
  ['cenkalti first-uncapped', 'first interval capped', (rows) =>
    rows.map(([, , , r]) => [2000, 2000, 2000, r])],
  // cenkalti with full jitter [0, interval·(1+f)] instead of ±f: mean lower.
  ['cenkalti cap-reached', 'full jitter', (rows) =>
    rows.map(([min, max, e, r]) => [0, max, max / 2, r])],
  // retryablehttp counting from 1 (retry 1 waits 2 × RetryWaitMin).
  ['retryablehttp defaults', 'attemptNum from 1', (rows) =>
    rows.map(([min, max, e, r]) => [2 * min, 2 * max, 2 * e, r])],
];

for (const [key, what, wrong] of wrongModels) {
  test(`a wrong model fails: ${key}, ${what}`, () => {
    const model = models.find((m) => `${m.id} ${m.set}` === key);
    assert.ok(model && observed[key], `no set ${key}`);
    compare(key, model, observed[key]);
    assert.throws(() => compare(key, { ...model, rows: wrong(model.rows) }, observed[key]),
      assert.AssertionError);
  });
}
