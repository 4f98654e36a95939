// Where an update's time goes in the browser's own work (layout, style,
// paint), which the CPU profile of scripts/profile-page.mjs lumps together
// as "(program)". Run by hand against a release build:
//
//   node scripts/trace-page.mjs [base|reroll] [query]
//   CSS='.chart{display:none}' node scripts/trace-page.mjs
//
// After 15 updates to warm up, it makes 60 more under Chromium's tracing,
// timed as scripts/bench-page.mjs times them (scripts/updates.mjs), then
// prints the update times, the first layouts (how many objects each had to
// lay out again) and the time per update of each kind of traced event.
// CSS, if set, is added to the page first: hiding a section shows what its
// layout costs.
import { serveDist, launch } from '../tests/e2e/harness.mjs';
import { actionCode, openApp, quantile, timeUpdates } from './updates.mjs';

const action = process.argv[2] ?? 'base';
const query = process.argv[3] ?? '?retries=100&jitter=decorrelated&seed=1';
const N = 60;
actionCode(action);

const server = await serveDist();
const browser = await launch();
try {
  const { context, page } = await openApp(browser, `${server.origin}/${query}`);
  if (process.env.CSS) await page.addStyleTag({ content: process.env.CSS });
  // Untraced first: the first updates run while V8 optimizes the wasm.
  await timeUpdates(page, action, 15);

  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: `devtools.timeline,disabled-by-default-devtools.timeline${process.env.SAMPLES ? ',disabled-by-default-v8.cpu_profiler' : ''}`,
    transferMode: 'ReportEvents',
  });
  const times = await timeUpdates(page, action, N, { stamp: true });
  await cdp.send('Tracing.end');
  await complete;

  console.log(`${action} at ${query}${process.env.CSS ? ` with ${process.env.CSS}` : ''} (tracing slows it)`);
  console.log(`update: median ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms`);
  const spans = events.filter((e) => e.ph === 'X' && e.dur);
  for (const e of spans.filter((e) => e.name === 'Layout').slice(0, 3)) {
    const d = e.args?.beginData ?? {};
    console.log(`layout: ${(e.dur / 1000).toFixed(2)} ms, ${d.dirtyObjects} of ${d.totalObjects} objects to lay out`);
  }
  const total = new Map();
  for (const e of spans) total.set(e.name, (total.get(e.name) ?? 0) + e.dur / 1000);
  console.log('per update (nested events overlap):');
  for (const [name, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`${(ms / N).toFixed(3).padStart(9)} ms  ${name}`);
  }
  // Inside the measured windows only (between the update's two
  // console.timeStamp marks, on the page's main thread): what the figure
  // itself is made of.
  const marks = events.filter((e) => e.name === 'TimeStamp');
  const tid = marks[0]?.tid;
  const windows = [];
  for (let i = 0; i + 1 < marks.length; i++) {
    if (marks[i].args?.data?.message === 'update-start' && marks[i + 1].args?.data?.message === 'update-end') {
      windows.push([marks[i].ts, marks[i + 1].ts]);
    }
  }
  const inside = new Map();
  const framed = new Set();
  let frameCallbacks = 0;
  const layouts = [];
  const calls = new Map();
  const samples = new Map();
  const stacks = new Map();
  for (const e of spans.filter((e) => e.tid === tid)) {
    const w = windows.findIndex(([a, b]) => e.ts < b && e.ts + e.dur > a);
    if (w < 0) continue;
    const [a, b] = windows[w];
    const ms = (Math.min(b, e.ts + e.dur) - Math.max(a, e.ts)) / 1000;
    inside.set(e.name, (inside.get(e.name) ?? 0) + ms);
    if (e.name === 'Layout') {
      const d = e.args?.beginData ?? {};
      // A layout forced by script carries the script's stack.
      const by = (d.stackTrace ?? []).slice(0, 3).map((f) => f.functionName || '?').join(' < ');
      layouts.push(`${(e.dur / 1000).toFixed(2)} ms ${d.dirtyObjects}/${d.totalObjects}${process.env.LAYOUTS && by ? ` forced by ${by}` : ''}`);
    }
    if (e.name === 'Paint') framed.add(w);
    if (e.name === 'FireAnimationFrame') frameCallbacks++;
    if (e.name === 'FunctionCall' && process.env.CALLS) {
      const d = e.args?.data ?? {};
      const key = `${d.functionName || '(anonymous)'} ${String(d.url ?? '').split('/').pop()}:${d.lineNumber}`;
      calls.set(key, (calls.get(key) ?? 0) + ms);
    }
  }
  const lengths = windows.map(([a, b]) => (b - a) / 1000);
  console.log(`inside the ${windows.length} measured windows (median ${quantile(lengths, 0.5).toFixed(2)} ms, p95 ${quantile(lengths, 0.95).toFixed(2)} ms), per update; a frame fell into ${framed.size}:`);
  for (const [name, ms] of [...inside].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`${(ms / windows.length).toFixed(3).padStart(9)} ms  ${name}`);
  }
  // Frame callbacks that ran inside the windows: a catch-up or a drawing
  // queued for later that lands in the frame showing the next input.
  console.log(`frame callbacks inside the windows: ${frameCallbacks}, ${((inside.get('FireAnimationFrame') ?? 0) / windows.length).toFixed(3)} ms per update`);
  // WORST=k: the k slowest windows, each as the events inside it that
  // took 0.3 ms or more, in order (what makes a p95).
  const worst = windows.map((w, i) => [i, w[1] - w[0]]).sort((x, y) => y[1] - x[1]).slice(0, Number(process.env.WORST ?? 0));
  for (const [w, len] of worst) {
    const [a, b] = windows[w];
    const inWindow = spans.filter((e) => e.tid === tid && e.ts < b && e.ts + e.dur > a && e.dur >= 300);
    console.log(`window ${w}: ${(len / 1000).toFixed(2)} ms`);
    for (const e of inWindow) console.log(`  +${((e.ts - a) / 1000).toFixed(2).padStart(6)} ${(e.dur / 1000).toFixed(2).padStart(6)} ms  ${e.name}`);
  }
  console.log(`layouts inside (time, objects dirty/all): ${layouts.slice(0, process.env.LAYOUTS ? 24 : 8).join(process.env.LAYOUTS ? '\n  ' : ', ')}`);
  // SAMPLES=regex: the CPU profiler's samples inside the windows (a build
  // with names: scripts/profile-build.sh), by the innermost function that
  // matches (the app's own: `backoff_calculator`), else by the leaf.
  if (process.env.SAMPLES) {
    const match = new RegExp(process.env.SAMPLES);
    const nodes = new Map();
    const bySample = new Map();
    for (const e of events.filter((e) => e.name === 'ProfileChunk')) {
      const d = e.args?.data ?? {};
      for (const n of d.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
      let t = bySample.get(e.id) ?? (events.find((p) => p.name === 'Profile' && p.id === e.id)?.args?.data?.startTime ?? 0);
      (d.cpuProfile?.samples ?? []).forEach((id, i) => {
        t += d.timeDeltas?.[i] ?? 0;
        if (windows.some(([a, b]) => t >= a && t < b)) {
          let n = nodes.get(id);
          let name = n?.callFrame?.functionName || '(program)';
          for (let m = n; m; m = nodes.get(m.parent)) {
            if (match.test(m.callFrame?.functionName ?? '')) { name = m.callFrame.functionName; break; }
          }
          samples.set(name, (samples.get(name) ?? 0) + 1);
          if (process.env.STACK && new RegExp(process.env.STACK).test(n?.callFrame?.functionName ?? '')) {
            const chain = [];
            for (let m = n; m; m = nodes.get(m.parent)) chain.push((m.callFrame?.functionName || '?').slice(0, 90));
            const key = chain.slice(0, 14).join('\n    < ');
            stacks.set(key, (stacks.get(key) ?? 0) + 1);
          }
        }
      });
      bySample.set(e.id, t);
    }
    const all = [...samples.values()].reduce((a, b) => a + b, 0);
    console.log(`samples inside the windows: ${all}`);
    for (const [name, k] of [...samples].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25))) {
      console.log(`${(100 * k / all).toFixed(1).padStart(6)} %  ${name.slice(0, 150)}`);
    }
  }
  // STACK=regex (with SAMPLES): the commonest stacks above a leaf that matches.
  for (const [key, k] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 4)) console.log(`${k} samples:\n    ${key}`);
  // CALLS=1: the script inside the windows by the function the browser called.
  for (const [name, ms] of [...calls].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`${(ms / windows.length).toFixed(3).padStart(9)} ms  called: ${name}`);
  }
} finally {
  await browser.close();
  await server.close();
}
