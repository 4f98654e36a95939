// No computation holds the page: seeded runs (a long schedule's
// decorrelated means, a library's runs, the simulations) are made in
// slices, and each slice waits for a task of background priority
// (`scheduler.postTask`), so an input, its update and any task the page
// has queued run before it; where the browser has no scheduler, a zero
// timeout. Runs in headless Chromium against the release build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, rows } from './harness.mjs';

const env = useBrowser();
/** 300 retries × 2,000 runs: past what is made at once, so in slices. */
const LONG = '?seed=42&jitter=decorrelated&retries=300';

/** Waits until the means are made (the preview's mark is gone). */
const decided = (page) => page.waitForFunction(() => !document.querySelector('[data-testid="deciding"]'), null, { timeout: 30_000 });

/** Waits until the schedule has `n` rows (a long one is built a few per frame). */
const allRows = (page, n) => page.waitForFunction((n) => document.querySelectorAll('table.schedule tbody tr').length === n, n);

test('a queued input and the task after it run before the next slice, which waits for a background task', async () => {
  // Counts the background tasks asked for and those that have run.
  const { page, context, errors } = await env.openPage(LONG, {
    beforeLoad: (context) => context.addInitScript(() => {
      window.__asked = 0;
      window.__ran = 0;
      const post = scheduler.postTask.bind(scheduler);
      scheduler.postTask = (task, options) => {
        if (options?.priority !== 'background') return post(task, options);
        window.__asked += 1;
        return post(() => { window.__ran += 1; return task(); }, options);
      };
    }),
  });
  try {
    await page.locator('[data-testid="deferred"][data-state="ready"]').waitFor();
    await decided(page);
    // A new base: its runs start in slices. A task posted right after the
    // input runs before any of them, and finds the new rows shown and
    // their means still being decided.
    const seen = await page.evaluate(() => new Promise((resolve) => {
      const base = document.getElementById('base');
      base.value = '1200';
      base.dispatchEvent(new Event('input', { bubbles: true }));
      const ran = window.__ran;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({
        slicesSince: window.__ran - ran,
        deciding: Boolean(document.querySelector('[data-testid="deciding"]')),
        first: document.querySelector('table.schedule tbody tr td:nth-of-type(2)')?.textContent,
      });
      channel.port2.postMessage(0);
    }));
    assert.deepEqual(seen, { slicesSince: 0, deciding: true, first: '1,200 – 3,600 ms' });
    await decided(page);
    assert.ok(await page.evaluate(() => window.__asked) > 0, 'the slices waited for background tasks');
    const made = await rows(page);
    assert.ok(Math.abs(made[1].expected - 4200) < 120, JSON.stringify(made[1]));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('where the browser has no task scheduler, the slices wait for zero timeouts and still finish', async () => {
  const { page, context, errors } = await env.openPage(LONG, {
    beforeLoad: (context) => context.addInitScript(() => {
      Object.defineProperty(window, 'scheduler', { value: undefined, configurable: true });
    }),
  });
  try {
    assert.equal(await page.evaluate(() => typeof window.scheduler), 'undefined');
    await page.locator('[data-testid="deferred"][data-state="ready"]').waitFor();
    await decided(page);
    await allRows(page, 300);
    const made = await rows(page);
    assert.equal(made.length, 300);
    assert.ok(Math.abs(made[1].expected - 3500) < 100, JSON.stringify(made[1]));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the sections below the first screen are drawn after the schedule, then show the new input whole', async () => {
  const QUERY = '?seed=42&to=polly';
  const { page, context, errors } = await env.openPage(QUERY);
  const fresh = await env.openPage(`${QUERY}&base=250`);
  try {
    const drawn = (p) => p.evaluate(() => ({
      modes: document.querySelector('table.modes tbody').textContent,
      config: document.querySelector('[data-testid="library-config"]').textContent,
    }));
    for (const p of [page, fresh.page]) {
      await p.locator('[data-testid="deferred"][data-state="ready"]').waitFor();
      await p.getByTestId('library-config').waitFor();
    }
    const before = await drawn(page);
    // A task posted right after the input finds the schedule updated and
    // the comparison and the config as they were: their drawing waits for
    // the tasks already queued.
    const seen = await page.evaluate(() => new Promise((resolve) => {
      const base = document.getElementById('base');
      base.value = '250';
      base.dispatchEvent(new Event('input', { bubbles: true }));
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({
        first: document.querySelector('table.schedule tbody tr td:nth-of-type(2)').textContent,
        modes: document.querySelector('table.modes tbody').textContent,
        config: document.querySelector('[data-testid="library-config"]').textContent,
      });
      channel.port2.postMessage(0);
    }));
    assert.match(seen.first, /– 250 ms$/);
    assert.deepEqual({ modes: seen.modes, config: seen.config }, before);
    // Then both are drawn, and show what a page opened on that input shows.
    const expected = await drawn(fresh.page);
    assert.notDeepEqual(expected, before);
    await page.waitForFunction((e) => document.querySelector('table.modes tbody').textContent === e.modes
      && document.querySelector('[data-testid="library-config"]').textContent === e.config, expected);
    assert.deepEqual(errors, []);
    assert.deepEqual(fresh.errors, []);
  } finally {
    await context.close();
    await fresh.context.close();
  }
});
