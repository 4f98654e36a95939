// A chosen library beside the page's modes (issue 25): its own row above
// the five modes in the comparison, on the same axis, the modes at the
// page policy closest to its settings with one line naming it; the same
// row in the contention simulation; and without a library, the
// comparison as before. Headless Chromium against the release build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, axeViolations } from './harness.mjs';
import { libraries } from '../manifest.mjs';

const env = useBrowser();

/** A library's parameter as the manifest lists it (its label). */
const param = (id, name) => libraries.find((l) => l.id === id).params.find((p) => p.name === name);
const LINK = '?lib=urllib3&lib.backoff_factor=0.5&seed=7';

/** The comparison's rows as { mode, library, worst, expected, text }. */
async function comparisonRows(page) {
  const body = page.getByRole('table', { name: 'Mode comparison' }).locator('tbody tr');
  await body.first().waitFor();
  return body.evaluateAll((trs) => trs.map((tr) => ({
    mode: tr.dataset.mode,
    library: tr.dataset.library !== undefined,
    worst: Number(tr.querySelector('[data-worst-ms]').dataset.worstMs),
    expected: Number(tr.querySelector('[data-expected-ms]').dataset.expectedMs),
    text: tr.textContent,
  })));
}

/** The line naming the policy the modes use, for urllib3 with backoff_factor 0.5. */
const NAMING = 'The modes below use base 500 ms, multiplier 2, cap 120,000 ms, 10 retries: the page policy closest to urllib3 Retry\'s settings.';

test('with a library chosen, its row comes first, above the modes at the closest page policy, its bar on the same axis', async (t) => {
  const { page } = await env.open(t, LINK);
  const rows = await comparisonRows(page);
  assert.equal(rows.length, 6, 'the library and the five modes');
  assert.ok(rows[0].library, 'the library first');
  assert.match(rows[0].text, /^urllib3 Retry as configured/);
  assert.deepEqual(rows.slice(1).map((r) => r.mode), ['none', 'full', 'equal', 'decorrelated', 'proportional']);
  // urllib3 with backoff_factor 0.5: retry 1 waits 0, then 1, 2, 4 … s
  // capped at 120 s, ten retries: 0 + 1 + 2 + … + 64 + 120 + 120 s.
  assert.equal(rows[0].worst, 367_000);
  assert.equal(rows[0].expected, 367_000);
  assert.match(rows[0].text, /Every call waits 367 s in all/);
  // The modes at base 500 ms doubling to 120 s over 10 retries: without
  // jitter 0.5 + 1 + … + 64 + 120 + 120 = 367.5 s (retry 1 waits the base).
  assert.equal(rows[1].worst, 367_500);
  assert.equal(await page.getByTestId('comparison-policy').textContent(), NAMING);

  // One bar per row on one axis, the library's first: its worst case's
  // line stands to each mode's as their worst cases do.
  const bars = page.locator('.mode-chart svg .mode-bar');
  assert.equal(await bars.count(), 6);
  const lib = page.locator('.mode-chart svg .mode-bar[data-library]');
  assert.equal(await lib.locator('text').textContent(), 'urllib3');
  const lengths = await bars.evaluateAll((gs) => gs.map((g) => {
    const line = g.querySelector('.worst');
    return Number(line.getAttribute('x2')) - Number(line.getAttribute('x1'));
  }));
  rows.forEach((r, i) => {
    assert.ok(Math.abs(lengths[i] / lengths[0] - r.worst / rows[0].worst) < 1e-9, `bar ${i}: ${lengths}`);
  });

  // The section with the library's row passes axe.
  assert.deepEqual(await axeViolations(page, '.comparison'), []);

  // A field of the library changes its row and the policy the modes use.
  await page.getByLabel(param('urllib3', 'backoff_factor').label, { exact: true }).fill('1');
  // 2 + 4 + … + 64 + 3 × 120 s.
  await page.waitForFunction(() => document.querySelector('.modes tbody tr[data-library] [data-worst-ms]')?.dataset.worstMs === '486000');
  assert.match(await page.getByTestId('comparison-policy').textContent(), /^The modes below use base 1,000 ms, multiplier 2, cap 120,000 ms, 10 retries/);

  // Reopening the link gives the same rows.
  const again = await env.open(t, LINK);
  assert.deepEqual(await comparisonRows(again.page), rows);
});

test('the contention simulation runs the library\'s own clients beside the modes', async (t) => {
  const { page } = await env.open(t, '?lib=urllib3&lib.backoff_factor=0.01&lib.backoff_jitter=0.05&lib.total=6&seed=7');
  await page.getByLabel('Clients', { exact: true }).fill('10');
  await page.getByLabel('Runs', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=sim-status]')?.dataset.state === 'done', null, { timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Contention results' });
  const library = table.locator('tbody tr[data-mode="library"]');
  assert.equal(await library.count(), 5, 'one row per client count');
  assert.equal(await table.locator('tbody tr').count(), 35);
  assert.equal(await library.first().locator('th').textContent(), 'your library');
  assert.ok(await library.first().locator('[data-gave-up]').count() === 1, 'its clients may give up');
  assert.match(await page.getByTestId('sim-library').textContent(), /^Your library: urllib3 Retry as configured/);
  assert.match(await page.getByTestId('sim-summary').textContent(), / Your library made /);
  assert.equal(await page.getByRole('img', { name: /^Calls per run/ }).locator('g.line').count(), 7);
});

test('without a library the comparison and the simulation are as before', async (t) => {
  const { page } = await env.open(t, '?seed=7');
  const rows = await comparisonRows(page);
  assert.deepEqual(rows.map((r) => r.mode), ['none', 'full', 'equal', 'decorrelated', 'proportional']);
  assert.ok(rows.every((r) => !r.library));
  assert.equal(await page.getByTestId('comparison-policy').textContent(), '');
  assert.ok(await page.getByTestId('comparison-policy').isHidden());
  assert.equal(await page.locator('.mode-chart svg .mode-bar').count(), 5);
  await page.getByLabel('Clients', { exact: true }).fill('5');
  await page.getByLabel('Runs', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=sim-status]')?.dataset.state === 'done', null, { timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Contention results' });
  assert.equal(await table.locator('tbody tr[data-mode="library"]').count(), 0);
  assert.ok(await page.getByTestId('sim-library').isHidden());
});

test('at 375 px the library\'s row fits: no sideways scroll, no table scrolling sideways', async () => {
  const { page, context, errors } = await env.openPage(LINK, { viewport: { width: 375, height: 900 } });
  try {
    await page.locator('.modes tbody tr[data-library]').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scroll (overflow ${overflow} px)`);
    const wide = await page.locator('.table-wrap:has(.modes)').evaluate((w) => w.scrollWidth - w.clientWidth);
    assert.ok(wide <= 2, `the comparison does not scroll sideways (${wide} px)`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a library\'s long schedule: the comparison\'s decorrelated mean is made in slices, marked until it is decided', async (t) => {
  // 200 retries: 2,000 runs of them are too many to make at once.
  const query = (factor) => `?lib=urllib3&lib.total=200&lib.backoff_factor=${factor}&seed=7`;
  const line = '[data-testid=comparison-policy]';
  const decided = async (page) => {
    await page.waitForFunction((line) => {
      const text = document.querySelector(line)?.textContent;
      return text && !text.includes('Still deciding');
    }, line, { timeout: 30_000 });
    return (await comparisonRows(page)).find((r) => r.mode === 'decorrelated').expected;
  };
  const { page } = await env.open(t, query('0.5'));
  await decided(page);
  // Watch the line while a field changes: it says the mean is being
  // decided, then it is.
  await page.evaluate((line) => {
    window.__deciding = false;
    const el = document.querySelector(line);
    new MutationObserver(() => {
      if (el.textContent.includes('Still deciding')) window.__deciding = true;
    }).observe(el, { childList: true, subtree: true, characterData: true });
  }, line);
  await page.getByLabel(param('urllib3', 'backoff_factor').label, { exact: true }).fill('0.6');
  const after = await decided(page);
  assert.ok(await page.evaluate(() => window.__deciding), 'the line said the mean was still being decided');
  assert.match(await page.locator(line).textContent(), /^The modes below use base 600 ms/);
  // The same mean as the link opened afresh gives.
  const { page: fresh } = await env.open(t, query('0.6'));
  assert.equal(after, await decided(fresh));
});
