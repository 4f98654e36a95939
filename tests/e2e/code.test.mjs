// The retry code section: ARIA tabs, the Honor Retry-After switch, the copy
// button and the `lang` share parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './harness.mjs';
import { langs } from '../manifest.mjs';

const env = useBrowser();

/** Opens the page with clipboard access, once the code tabs are there. */
async function open(t, query) {
  const session = await env.open(t, query, { permissions: ['clipboard-read', 'clipboard-write'] });
  await session.page.getByRole('tab', { name: 'JavaScript' }).waitFor();
  return session;
}

const shown = (page) => page.locator('[role=tabpanel] pre code').textContent();
const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

test('switching tabs, toggling Honor and copying put exactly the shown code on the clipboard', async (t) => {
  const { page } = await open(t, '?seed=1');
  const names = await page.getByRole('tab').allTextContents();
  assert.deepEqual(names, langs.map((l) => l.label));
  assert.equal(await page.getByRole('tab', { name: 'JavaScript' }).getAttribute('aria-selected'), 'true');
  const js = await shown(page);
  assert.match(js, /fetchWithBackoff/);

  const seen = new Set();
  for (const [name, marker, lang] of [
    ['Python', /def request_with_backoff/, 'py'],
    ['Go', /func DoWithBackoff/, 'go'],
    ['bash', /curl/, 'sh'],
    ['Rust', /async fn send_with_backoff/, 'rs'],
    ['TypeScript', /fetchWithBackoff/, 'ts'],
  ]) {
    await page.getByRole('tab', { name }).click();
    await page.waitForFunction((l) => new URL(location.href).searchParams.get('lang') === l, lang);
    const code = await shown(page);
    assert.match(code, marker, name);
    assert.equal(await page.getByRole('tab', { name }).getAttribute('aria-selected'), 'true');
    const panel = page.getByRole('tabpanel');
    assert.equal(await panel.getAttribute('aria-labelledby'), await page.getByRole('tab', { name }).getAttribute('id'));
    await page.getByRole('button', { name: 'Copy code' }).click();
    await page.getByText('Copied.').waitFor();
    assert.equal(await clipboard(page), code, `${name}: the clipboard holds exactly the shown text`);
    seen.add(code);
  }
  assert.equal(seen.size, 5);

  // Honor Retry-After off removes the header handling; on brings it back.
  const honor = page.getByRole('checkbox', { name: 'Honor Retry-After' });
  assert.equal(await honor.isChecked(), true);
  const withHonor = await shown(page);
  assert.match(withHonor, /Retry-After/i);
  await honor.uncheck();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('honor') === '0');
  const without = await shown(page);
  assert.notEqual(without, withHonor);
  await page.getByRole('button', { name: 'Copy code' }).click();
  await page.waitForFunction(async (text) => (await navigator.clipboard.readText()) === text, without);
  await honor.check();
  await page.waitForFunction((text) => document.querySelector('[role=tabpanel] pre code').textContent === text, withHonor);
});

test('the code follows the policy and the link restores tab and switch', async (t) => {
  const { page } = await open(t, '?seed=1&lang=py&honor=0&base=250&retries=3&jitter=equal');
  assert.equal(await page.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected'), 'true');
  assert.equal(await page.getByRole('checkbox', { name: 'Honor Retry-After' }).isChecked(), false);
  const code = await shown(page);
  assert.match(code, /250/);
  assert.match(code, /equal/i);
  await page.getByLabel('Base delay (ms)', { exact: true }).fill('375');
  await page.waitForFunction(() => document.querySelector('[role=tabpanel] pre code').textContent.includes('375'));
  await page.getByText(/python3|pip/).first().waitFor();
});

test('the tabs work with the keyboard alone', async (t) => {
  const { page } = await open(t, '?seed=1&lang=js');
  await page.getByRole('tab', { name: 'JavaScript' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'TypeScript');
  assert.equal(await page.getByRole('tab', { name: 'TypeScript' }).getAttribute('aria-selected'), 'true');
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Rust');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'JavaScript');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Rust');
  await page.keyboard.press('Home');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'JavaScript');
  // Only the selected tab is in the tab order; Tab moves on to the panel's controls.
  const tabIndexes = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.tabIndex));
  assert.deepEqual(tabIndexes, [0, -1, -1, -1, -1, -1]);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.type), 'checkbox');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('honor') === '0');
});

test('the Retry budget checkbox (label, keyboard) puts the bucket in every snippet and the link', async (t) => {
  const { page } = await open(t, '?seed=1');
  const budget = page.getByRole('checkbox', { name: 'Retry budget' });
  assert.equal(await budget.isChecked(), false, 'off by default');
  assert.doesNotMatch(await shown(page), /Retry budget|RETRY_BUDGET/);
  assert.equal(new URL(page.url()).searchParams.get('budget'), null, 'not in the link while off');
  // By keyboard: focus it and press Space.
  await budget.focus();
  await page.keyboard.press('Space');
  assert.equal(await budget.isChecked(), true);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('budget') === '1');
  const header = /Retry budget: .* shares one token bucket of 10 tokens/s;
  for (const { label } of langs) {
    await page.getByRole('tab', { name: label }).click();
    await page.waitForFunction(() => /retryBudgetTokens|RETRY_BUDGET_TOKENS/.test(document.querySelector('[role=tabpanel] pre code').textContent));
    const code = await shown(page);
    // The header comment states both numbers; comment markers may split the lines.
    assert.match(code.replace(/\n(\/\/|#) ?/g, ' '), header, label);
    assert.match(code.replace(/\n(\/\/|#) ?/g, ' '), /puts back 1\/10 of a token \(0\.1/, label);
  }
  // The link brings it back; unchecking takes it out of the code and the link.
  const again = await open(t, new URL(page.url()).search);
  const back = again.page.getByRole('checkbox', { name: 'Retry budget' });
  assert.equal(await back.isChecked(), true);
  assert.match(await shown(again.page), /RETRY_BUDGET_TOKENS|retryBudgetTokens/);
  await back.uncheck();
  await again.page.waitForFunction(() => new URL(location.href).searchParams.get('budget') === null);
  await again.page.waitForFunction(() => !/RETRY_BUDGET|retryBudget/.test(document.querySelector('[role=tabpanel] pre code').textContent));
});

test('the Idempotency-Key option and the deadline go into every snippet and the link', async (t) => {
  const { page } = await open(t, '?seed=1');
  const idem = page.getByLabel('Idempotency-Key header');
  assert.equal(await idem.isChecked(), false, 'off by default');
  assert.doesNotMatch(await shown(page), /Idempotency-Key/);
  assert.doesNotMatch(await shown(page), /DEADLINE_MS/);
  await idem.check();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('idem') === '1');
  await page.getByLabel('Deadline (ms)', { exact: true }).fill('30000');
  for (const name of langs.map((l) => l.label)) {
    await page.getByRole('tab', { name }).click();
    await page.waitForFunction(() => /Idempotency-Key/.test(document.querySelector('[role=tabpanel] pre code').textContent)
      && /30000|30_000|30,000/.test(document.querySelector('[role=tabpanel] pre code').textContent));
  }
  // The link brings both back.
  await page.waitForFunction(() => new URL(location.href).searchParams.get('deadline') === '30000');
  const again = await open(t, new URL(page.url()).search);
  assert.equal(await again.page.getByLabel('Idempotency-Key header').isChecked(), true);
  assert.match(await shown(again.page), /Idempotency-Key/);
});
