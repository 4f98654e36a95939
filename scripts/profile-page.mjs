// Finds where the page spends its time, with Chromium's own CPU profiler.
// Run by hand against a build whose wasm keeps its function names:
//
//   bash scripts/profile-build.sh            # builds dist-profile/
//   DIST_DIR=dist-profile node scripts/profile-page.mjs [action] [query]
//
// `action` is `base` (type into Base delay), `delay` or `multiplier` (a
// library's field: Polly's Delay, google-api-core's multiplier), `reroll` or `load`; it runs 30
// times (once for `load`) while the profiler samples every 50 µs, then the
// functions with the most self time are printed, then those with the
// most inclusive time. FILTER=regex keeps only the inclusive lines that
// match; CALLERS=regex adds which of the app's functions call those.
import { serveDist, launch } from '../tests/e2e/harness.mjs';
import { actionCode, openApp } from './updates.mjs';

const action = process.argv[2] ?? 'base';
const query = process.argv[3] ?? '?retries=100&jitter=decorrelated&seed=1';

const server = await serveDist();
const browser = await launch();
// The profiler is attached before the page loads, and started then for `load`.
let cdp;
const { page } = await openApp(browser, `${server.origin}/${query}`, {
  beforeLoad: async (context, page) => {
    cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    if (action === 'load') await cdp.send('Profiler.start');
  },
});
if (action === 'load') {
  await page.waitForTimeout(300);
} else {
  // The sections below the first screen mounted, and the page warmed up,
  // so that neither is profiled as the update's cost.
  await page.locator('[data-testid="deferred"][data-state="ready"]').waitFor();
  await page.evaluate(async (code) => {
    const act = new Function('i', code);
    for (let i = 0; i < 15; i++) {
      act(i);
      await new Promise((r) => setTimeout(r, 0));
    }
  }, actionCode(action));
  await cdp.send('Profiler.start');
  await page.evaluate(async (code) => {
    const act = new Function('i', code);
    const next = () => new Promise((r) => setTimeout(r, 0));
    for (let i = 0; i < 30; i++) {
      act(i);
      await next();
    }
  }, actionCode(action));
}
const { profile } = await cdp.send('Profiler.stop');

// Self time per function: samples × their interval, summed by name.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const deltas = profile.timeDeltas;
profile.samples.forEach((id, i) => {
  const f = byId.get(id).callFrame;
  const name = `${f.functionName || '(anonymous)'} ${f.url ? f.url.split('/').pop() : ''}`.trim();
  self.set(name, (self.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log(`${action}: ${total.toFixed(1)} ms sampled`);
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
  console.log(`${ms.toFixed(2).padStart(9)} ms  ${(100 * ms / total).toFixed(1).padStart(5)} %  ${name.slice(0, 140)}`);
}
// Inclusive time (the function and all it calls), which says which
// caller a cost belongs to.
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map();
profile.samples.forEach((id, i) => {
  const seen = new Set();
  for (let n = id; n !== undefined; n = parent.get(n)) {
    const f = byId.get(n).callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url ? f.url.split('/').pop() : ''}`.trim();
    if (!seen.has(name)) {
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
    }
  }
});
console.log('\ninclusive:');
const filt = process.env.FILTER ? new RegExp(process.env.FILTER) : null;
for (const [name, ms] of [...inclusive].filter(([n]) => !filt || filt.test(n)).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 60))) {
  console.log(`${ms.toFixed(2).padStart(9)} ms  ${(100 * ms / total).toFixed(1).padStart(5)} %  ${name.slice(0, 140)}`);
}
// CALLERS=regex: for the samples under a function matching it, the
// nearest of the app's own functions above it, with their time.
if (process.env.CALLERS) {
  const match = new RegExp(process.env.CALLERS);
  const callers = new Map();
  const nameOf = (n) => byId.get(n).callFrame.functionName || '(anonymous)';
  profile.samples.forEach((id, i) => {
    let n = id;
    while (n !== undefined && !match.test(nameOf(n))) n = parent.get(n);
    if (n === undefined) return;
    let c = parent.get(n);
    while (c !== undefined && !/backoff_calculator/.test(nameOf(c))) c = parent.get(c);
    const name = c === undefined ? '(none)' : nameOf(c);
    callers.set(name, (callers.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  console.log(`\ncallers of ${process.env.CALLERS}:`);
  for (const [name, ms] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`${ms.toFixed(2).padStart(9)} ms  ${name.slice(0, 160)}`);
  }
}
await browser.close();
await server.close();
