// Retry code that is safe to paste, as the page shows it: the attempt
// timeout goes into the code and the link, and the deadline section holds
// the worst case with every attempt running to it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, expectParam } from './harness.mjs';

const env = useBrowser();

test('the attempt timeout goes into the code and the link, and the deadline counts it', async (t) => {
  // No jitter: waits of 1, 2, 4, 8 and 16 s (31 s), 6 attempts.
  const { page } = await env.open(t, '?seed=42&jitter=none&deadline=30000&lang=py');
  const line = page.getByTestId('deadline-summary');
  await line.waitFor();
  // 6 × 10 s + 31 s = 91 s; 10 s, then 1 + 10 s fit 30 s, a third would not.
  assert.equal(await line.getAttribute('data-timeouts-fit'), 'false');
  assert.equal(await line.getAttribute('data-attempts-fit'), '2');
  assert.match(await line.textContent(), /its 10\.0 s timeout, the worst case is 91\.0 s \(6 attempts/);
  const code = () => page.locator('#code-panel pre code').textContent();
  await page.waitForFunction(() => /ATTEMPT_TIMEOUT_MS = 10000/.test(document.querySelector('#code-panel pre code')?.textContent));

  // 2 s per attempt: 6 × 2 + 31 = 43 s, past 30 s (5 attempts fit: the
  // fifth ends at 5 × 2 + 15 = 25 s); at 60 s it all fits.
  await page.getByLabel('Attempt timeout (ms)', { exact: true }).fill('2000');
  await page.waitForFunction(() => document.querySelector('[data-testid="deadline-summary"]')?.dataset.attemptsFit === '5');
  await page.waitForFunction(() => /ATTEMPT_TIMEOUT_MS = 2000/.test(document.querySelector('#code-panel pre code')?.textContent));
  // Python's requests bounds the connect and each read, and the header says so.
  assert.match(await code(), /Each attempt's connect, and each read of its answer, may wait at most 2,000/);
  await expectParam(page, 'timeout', '2000');
  await page.getByLabel('Deadline (ms)', { exact: true }).fill('60000');
  await page.waitForFunction(() => document.querySelector('[data-testid="deadline-summary"]')?.dataset.timeoutsFit === 'true');

  // A refused timeout says why beside the field, and the last valid one stays.
  await page.getByLabel('Attempt timeout (ms)', { exact: true }).fill('0');
  await page.locator('#attempt-timeout-error').getByText(/./).waitFor();
  assert.match(await code(), /ATTEMPT_TIMEOUT_MS = 2000/);
});

test('a library has no attempt timeout sentence: its own config has no such setting', async (t) => {
  const { page } = await env.open(t, '?seed=42&deadline=30000&lib=urllib3');
  const line = page.getByTestId('deadline-summary');
  await line.waitFor();
  assert.equal(await line.getAttribute('data-timeouts-fit'), null);
  assert.doesNotMatch(await line.textContent(), /timeout/);
});
