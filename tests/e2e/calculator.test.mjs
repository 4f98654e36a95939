// What a person does with the calculator, in a real headless Chromium
// against the release build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, tile, rows } from './harness.mjs';

const env = useBrowser();

/** Opens the page; the test fails if it logs an error or leaves its origin. */
const open = env.open;

test('the defaults show the check values of docs/schedule.md', async (t) => {
  const { page } = await open(t, '?seed=42');
  const table = await rows(page);
  assert.deepEqual(table.map((r) => [r.min, r.max]), [[0, 1000], [0, 2000], [0, 4000], [0, 8000], [0, 16000]]);
  assert.deepEqual(table.map((r) => r.expected), [500, 1000, 2000, 4000, 8000]);
  for (const r of table) assert.ok(r.sample >= r.min && r.sample <= r.max, `sample in range: ${r.text}`);
  assert.equal((await tile(page, 'range')).minMs, '0');
  assert.equal((await tile(page, 'range')).maxMs, '31000');
  assert.equal((await tile(page, 'expected-total')).ms, '15500');
  assert.equal((await tile(page, 'attempts')).count, '6');
  assert.match((await tile(page, 'range')).text, /0 ms – 31\.0 s/);
  assert.match((await tile(page, 'expected-total')).text, /15\.5 s/);
  const total = table.reduce((s, r) => s + r.sample, 0);
  assert.ok(Math.abs(Number((await tile(page, 'total-wait')).ms) - total) < 1e-6);
  await assert.doesNotReject(page.getByText(/This sample waits .* in total over 6 attempts; expected total 15\.5 s\./).waitFor());
  // Labels and headers are the page's contract.
  for (const name of ['Base delay (ms)', 'Multiplier', 'Max delay (ms)', 'Max retries']) {
    await page.getByLabel(name, { exact: true }).waitFor();
  }
  for (const name of ['Retry', 'Sampled delay', 'Min – max', 'Expected', 'Cumulative wait']) {
    await page.getByRole('columnheader', { name, exact: true }).waitFor();
  }
  await page.getByRole('combobox', { name: 'Jitter' }).waitFor();
  await page.getByRole('button', { name: 'Re-roll jitter' }).waitFor();
});

test('no jitter gives 1, 2, 4, 8, 16 s and the cap badge once the cap is reached', async (t) => {
  const { page } = await open(t, '?jitter=none&retries=8');
  const table = await rows(page);
  assert.deepEqual(table.map((r) => r.sample), [1000, 2000, 4000, 8000, 16000, 32000, 32000, 32000]);
  assert.deepEqual(table.map((r) => r.capped), [false, false, false, false, false, true, true, true]);
  assert.match(table[1].text, /2,000 ms \(2\.00 s\)/);
});

test('changing each input updates the table and the tiles', async (t) => {
  const { page } = await open(t, '?seed=7');
  const historyLength = await page.evaluate(() => history.length);
  await page.getByLabel('Max retries', { exact: true }).fill('3');
  await page.waitForFunction(() => document.querySelectorAll('table.schedule tbody tr').length === 3);
  assert.equal((await tile(page, 'attempts')).count, '4');

  await page.getByLabel('Base delay (ms)', { exact: true }).fill('500');
  await page.waitForFunction(() => document.querySelector('[data-testid=range]').dataset.maxMs === '3500');
  assert.equal((await tile(page, 'expected-total')).ms, '1750');

  await page.getByLabel('Multiplier', { exact: true }).fill('3');
  await page.waitForFunction(() => document.querySelector('[data-testid=range]').dataset.maxMs === String(500 + 1500 + 4500));

  await page.getByLabel('Max delay (ms)', { exact: true }).fill('2000');
  await page.waitForFunction(() => document.querySelector('[data-testid=range]').dataset.maxMs === String(500 + 1500 + 2000));
  assert.deepEqual((await rows(page)).map((r) => r.capped), [false, false, true]);

  await page.getByLabel('Jitter', { exact: true }).selectOption({ label: 'Equal' });
  await page.waitForFunction(() => document.querySelector('[data-testid=range]').dataset.minMs === String((500 + 1500 + 2000) / 2));
  assert.equal((await tile(page, 'expected-total')).ms, String(0.75 * 4000));

  await page.getByLabel('Jitter', { exact: true }).selectOption({ label: 'None' });
  await page.waitForFunction(() => document.querySelector('[data-testid=total-wait]').dataset.ms === '4000');

  await page.getByLabel('Jitter', { exact: true }).selectOption({ label: 'Decorrelated' });
  await page.getByTestId('expected-total').getByText('mean of simulated runs').waitFor();
  const table = await rows(page);
  assert.deepEqual(table.map((r) => [r.min, r.max]), [[500, 1500], [500, 2000], [500, 2000]]);
  for (const r of table) assert.ok(r.expected >= r.min && r.expected <= r.max);

  // Every change is in the link, replaced in place once typing pauses.
  await page.waitForFunction(() => new URL(location.href).searchParams.get('jitter') === 'decorrelated');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('base'), '500');
  assert.equal(url.searchParams.get('multiplier'), '3');
  assert.equal(url.searchParams.get('cap'), '2000');
  assert.equal(url.searchParams.get('retries'), '3');
  assert.equal(url.searchParams.get('jitter'), 'decorrelated');
  assert.equal(await page.evaluate(() => history.length), historyLength, 'no history entries added');
});

test('re-roll draws a new sample and its link reproduces it', async (t) => {
  const { page } = await open(t, '?seed=100&retries=6');
  const first = await rows(page);
  await page.getByRole('button', { name: 'Re-roll jitter' }).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('seed') === '101');
  const second = await rows(page);
  assert.notDeepEqual(second.map((r) => r.sample), first.map((r) => r.sample));
  const link = page.url();
  const total = (await tile(page, 'total-wait')).ms;

  const other = await open(t, link.slice(env.origin.length + 1));
  assert.deepEqual((await rows(other.page)).map((r) => r.sample), second.map((r) => r.sample));
  assert.equal((await tile(other.page, 'total-wait')).ms, total);
  assert.equal(other.page.url(), link);
});

const invalid = [
  ['Base delay (ms)', '', 'Enter a value.'],
  ['Base delay (ms)', '-1', 'Enter 0 or more.'],
  ['Base delay (ms)', '1.5', 'Enter a whole number.'],
  ['Base delay (ms)', 'abc', 'Enter a number, like 1000.'],
  ['Base delay (ms)', '1e400', 'Enter at most 1,000,000,000,000.'],
  ['Max delay (ms)', '-1', 'Enter 0 or more.'],
  ['Max delay (ms)', '1.5', 'Enter a whole number.'],
  ['Max delay (ms)', '', 'Enter a value.'],
  ['Max retries', '1.5', 'Enter a whole number.'],
  ['Max retries', '-1', 'Enter 0 or more.'],
  ['Max retries', 'abc', 'Enter a number, like 1000.'],
  ['Max retries', '1e400', 'Enter at most 1,000.'],
  ['Multiplier', '11', 'Enter at most 10.'],
  ['Multiplier', '0.5', 'Enter 1 or more.'],
  ['Multiplier', 'abc', 'Enter a number, like 1000.'],
  ['Multiplier', '1e400', 'Enter at most 10.'],
  ['Multiplier', '', 'Enter a value.'],
];

test('invalid input shows a message and keeps the last valid schedule', async (t) => {
  const { page } = await open(t, '?seed=5');
  const before = await rows(page);
  const range = await tile(page, 'range');
  for (const [label, value, message] of invalid) {
    const input = page.getByLabel(label, { exact: true });
    const original = await input.inputValue();
    await input.fill(value);
    const describedBy = await input.getAttribute('aria-describedby');
    assert.ok(describedBy?.includes('-error'), `${label}=${value} is described by its message`);
    const error = page.locator(`#${describedBy.split(' ').find((id) => id.endsWith('-error'))}`);
    assert.equal((await error.textContent()).trim(), message, `${label}=${JSON.stringify(value)}`);
    assert.equal(await input.getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await rows(page), before, `schedule kept for ${label}=${value}`);
    assert.deepEqual(await tile(page, 'range'), range);
    await input.fill(original);
    await page.waitForFunction((id) => document.getElementById(id).textContent === '', describedBy.split(' ').find((id) => id.endsWith('-error')));
  }
  // Still working afterwards.
  await page.getByLabel('Max retries', { exact: true }).fill('2');
  await page.waitForFunction(() => document.querySelectorAll('table.schedule tbody tr').length === 2);
});

test('bad link parameters are ignored with a visible notice', async (t) => {
  const { page } = await open(t, '?base=abc&multiplier=11&jitter=wild&retries=3&seed=9');
  const notice = page.getByTestId('link-notices');
  await notice.waitFor();
  const text = await notice.textContent();
  for (const key of ['base=', 'multiplier=', 'jitter=']) assert.ok(text.includes(key), `notice names ${key}`);
  assert.equal((await rows(page)).length, 3);
  assert.equal((await tile(page, 'range')).maxMs, '7000');
  assert.equal(await page.getByLabel('Base delay (ms)', { exact: true }).inputValue(), '1000');
});
