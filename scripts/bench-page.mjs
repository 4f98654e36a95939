// Page benchmark: drives the release build (dist/, or DIST_DIR) in headless
// Chromium and prints medians and p95 for the figures of docs/targets.md. Run by
// hand (`node scripts/bench-page.mjs [iterations]`), not part of CI's pass
// or fail: timings on a shared 2-core machine are reported, not asserted.
//
// What each figure measures:
// - input → table: set a field's text and fire `input`, then wait for the
//   next macrotask (so every reactive update has run) and force a layout;
//   the table's last cumulative cell must have changed. The first
//   WARMUP updates after a page opens are reported on their own line:
//   they run while V8 moves the hot wasm from its baseline compiler to its
//   optimizing one, and take two to four times as long as the rest.
// - re-roll: the same around a click on "Re-roll jitter".
// - first render: navigation start to the first schedule row in the DOM,
//   in a fresh context (cold cache), against a static HTML copy of the same
//   rendered DOM with the same stylesheet; interleaved pairs.
// - layout shift: the sum of layout-shift entries while loading, at 375
//   and 1280 px.
// - simulation: the contention sweep (docs/simulation.md), 50 clients × 100 runs,
//   from click to the last result row, with the longest task seen.
import fs from 'node:fs';
import path from 'node:path';
import { serveDist, launch, distDir } from '../tests/e2e/harness.mjs';
import { ACTIONS, quantile } from './updates.mjs';

const N = Math.max(30, Number(process.argv[2] ?? 30));
// BENCH_ONLY=input,first,cls,sim runs only those parts.
const only = (part) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes(part);

const fmt = (x) => `${x.toFixed(2)} ms`;
const report = (name, xs, target) =>
  console.log(`${name.padEnd(48)} median ${fmt(quantile(xs, 0.5)).padStart(10)}  p95 ${fmt(quantile(xs, 0.95)).padStart(10)}  (n=${xs.length})${target ? `  target ${target}` : ''}`);

const server = await serveDist();
const browser = await launch();

async function open(query, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${server.origin}/${query}`);
  await page.locator('table.schedule tbody tr').first().waitFor();
  return { context, page };
}

/** Updates made before the measured ones, reported apart. */
const WARMUP = 15;

/**
 * Times `n` updates made by `act(i)` inside the page, after WARMUP more:
 * `{ warm, cold }`, the measured times and the warm-up's.
 */
async function timeUpdates(page, n, act) {
  return page.evaluate(async ({ n, act, warmup }) => {
    const run = new Function('i', act);
    const nextTask = () => new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve();
      ch.port2.postMessage(0);
    });
    const last = () => {
      const rows = document.querySelectorAll('table.schedule tbody tr');
      return rows[rows.length - 1].querySelectorAll('td')[3].dataset.ms;
    };
    const warm = [];
    const cold = [];
    for (let i = 0; i < n + warmup; i++) {
      await nextTask();
      const before = last();
      const t0 = performance.now();
      run(i);
      await nextTask();
      void document.body.offsetHeight;
      const t1 = performance.now();
      if (last() === before) throw new Error(`the table did not change on iteration ${i}`);
      (i < warmup ? cold : warm).push(t1 - t0);
    }
    return { warm, cold };
  }, { n, act, warmup: WARMUP });
}

/** Reports the measured updates against `target`, then the warm-up's. */
function reportUpdates(name, { warm, cold }, target) {
  report(name, warm, target);
  console.log(`${'  the first updates after the page opened'.padEnd(48)} median ${fmt(quantile(cold, 0.5)).padStart(10)}  max ${fmt(Math.max(...cold)).padStart(10)}  (n=${cold.length})`);
}

const typeInto = (id, a, b) => `
  const el = document.getElementById('${id}');
  el.value = i % 2 ? '${a}' : '${b}';
  el.dispatchEvent(new Event('input', { bubbles: true }));`;

if (only('input')) {
  const { context, page } = await open('?retries=100&jitter=decorrelated&seed=1');
  reportUpdates('input → table, 100 retries, decorrelated (base)', await timeUpdates(page, N, typeInto('base', 1000, 1001)), 'p95 ≤ 8 ms');
  reportUpdates('input → table, 100 retries, decorrelated (cap)', await timeUpdates(page, N, typeInto('cap', 32000, 31000)));
  reportUpdates('re-roll, 100 retries, decorrelated', await timeUpdates(page, N, ACTIONS.reroll), 'p95 ≤ 4 ms');
  await context.close();
}
if (only('input')) {
  const { context, page } = await open('?retries=1000&jitter=decorrelated&seed=1');
  reportUpdates('input → table, 1,000 retries, decorrelated (base)', await timeUpdates(page, N, typeInto('base', 1000, 1001)), 'p95 ≤ 50 ms');
  await context.close();
}

// First render against a static copy of the same DOM.
// Also notes when the wasm is instantiated, before it runs: the page can
// render nothing sooner, so that time against the static copy's bounds
// the ratio any wasm-rendered page could reach.
const firstRowScript = `
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const original = WebAssembly[name];
    WebAssembly[name] = async (...args) => {
      const result = await original.apply(WebAssembly, args);
      window.__wasmReady ??= performance.now();
      return result;
    };
  }
  new MutationObserver((_, obs) => {
    if (document.querySelector('table.schedule tbody tr')) {
      window.__firstRow = performance.now();
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });`;
const staticName = `bench-static-${process.pid}.html`;
if (only('first')) {
  const { context, page } = await open('?seed=42');
  await page.waitForTimeout(500);
  const html = await page.evaluate(() => {
    const doc = document.documentElement.cloneNode(true);
    doc.querySelectorAll('script, link[rel=modulepreload], link[rel=preload]').forEach((el) => el.remove());
    return '<!DOCTYPE html>\n' + doc.outerHTML;
  });
  fs.writeFileSync(path.join(distDir, staticName), html);
  await context.close();
}
async function firstRow(url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(firstRowScript);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.__firstRow !== undefined);
  const t = await page.evaluate(() => ({ row: window.__firstRow, wasm: window.__wasmReady }));
  await context.close();
  return t;
}
if (only('first')) try {
  const app = [];
  const wasm = [];
  const copy = [];
  for (let i = 0; i < N; i++) {
    const t = await firstRow(`${server.origin}/?seed=42`);
    app.push(t.row);
    wasm.push(t.wasm);
    copy.push((await firstRow(`${server.origin}/${staticName}`)).row);
  }
  report('first render: the app', app);
  report('  of which: the wasm instantiated, before it runs', wasm);
  report('first render: static copy of the same DOM', copy);
  const ratio = (xs) => xs.map((a, i) => a / copy[i]);
  const ratios = ratio(app);
  console.log(`${'first render ratio app / static'.padEnd(48)} median ${quantile(ratios, 0.5).toFixed(2)} ×  p95 ${quantile(ratios, 0.95).toFixed(2)} ×  target ≤ 1.5 ×`);
  const floor = ratio(wasm);
  console.log(`${'  the wasm instantiated / static'.padEnd(48)} median ${quantile(floor, 0.5).toFixed(2)} ×  p95 ${quantile(floor, 0.95).toFixed(2)} ×`);
} finally {
  fs.rmSync(path.join(distDir, staticName), { force: true });
}

// Layout shift while loading.
for (const width of only('cls') ? [375, 1280] : []) {
  const shifts = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    await context.addInitScript(() => {
      window.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(`${server.origin}/?seed=42`);
    await page.locator('table.schedule tbody tr').first().waitFor();
    await page.waitForTimeout(1500);
    shifts.push(await page.evaluate(() => window.__cls));
    await context.close();
  }
  console.log(`${`layout shift while loading, ${width} px`.padEnd(48)} max ${Math.max(...shifts).toFixed(4)} over ${shifts.length} loads  target 0`);
}

// Contention simulation, when the page has it.
if (only('sim')) {
  const { context, page } = await open('?seed=42&simclients=50&simruns=100');
  const button = page.getByRole('button', { name: 'Run simulation' });
  if (await button.count()) {
    const times = [];
    const longest = [];
    for (let i = 0; i < 5; i++) {
      const r = await page.evaluate(async () => {
        let longest = 0;
        const obs = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
        });
        obs.observe({ type: 'longtask' });
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Run simulation');
        const t0 = performance.now();
        button.click();
        await new Promise((resolve) => {
          const poll = () => (document.querySelector('[data-testid=sim-status]')?.dataset.state === 'done' ? resolve() : setTimeout(poll, 2));
          poll();
        });
        const t1 = performance.now();
        await new Promise((r) => setTimeout(r, 50));
        obs.disconnect();
        return { ms: t1 - t0, longest };
      });
      times.push(r.ms);
      longest.push(r.longest);
    }
    report('simulation, 50 clients × 100 runs, all modes', times, '≤ 1000 ms');
    console.log(`${'simulation: longest task (0 = none over 50 ms)'.padEnd(48)} max ${fmt(Math.max(...longest))}`);
  }
  await context.close();
}

await browser.close();
await server.close();
