// From numbers to a decision: the mode comparison, the deadline fit, the
// link button, the stale marker and the edge states of the server wait
// and of the fields, in a real headless Chromium against the release build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, expectParam, expectUrl } from './harness.mjs';
import { jitters } from '../manifest.mjs';

const env = useBrowser();

/** Opens the page; the test fails if it logs an error or leaves its origin. */
const open = env.open;
const input = (page, name) => page.getByLabel(name, { exact: true });

/** The comparison table's rows as { mode, worst, expected, text }. */
async function modeRows(page) {
  // The comparison comes with the rest of the page, after the first screen.
  const body = page.getByRole('table', { name: 'Mode comparison' }).locator('tbody tr');
  await body.first().waitFor();
  return body.evaluateAll((trs) => trs.map((tr) => ({
    mode: tr.dataset.mode,
    worst: Number(tr.querySelector('[data-worst-ms]').dataset.worstMs),
    expected: Number(tr.querySelector('[data-expected-ms]').dataset.expectedMs),
    text: tr.textContent,
  })));
}

test('the comparison lays every mode side by side, and choosing one switches the policy', async (t) => {
  const { page } = await open(t, '?seed=42');
  await page.getByRole('table', { name: 'Mode comparison' }).waitFor();
  const rows = await modeRows(page);
  assert.deepEqual(rows.map((r) => r.mode), jitters.map((j) => j.value));
  const by = Object.fromEntries(rows.map((r) => [r.mode, r]));
  // 1 + 2 + 4 + 8 + 16 s: the worst case of none, full and equal alike.
  assert.deepEqual([by.none.worst, by.full.worst, by.equal.worst], [31000, 31000, 31000]);
  assert.deepEqual([by.none.expected, by.full.expected, by.equal.expected], [31000, 15500, 23250]);
  // Decorrelated: min(cap, base × 3^k) = 3, 9, 27, 32, 32 s.
  assert.equal(by.decorrelated.worst, 103000);
  assert.ok(by.decorrelated.expected > 0 && by.decorrelated.expected < 103000);
  assert.match(by.decorrelated.text, /simulated/);
  // Proportional with its default factors 0.8–1.2, cap before the factor.
  assert.ok(Math.abs(by.proportional.worst - 37200) < 1e-6);
  assert.match(by.proportional.text, /0\.8–1\.2/);
  // The study's finding for each mode, with its source.
  assert.match(by.full.text, /least work/);
  assert.match(by.proportional.text, /Not in the study/);
  await page.getByRole('link', { name: /Exponential Backoff And Jitter, 2015/ }).first().waitFor();

  // The modes share one axis: one bar per mode in one chart.
  assert.equal(await page.locator('.mode-chart svg .mode-bar').count(), 5);

  // The table's expected total for the chosen mode matches the tiles.
  assert.equal(Number(await page.getByTestId('expected-total').getAttribute('data-ms')), by.full.expected);

  // Choosing a row switches the policy to that mode.
  await page.getByRole('button', { name: 'Decorrelated', exact: true }).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('jitter') === 'decorrelated');
  assert.equal(await input(page, 'Jitter').inputValue(), 'decorrelated');
  // The row in use says so, in its name too.
  assert.equal(await page.getByRole('button', { name: 'Decorrelated (in use)' }).getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('.modes tr.current').getAttribute('data-mode'), 'decorrelated');
  assert.equal(await page.locator('.mode-chart .mode-bar.current').count(), 1);
  // From the keyboard: the chosen button keeps the focus.
  await page.getByRole('button', { name: 'Equal', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('jitter') === 'equal');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.mode), 'equal');
  assert.equal(await page.getByRole('button', { name: 'Decorrelated', exact: true }).getAttribute('aria-pressed'), 'false');
  await page.getByRole('button', { name: 'Decorrelated', exact: true }).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('jitter') === 'decorrelated');
  assert.equal(Number(await page.getByTestId('range').getAttribute('data-max-ms')), 103000);
  assert.equal(Number(await page.getByTestId('expected-total').getAttribute('data-ms')), by.decorrelated.expected);
});

test('the comparison follows base, cap and retries', async (t) => {
  const { page } = await open(t, '?seed=42');
  await input(page, 'Max retries').fill('3');
  await page.waitForFunction(() => document.querySelector('tr[data-mode=none] [data-worst-ms]')?.dataset.worstMs === '7000');
  await input(page, 'Max delay (ms)').fill('2000');
  await page.waitForFunction(() => document.querySelector('tr[data-mode=none] [data-worst-ms]')?.dataset.worstMs === '5000');
  const rows = await modeRows(page);
  // Decorrelated: min(2000, 3000) each time.
  assert.equal(rows.find((r) => r.mode === 'decorrelated').worst, 6000);
});

test('the comparison is updated in place, to the markup a fresh page writes', async (t) => {
  const { page } = await open(t, '?seed=42&jitter=proportional');
  await page.getByRole('table', { name: 'Mode comparison' }).locator('tbody tr').first().waitFor();
  const mark = () => page.evaluate(() => {
    for (const el of [document.querySelector('.modes tbody tr'), document.querySelector('.mode-chart svg .mode-bar')]) el.dataset.kept = '1';
  });
  await mark();
  await input(page, 'Max retries').fill('3');
  await input(page, 'Max delay (ms)').fill('2000');
  await input(page, 'Base delay (ms)').fill('700');
  await input(page, 'Low factor').fill('0.5');
  await page.waitForFunction(() => document.querySelector('tr[data-mode=none] [data-worst-ms]')?.dataset.worstMs === '4100');
  await page.getByRole('button', { name: 'Proportional ×0.5–1.2 (in use)' }).waitFor();
  // Another mode in use: marked on the same rows and bars.
  await page.getByRole('button', { name: 'Equal', exact: true }).click();
  await page.getByRole('button', { name: 'Equal (in use)' }).waitFor();
  // The same rows and bars, not new ones.
  const kept = await page.evaluate(() => [...document.querySelectorAll('[data-kept]')].map((el) => el.tagName.toLowerCase()));
  assert.deepEqual(kept, ['tr', 'g']);
  await page.evaluate(() => document.querySelectorAll('[data-kept]').forEach((el) => delete el.dataset.kept));
  // Written in place, they read exactly as a page opened on these inputs writes them.
  const markup = (p) => p.evaluate(() => [document.querySelector('.modes tbody').innerHTML, document.querySelector('.mode-chart svg').innerHTML]);
  const fresh = await open(t, '?seed=42&jitter=equal&retries=3&cap=2000&base=700&lo=0.5');
  await fresh.page.getByRole('table', { name: 'Mode comparison' }).locator('tbody tr').first().waitFor();
  assert.deepEqual(await markup(page), await markup(fresh.page));
});

test('a deadline says the largest cap that fits, and Use cap applies it', async (t) => {
  // Found by a person: five retries into 30 s were offered a 15 s cap,
  // whose waits alone take the 30 s, while the sentence beside it said the
  // six attempts' 10 s timeouts do not fit. The fit counts them too.
  const first = await open(t, '?seed=42&deadline=30000');
  const firstFit = first.page.getByTestId('deadline-fit');
  await firstFit.waitFor();
  assert.equal(await firstFit.getAttribute('data-max-cap-ms'), null);
  assert.match(await firstFit.textContent(), /^No cap keeps the waits and every attempt's timeout within the 30\.0 s deadline; at the current cap, 1 retry fits\./);
  assert.equal(await first.page.getByRole('button', { name: /^Use cap/ }).count(), 0);
  // The sentence above it says the same: 2 attempts (1 retry) in full.
  assert.equal(await first.page.getByTestId('deadline-summary').getAttribute('data-attempts-fit'), '2');

  // With 1 s attempts, six of them leave 30 s of a 36 s deadline to the
  // waits: 1 + 2 + 4 + 8 + 16 = 31 s does not fit; a 15,000 ms cap gives
  // 1 + 2 + 4 + 8 + 15 = 30 s, which does.
  const { page } = await open(t, '?seed=42&deadline=36000&timeout=1000');
  const fit = page.getByTestId('deadline-fit');
  await fit.waitFor();
  assert.equal(await fit.getAttribute('data-max-cap-ms'), '15000');
  assert.equal(await fit.getAttribute('data-max-retries'), '4');
  assert.match(await fit.textContent(), /15,000 ms/);
  await page.getByRole('button', { name: 'Use cap 15,000 ms (15.0 s)' }).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('cap') === '15000');
  assert.equal(await input(page, 'Max delay (ms)').inputValue(), '15000');
  assert.equal(await page.getByTestId('range').getAttribute('data-max-ms'), '30000');
  await page.waitForFunction(() => document.querySelector('[data-testid=deadline-fit]').dataset.maxRetries === '5');
  assert.equal(await page.getByRole('button', { name: /^Use cap/ }).count(), 0, 'no button once the cap is the one that fits');
  assert.match(await page.getByTestId('deadline-summary').textContent(), /worst case fits/);
  assert.equal(await page.getByTestId('deadline-summary').getAttribute('data-timeouts-fit'), 'true');

  // Without a deadline there is nothing to fit.
  await input(page, 'Deadline (ms)').fill('');
  await fit.waitFor({ state: 'detached' });
});

test('the deadline fit is exact for proportional jitter with the cap after the factor', async (t) => {
  // Resilience4j-like: 500 ms × 1.5^n × U(0.5, 1.5), cap after the factor.
  // Five attempts of up to 100 ms leave 4,500 ms of the 5 s deadline to the waits.
  const { page } = await open(t, '?base=500&multiplier=1.5&cap=100000&retries=4&jitter=proportional&lo=0.5&hi=1.5&capafter=1&deadline=5000&timeout=100&seed=1');
  const fit = page.getByTestId('deadline-fit');
  await fit.waitFor();
  const cap = Number(await fit.getAttribute('data-max-cap-ms'));
  // Worst case = Σ min(cap, 1.5 × 500 × 1.5^n) for n = 0..3: the found cap fits, one more ms does not.
  const worst = (c) => [0, 1, 2, 3].reduce((sum, n) => sum + Math.min(c, 1.5 * 500 * 1.5 ** n), 0);
  assert.ok(cap > 0 && worst(cap) <= 4500 && worst(cap + 1) > 4500, `cap ${cap}: ${worst(cap)} fits, ${worst(cap + 1)} does not`);
});

test('Copy link copies the page\'s full URL', async (t) => {
  const { page } = await open(t, '?seed=42&jitter=equal&retries=7', { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.waitForFunction(async () => (await navigator.clipboard.readText()).length > 0);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await expectUrl(page, copied, 'the copied link is the page\'s own');
  const q = new URL(copied).searchParams;
  assert.deepEqual([q.get('seed'), q.get('jitter'), q.get('retries')], ['42', 'equal', '7']);
  // The copied link reproduces the same sample.
  const again = await open(t, new URL(copied).search);
  assert.equal(await again.page.getByTestId('total-wait').getAttribute('data-ms'), await page.getByTestId('total-wait').getAttribute('data-ms'));
});

test('while an entry is refused, the results and the code say which value they use', async (t) => {
  const { page } = await open(t, '?seed=42&base=700');
  assert.equal(await page.getByTestId('stale-note').count(), 0);
  await input(page, 'Base delay (ms)').fill('abc');
  const notes = page.getByTestId('stale-note');
  // The code follows once typing pauses, so its note comes a moment later.
  await notes.nth(1).waitFor();
  assert.equal(await notes.count(), 2, 'one note on the results, one on the code');
  for (const text of await notes.allTextContents()) assert.match(text, /Base delay \(ms\) 700/);
  assert.match((await notes.allTextContents()).join(' '), /These results/);
  assert.match((await notes.allTextContents()).join(' '), /This code/);
  await input(page, 'Max retries').fill('-2');
  await page.waitForFunction(() => document.querySelector('[data-testid=stale-note]').textContent.includes('Max retries 5'));
  await input(page, 'Base delay (ms)').fill('700');
  await input(page, 'Max retries').fill('5');
  await notes.first().waitFor({ state: 'detached' });
});

test('a server wait says what it means when the inputs move away from it', async (t) => {
  const { page } = await open(t, '?jitter=none&seed=1&serverwait=4:120000');
  const total = () => page.getByTestId('total-wait').getAttribute('data-ms');
  const note = page.getByTestId('server-wait-note');
  assert.equal(await total(), String(1000 + 2000 + 4000 + 120000 + 16000));
  assert.match(await note.textContent(), /Retry 4 waits the server's 120,000 ms/);

  // Fewer retries than the wait's retry: out of the schedule, and said so.
  await input(page, 'Max retries').fill('2');
  await page.waitForFunction(() => document.querySelector('[data-testid=total-wait]').dataset.ms === '3000');
  assert.match(await note.textContent(), /not in the schedule: the policy has fewer retries/);
  assert.equal(await page.locator('table.schedule .badge.server').count(), 0);
  await input(page, 'Max retries').fill('5');
  await page.waitForFunction(() => document.querySelector('[data-testid=total-wait]').dataset.ms === '143000');

  // A lower Retry-After maximum cuts the wait, everywhere.
  await input(page, 'Max Retry-After (ms)').fill('1000');
  await page.waitForFunction(() => document.querySelector('[data-testid=total-wait]').dataset.ms === String(1000 + 2000 + 4000 + 1000 + 16000));
  assert.match(await note.textContent(), /cut to Max Retry-After/);
  assert.equal(await page.locator('svg [data-retry="4"]').evaluate((g) => g.classList.contains('server')), true);
  await input(page, 'Max Retry-After (ms)').fill('600000');

  // Honor Retry-After off: the code will not read the header, so neither does the schedule.
  await page.getByLabel('Honor Retry-After').uncheck();
  await page.waitForFunction(() => document.querySelector('[data-testid=total-wait]').dataset.ms === '31000');
  assert.match(await note.textContent(), /Honor Retry-After is off/);
  assert.equal(await page.locator('svg [data-retry="4"]').evaluate((g) => g.classList.contains('server')), false);
  await page.getByLabel('Honor Retry-After').check();
  await page.waitForFunction(() => document.querySelector('[data-testid=total-wait]').dataset.ms === '143000');
});

test('choosing a preset replaces a refused entry even when the value is the same', async (t) => {
  const { page } = await open(t, '?seed=42&base=700');
  const base = input(page, 'Base delay (ms)');
  await base.fill('abc');
  await page.locator('#base-error').getByText(/./).waitFor();
  // Its base is 1000 ms, like the page's defaults.
  await input(page, 'Preset').selectOption({ label: 'Google Cloud Java default (gax ServiceOptions)' });
  await page.waitForFunction(() => document.getElementById('base').value === '1000');
  assert.equal(await base.getAttribute('aria-invalid'), 'false');
  assert.equal(await page.locator('#base-error').textContent(), '');
});

test('a High factor below the Low factor marks both fields', async (t) => {
  const { page } = await open(t, '?seed=42&jitter=proportional&lo=0.8&hi=1.2');
  await input(page, 'High factor').fill('0.5');
  await page.waitForFunction(() => document.getElementById('hi').getAttribute('aria-invalid') === 'true');
  assert.equal(await input(page, 'Low factor').getAttribute('aria-invalid'), 'true');
  assert.match(await page.locator('#hi-error').textContent(), /lowest factor must not be above the highest/);
  await input(page, 'High factor').fill('1.5');
  await page.waitForFunction(() => document.getElementById('lo').getAttribute('aria-invalid') === 'false');
  await expectParam(page, 'hi', '1.5');
});

test('a huge refused link parameter is quoted short and the page does not scroll sideways', async (t) => {
  const huge = 'x'.repeat(100_000);
  const { page } = await open(t, `?seed=42&base=${huge}`);
  const notice = page.getByTestId('link-notices');
  await notice.waitFor();
  const text = await notice.textContent();
  assert.ok(text.length < 400, `the notice is short (${text.length} characters)`);
  assert.match(text, /Ignored base="x{40}…"/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scroll (${overflow} px)`);
});
