// The schedule writes the rows in view first: an input's own task
// updates every row the browser lays out, and the rows it skips
// (content-visibility) are written after the frame, or at once when a
// scroll could bring them into view or the table changes shape. Runs in
// headless Chromium against the release build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, decided, rows, rowsWritten } from './harness.mjs';

const env = useBrowser();
const LONG = '?seed=1&jitter=decorrelated&retries=100';

/** Waits until `page` has its 100 rows, every one written, and its means decided. */
async function settled(page) {
  await page.waitForFunction(() => document.querySelectorAll('table.schedule tbody tr').length === 100);
  await decided(page);
  await rowsWritten(page);
}

/**
 * Opens `query` for test `t` (which then fails on a console error or a
 * failed request) and waits until the browser skips the last rows.
 */
async function openSkipping(t, query) {
  const opened = await env.open(t, query);
  const { page } = opened;
  await settled(page);
  await page.waitForFunction(() => {
    const last = document.querySelector('table.schedule tbody tr:last-child th');
    return last && !last.checkVisibility({ contentVisibilityAuto: true });
  });
  return opened;
}

/**
 * In the page: types `value` into the field `id`, then resolves to what
 * `read` (the source of a function) returns in the next animation frame,
 * before the page's own frame callbacks (registered by the update, after
 * this one), so before any row behind could have been written but by a
 * scroll.
 */
function typeAndReadNextFrame([id, value, read]) {
  return new Promise((resolve) => {
    requestAnimationFrame(() => resolve(new Function(`return (${read})()`)()));
    const input = document.getElementById(id);
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * In the page: the first row's longest delay, the last row's cumulative
 * wait, and whether the rows are busy.
 */
function firstAndLast() {
  const trs = document.querySelectorAll('table.schedule tbody tr');
  return {
    rows: trs.length,
    first: trs[0].querySelectorAll('td')[1].dataset.maxMs,
    last: trs[trs.length - 1].querySelectorAll('td')[3].dataset.ms,
    busy: document.querySelector('table.schedule tbody').getAttribute('aria-busy'),
  };
}

/** Every row of a fresh page opened on `query`, once its `n` rows are made and decided. */
async function freshRows(query, n) {
  const fresh = await env.openPage(query);
  try {
    await fresh.page.waitForFunction((n) => document.querySelectorAll('table.schedule tbody tr').length === n, n);
    await decided(fresh.page);
    const made = await rows(fresh.page);
    assert.deepEqual(fresh.errors, []);
    return made;
  } finally {
    await fresh.context.close();
  }
}

test('an input writes the rows in view in its own task, the rows out of view after, as a fresh page shows them', async (t) => {
  const { page } = await openSkipping(t, LONG);
  const before = await page.evaluate(firstAndLast);
  // 1,001 ms: no row's badges change (see the last test).
  const seen = await page.evaluate(typeAndReadNextFrame, ['base', '1001', firstAndLast.toString()]);
  assert.equal(seen.first, '3003', 'the first row is new in the frame after the input');
  assert.equal(seen.last, before.last, 'the last row, out of view, is not written yet');
  assert.equal(seen.busy, 'true', 'the rows say they are busy');
  await decided(page);
  assert.deepEqual(await rows(page), await freshRows(`${LONG}&base=1001`, 100));
  assert.equal(await page.evaluate(() => document.querySelector('table.schedule tbody').getAttribute('aria-busy')), 'false');
});

test('scrolled into view, the rows out of view are written before the frame is drawn', async (t) => {
  const { page } = await openSkipping(t, LONG);
  const before = await page.evaluate(firstAndLast);
  // In the frame after the input, a scroll to the table's end: its
  // scroll event comes in the next frame, before the page's frame
  // callback that would write the rows behind. A scroll listener the
  // test adds after the page's own reads the last row.
  const seen = await page.evaluate(([read]) => new Promise((resolve) => {
    const state = () => new Function(`return (${read})()`)();
    requestAnimationFrame(() => {
      const after = state();
      window.addEventListener('scroll', () => resolve({ after, scrolled: state() }), { capture: true, once: true });
      const wrap = document.querySelector('table.schedule').closest('.table-wrap');
      wrap.scrollTop = wrap.scrollHeight;
    });
    const base = document.getElementById('base');
    base.value = '1001';
    base.dispatchEvent(new Event('input', { bubbles: true }));
  }), [firstAndLast.toString()]);
  assert.deepEqual(seen.after, { ...before, first: '3003', busy: 'true' }, 'after the input, the last row is behind');
  assert.notEqual(seen.scrolled.last, before.last, 'the last row is new when the scroll that shows it is heard');
  assert.equal(seen.scrolled.busy, 'false');
});

test('a change of the table\'s shape writes every row at once: rows removed, as a fresh page shows them', async (t) => {
  const { page } = await openSkipping(t, LONG);
  // Scrolled to the end, one retry fewer: the scroller's position is
  // clamped and rows far from view come into view in this frame.
  await page.evaluate(() => {
    const wrap = document.querySelector('table.schedule').closest('.table-wrap');
    wrap.scrollTop = wrap.scrollHeight;
  });
  await page.waitForFunction(() => !document.querySelector('table.schedule tbody tr:first-child th').checkVisibility({ contentVisibilityAuto: true }));
  const seen = await page.evaluate(typeAndReadNextFrame, ['retries', '99', firstAndLast.toString()]);
  assert.equal(seen.rows, 99);
  assert.notEqual(seen.busy, 'true', 'no row is left behind');
  const made = await rows(page);
  assert.equal(made[98].cumulative, Number(seen.last));
  assert.deepEqual(made, await freshRows(LONG.replace('retries=100', 'retries=99'), 99));
});

test('a change of a row\'s badges writes every row at once, as a fresh page shows them', async (t) => {
  const { page } = await openSkipping(t, LONG);
  // 1,200 ms: retry 3 reaches the 32 s cap (its row gets the badge and
  // grows), where at 1,000 ms retry 4 was the first.
  const seen = await page.evaluate(typeAndReadNextFrame, ['base', '1200', firstAndLast.toString()]);
  assert.equal(seen.first, '3600');
  assert.notEqual(seen.busy, 'true', 'no row is left behind');
  const made = await rows(page);
  assert.equal(made[99].cumulative, Number(seen.last));
  assert.deepEqual(made.map((r) => r.capped).indexOf(true), 2);
  assert.deepEqual(made, await freshRows(`${LONG}&base=1200`, 100));
});

test('a catch-up queued by an older input is not made: the rows behind wait two frames after the newest', async (t) => {
  const { page } = await openSkipping(t, LONG);
  const before = await page.evaluate(firstAndLast);
  // Frame callbacks run in the order they were asked for, each followed
  // by its microtasks (where the page updates). In frame 0 the first
  // callback types 1001, which asks for the page's catch-up two frames
  // later; the second asks for one in frame 1, after the page's. There
  // it types 1002, and asks for a read in frame 2, after the older
  // catch-up (asked for in frame 1 before it) and before the newer.
  const seen = await page.evaluate(([read]) => new Promise((resolve) => {
    const state = () => new Function(`return (${read})()`)();
    const type = (value) => {
      const base = document.getElementById('base');
      base.value = value;
      base.dispatchEvent(new Event('input', { bubbles: true }));
    };
    requestAnimationFrame(() => type('1001'));
    requestAnimationFrame(() => requestAnimationFrame(() => {
      type('1002');
      requestAnimationFrame(() => resolve(state()));
    }));
  }), [firstAndLast.toString()]);
  assert.equal(seen.first, '3006', 'the rows in view show the newest input');
  assert.equal(seen.last, before.last, 'the last row, out of view, is not written by the older catch-up');
  assert.equal(seen.busy, 'true');
  await decided(page);
  assert.deepEqual(await rows(page), await freshRows(`${LONG}&base=1002`, 100));
  assert.equal(await page.evaluate(() => document.querySelector('table.schedule tbody').getAttribute('aria-busy')), 'false');
});
