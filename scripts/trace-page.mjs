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
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  const times = await timeUpdates(page, action, N);
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
} finally {
  await browser.close();
  await server.close();
}
