// The first screen answers: a first load shows the page's own defaults,
// named as such, and its state is exactly what choosing that entry sets;
// a preset's note is one sentence with the rest behind a disclosure; at
// 1280 × 900 every policy input, the tiles and the chart are in view
// without scrolling, and at 375 × 812 the result stays in view beside the
// inputs being changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, expectParam } from './harness.mjs';

const env = useBrowser();

const shown = (select) => select.evaluate((s) => s.selectedOptions[0]?.textContent.trim());

/** The policy inputs by accessible name, and the re-roll button. */
const POLICY = ['Preset', 'Base delay (ms)', 'Multiplier', 'Max delay (ms)', 'Max retries', 'Jitter', 'Deadline (ms)'];

/** Top and bottom (px, from the viewport's top) of each policy input, the tiles and the chart. */
async function positions(page) {
  const out = {};
  for (const name of POLICY) {
    out[name] = await page.getByLabel(name, { exact: true }).evaluate((e) => e.getBoundingClientRect().toJSON());
  }
  out['Re-roll jitter'] = await page.getByRole('button', { name: 'Re-roll jitter' }).evaluate((e) => e.getBoundingClientRect().toJSON());
  out.tiles = await page.getByRole('region', { name: 'Summary' }).evaluate((e) => e.getBoundingClientRect().toJSON());
  out.chart = await page.getByRole('img', { name: /Delay per retry/ }).evaluate((e) => e.getBoundingClientRect().toJSON());
  return out;
}

test('a first load shows the page\'s defaults, and choosing them again sets exactly that state', async (t) => {
  const { page } = await env.open(t, '?seed=5');
  const preset = page.getByLabel('Preset', { exact: true });
  await expectParam(page, 'retries', '5');
  assert.equal(await preset.inputValue(), 'defaults');
  assert.equal(await shown(preset), 'This page\'s defaults');
  const first = page.url();
  const q = new URL(first).searchParams;
  // The defaults' link as before: no deadline, Retry-After honoured.
  assert.equal(q.get('deadline'), null);
  assert.equal(q.get('honor'), '1');
  assert.equal(`${q.get('base')} ${q.get('multiplier')} ${q.get('cap')} ${q.get('jitter')}`, '1000 2 32000 full');

  // The Google preset shares the policy but sets its budget and no Retry-After.
  await preset.selectOption({ label: 'Google Cloud Java default (gax ServiceOptions)' });
  await expectParam(page, 'deadline', '50000');
  await expectParam(page, 'honor', '0');
  assert.equal(await shown(preset), 'Google Cloud Java default (gax ServiceOptions)');
  // Another budget is neither the Google default nor the page's: Custom.
  await page.getByLabel('Deadline (ms)', { exact: true }).fill('20000');
  await page.waitForFunction(() => [...document.querySelectorAll('select')]
    .find((s) => s.labels?.[0]?.textContent.trim() === 'Preset')?.selectedOptions[0]?.textContent.trim() === 'Custom');

  // Choosing the defaults again gives back the first load's link, exactly.
  await preset.selectOption({ label: 'This page\'s defaults' });
  await page.waitForFunction((u) => location.href === u, first, { timeout: 5_000 }).catch(() => {});
  assert.equal(page.url(), first, 'the defaults entry sets the first load\'s state');
  assert.equal(await page.getByLabel('Deadline (ms)', { exact: true }).inputValue(), '');
  assert.equal(await page.getByLabel('Honor Retry-After').isChecked(), true);
});

test('a preset\'s note is one sentence; the rest and its sources sit behind a disclosure', async (t) => {
  const { page } = await env.open(t, '?seed=5');
  const note = page.locator('.preset-note');
  // The defaults: one line, no sources to show.
  assert.match(await note.textContent(), /^Not any library's/);
  assert.equal(await note.locator('details').count(), 0);

  await page.getByLabel('Preset', { exact: true }).selectOption({ label: 'curl --retry 5' });
  const details = note.locator('details');
  await details.waitFor();
  assert.equal(await details.evaluate((d) => d.open), false, 'closed at first');
  const visible = await note.evaluate((n) => [...n.childNodes].filter((c) => c.nodeName !== 'DETAILS').map((c) => c.textContent).join('').trim());
  assert.ok(visible.length <= 140, `the visible note is one short sentence: ${visible}`);
  const source = page.getByRole('link', { name: 'curl manual, --retry', exact: true });
  assert.equal(await source.isVisible(), false, 'the source is behind the disclosure');
  // Opened by keyboard.
  await page.locator('.preset-note summary').focus();
  await page.keyboard.press('Enter');
  await source.waitFor();
  assert.match(await details.textContent(), /checked 2026-\d\d-\d\d/);
});

test('at 1280 × 900 every policy input, the tiles and the chart are in view without scrolling', async (t) => {
  const { page } = await env.open(t, '?seed=5', { viewport: { width: 1280, height: 900 } });
  const at = await positions(page);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  const below = Object.entries(at).filter(([, r]) => r.top < 0 || r.bottom > 900 || r.height === 0)
    .map(([name, r]) => `${name}: ${Math.round(r.top)}–${Math.round(r.bottom)}`);
  assert.deepEqual(below, [], 'everything on the first screen');
  // With a preset whose note is long, still all in view.
  await page.getByLabel('Preset', { exact: true }).selectOption({ label: 'Google Cloud Java default (gax ServiceOptions)' });
  await expectParam(page, 'deadline', '50000');
  const again = await positions(page);
  const belowAgain = Object.entries(again).filter(([, r]) => r.bottom > 900).map(([name]) => name);
  assert.deepEqual(belowAgain, [], 'with a library preset too');
});

test('at 375 × 812 the result stays in view beside the input being changed, one tap from the tiles', async (t) => {
  const { page } = await env.open(t, '?seed=5', { viewport: { width: 375, height: 812 } });
  const glance = page.getByRole('link', { name: /Jump to the results/ });
  const inView = (loc) => loc.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  });
  assert.ok(await inView(glance), 'the result is on the first screen');
  // It says what the tiles say.
  const total = (await page.getByTestId('total-wait').locator('.tile-value').textContent()).trim();
  const worst = (await page.getByTestId('range').locator('.tile-value span').last().textContent()).trim();
  assert.ok((await glance.textContent()).startsWith(`${total} this sample, ${worst} worst case, 6 attempts`), await glance.textContent());

  // Change each policy input: the input and the result are both in view.
  for (const [name, value] of [['Max retries', '7'], ['Deadline (ms)', '20000'], ['Base delay (ms)', '500']]) {
    const field = page.getByLabel(name, { exact: true });
    await field.scrollIntoViewIfNeeded();
    await field.fill(value);
    await page.waitForFunction((v) => [...new URL(location.href).searchParams.values()].includes(v), value);
    assert.ok(await inView(field), `${name} in view`);
    assert.ok(await inView(glance), `the result in view while ${name} changes`);
  }
  await page.waitForFunction(() => /, 8 attempts/.test(document.querySelector('a.jump').textContent));

  // One tap to the tiles.
  await glance.click();
  await page.waitForFunction(() => {
    const r = document.querySelector('.tiles').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
});
