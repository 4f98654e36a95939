// Compares two release builds on one update, interleaved, for a before and
// after on a noisy machine: run by hand, not in CI.
//
//   git stash && trunk build --release --dist dist-a && git stash pop
//   trunk build --release --dist dist-b
//   node scripts/bench-ab.mjs dist-a dist-b [base|reroll] [query]
//
// Both pages stay open in one browser; after 20 warm-up updates each, they
// take turns in blocks of 10 updates (12 blocks each, the order swapped
// every round), so a slow spell of the machine falls on both. An update is
// timed as in scripts/bench-page.mjs: the action, the next macrotask, then
// a forced layout.
import path from 'node:path';
import { serveDist, launch } from '../tests/e2e/harness.mjs';
import { actionCode, openApp, quantile, timeUpdates } from './updates.mjs';

const [dirA, dirB, action = 'base', query = '?retries=100&jitter=decorrelated&seed=1'] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: node scripts/bench-ab.mjs DIST_A DIST_B [base|reroll] [query]');
actionCode(action);

const browser = await launch();
const sides = [];
for (const dir of [dirA, dirB]) {
  const server = await serveDist({ dir: path.resolve(dir) });
  const { page } = await openApp(browser, `${server.origin}/${query}`);
  sides.push({ dir, server, page, times: [] });
}

try {
  for (const side of sides) await timeUpdates(side.page, action, 20);
  for (let round = 0; round < 12; round++) {
    for (const side of round % 2 ? sides : [...sides].reverse()) side.times.push(...await timeUpdates(side.page, action, 10));
  }
  console.log(`${action} at ${query}`);
  for (const { dir, times } of sides) {
    console.log(`${dir.padEnd(20)} median ${quantile(times, 0.5).toFixed(2).padStart(7)} ms  p95 ${quantile(times, 0.95).toFixed(2).padStart(7)} ms  (n=${times.length})`);
  }
} finally {
  await browser.close();
  for (const side of sides) await side.server.close();
}
