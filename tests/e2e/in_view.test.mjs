// The schedule writes the rows in view first: an input's own task
// updates every row the browser lays out, and the rows it skips
// (content-visibility) are written after the frame, or at once when a
// scroll could bring them into view. Runs in headless Chromium against
// the release build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, rows, rowsWritten } from './harness.mjs';

const env = useBrowser();
const LONG = '?seed=1&jitter=decorrelated&retries=100';

/** Opens `query` and waits until the browser skips the last rows. */
async function openSkipping(query) {
  const opened = await env.openPage(query);
  const { page } = opened;
  await page.waitForFunction(() => document.querySelectorAll('table.schedule tbody tr').length === 100);
  await rowsWritten(page);
  await page.waitForFunction(() => {
    const last = document.querySelector('table.schedule tbody tr:last-child th');
    return last && !last.checkVisibility({ contentVisibilityAuto: true });
  });
  return opened;
}

/** In the page: types `value` into Base delay. */
function typeBase(value) {
  const base = document.getElementById('base');
  base.value = value;
  base.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * In the page: the first row's longest delay, the last row's cumulative
 * wait, and whether the rows are busy.
 */
function firstAndLast() {
  const trs = document.querySelectorAll('table.schedule tbody tr');
  return {
    first: trs[0].querySelectorAll('td')[1].dataset.maxMs,
    last: trs[trs.length - 1].querySelectorAll('td')[3].dataset.ms,
    busy: document.querySelector('table.schedule tbody').getAttribute('aria-busy'),
  };
}

test('an input writes the rows in view in its own task, the rows out of view after, as a fresh page shows them', async () => {
  const { page, context, errors } = await openSkipping(LONG);
  try {
    const before = await page.evaluate(firstAndLast);
    // Read in the task after the input's (the page's effects run at the
    // end of its task): at most one frame can come between, and the rows
    // behind are written two frames after the input.
    const seen = await page.evaluate(([typeBase, firstAndLast]) => new Promise((resolve) => {
      new Function('value', `(${typeBase})(value)`)('1200');
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(new Function(`return (${firstAndLast})()`)());
      channel.port2.postMessage(0);
    }), [typeBase.toString(), firstAndLast.toString()]);
    assert.equal(seen.first, '3600', 'the first row is new in the input\'s task');
    assert.equal(seen.last, before.last, 'the last row, out of view, is not written yet');
    assert.equal(seen.busy, 'true', 'the rows say they are busy');
    const written = await rows(page);
    const fresh = await env.openPage(`${LONG}&base=1200`);
    try {
      assert.deepEqual(written, await rows(fresh.page));
      assert.deepEqual(fresh.errors, []);
    } finally {
      await fresh.context.close();
    }
    assert.equal(await page.evaluate(() => document.querySelector('table.schedule tbody').getAttribute('aria-busy')), 'false');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('scrolled into view, the rows out of view are written before the frame is drawn', async () => {
  const { page, context, errors } = await openSkipping(LONG);
  try {
    const before = await page.evaluate(firstAndLast);
    // The input; in the next task, a scroll to the table's end. The
    // frame's scroll event comes before its animation frame callbacks,
    // so before the rows behind would be written anyway: the last row is
    // read in a scroll listener the page added after its own.
    const seen = await page.evaluate(([typeBase, firstAndLast]) => new Promise((resolve) => {
      const read = () => new Function(`return (${firstAndLast})()`)();
      new Function('value', `(${typeBase})(value)`)('1200');
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const after = read();
        window.addEventListener('scroll', () => resolve({ after, scrolled: read() }), { capture: true, once: true });
        const wrap = document.querySelector('table.schedule').closest('.table-wrap');
        wrap.scrollTop = wrap.scrollHeight;
      };
      channel.port2.postMessage(0);
    }), [typeBase.toString(), firstAndLast.toString()]);
    assert.deepEqual(seen.after, { first: '3600', last: before.last, busy: 'true' }, 'after the input, the last row is behind');
    assert.notEqual(seen.scrolled.last, before.last, 'the last row is new when the scroll that shows it is heard');
    assert.equal(seen.scrolled.busy, 'false');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
