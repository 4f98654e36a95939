// Accessibility: axe-core (from node_modules, injected into the page) on the
// whole page in both themes, and every control reached and worked with the
// keyboard alone.
//
// The sections below the first screen mount a frame after the table, so
// they are waited for before anything is checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, axeViolations, rowsWritten } from './harness.mjs';
import { langs } from '../manifest.mjs';

const env = useBrowser();

/** Opens the page; the test fails if it logs an error or leaves its origin. */
const open = env.open;

/** Waits for every section: the tester and the other later parts, the chart. */
async function waitForWholePage(page) {
  await page.getByLabel('Retry-After value', { exact: true }).waitFor();
  await page.locator('svg [data-retry="1"]').waitFor();
  await page.getByLabel('Preset', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Download CSV' }).waitFor();
}

function describe(violations) {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes
    .map((n) => `  - ${n.target}\n    ${n.summary.replace(/\n/g, '\n    ')}`).join('\n')}`).join('\n');
}

// openai-python's preset (proportional jitter, so the factor fields are on
// the page, and its source note), a deadline that marks rows, and a server
// wait.
const EVERYTHING = '?base=500&multiplier=2&cap=8000&retries=2&jitter=proportional&lo=0.75&hi=1'
  + '&seed=42&deadline=1000&serverwait=2:3000';

for (const colorScheme of ['light', 'dark']) {
  test(`axe finds no violations on the whole page, ${colorScheme}`, async (t) => {
    const { page } = await open(t, EVERYTHING, { colorScheme });
    await waitForWholePage(page);
    await page.getByLabel('Low factor', { exact: true }).waitFor();
    await page.getByTestId('deadline-summary').waitFor();
    // The preset's sources, behind the note's disclosure, opened.
    await page.locator('.preset-note summary').click();
    await page.getByRole('link', { name: 'openai/openai-python src/openai/_base_client.py' }).waitFor();
    // A reading in the Retry-After tester, and one field with its message.
    await page.getByLabel('Retry-After value', { exact: true }).fill('120');
    await page.getByTestId('retry-after-result').waitFor();
    // Held to the 1 s deadline, which the Retry-After maximum follows.
    await page.waitForFunction(() => document.querySelector('[data-testid=retry-after-result]').dataset.waitMs === '1000');
    await page.getByLabel('Max delay (ms)', { exact: true }).fill('-1');
    await page.locator('#cap-error').getByText(/./).waitFor();
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, `axe violations in ${colorScheme}:\n${describe(violations)}`);
  });
}

test('axe finds no violations with the defaults and decorrelated jitter', async (t) => {
  const { page } = await open(t, '?seed=42&jitter=decorrelated&retries=8', { viewport: { width: 375, height: 800 } });
  await waitForWholePage(page);
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `axe violations at 375 px:\n${describe(violations)}`);
});

/** What the focused element is: a tag on it, its role and accessible name. */
async function focused(page) {
  const info = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    const style = getComputedStyle(el);
    const ring = (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    return { kb: el.dataset.kb ?? null, tag: el.tagName.toLowerCase(), ring };
  });
  if (!info) return null;
  // Playwright's own role and accessible-name computation; first line only.
  const snapshot = await page.locator(':focus').ariaSnapshot().catch(() => '');
  // The snapshot is YAML: a line with a colon in it comes single-quoted.
  let line = snapshot.split('\n')[0].replace(/^- /, '').replace(/:$/, '');
  if (line.startsWith("'") && line.endsWith("'")) line = line.slice(1, -1).replaceAll("''", "'");
  info.aria = line;
  return info;
}

/** Tags every element that should take keyboard focus, in DOM order. */
async function tagInteractive(page) {
  return page.evaluate(() => {
    const candidates = document.querySelectorAll(
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]');
    const list = [];
    for (const el of candidates) {
      if (el.disabled || el.closest('[inert]') || el.getAttribute('tabindex') === '-1') continue;
      // Inside a closed disclosure only its summary can take focus.
      if (el.tagName !== 'SUMMARY' && el.closest('details:not([open])')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.getClientRects().length === 0) continue;
      el.dataset.kb = String(list.length);
      list.push({ kb: el.dataset.kb, tag: el.tagName.toLowerCase(), text: (el.labels?.[0]?.textContent ?? el.textContent).trim().slice(0, 60) });
    }
    return list;
  });
}

/** Presses Tab from the top until focus leaves the page; returns the stops. */
async function tabThrough(page, limit = 300) {
  await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
  const stops = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (!now) break;
    if (stops.length > 0 && now.kb !== null && now.kb === stops[0].kb) break;
    stops.push(now);
  }
  return stops;
}

test('Tab reaches every control, in page order, each with a name', async (t) => {
  const { page } = await open(t, EVERYTHING);
  await waitForWholePage(page);
  await page.getByLabel('Low factor', { exact: true }).waitFor();
  const expected = await tagInteractive(page);
  const stops = await tabThrough(page);
  const reached = stops.map((s) => s.kb);

  const missed = expected.filter((e) => !reached.includes(e.kb));
  assert.deepEqual(missed, [], 'every control is reached with Tab');
  const strays = stops.filter((s) => s.kb === null);
  assert.deepEqual(strays, [], 'nothing unexpected takes focus');
  assert.deepEqual(reached, expected.map((e) => e.kb), 'Tab follows the page order, each control once');

  for (const s of stops) {
    // A <summary> is a disclosure widget to the browser; Playwright's
    // snapshot gives it no role, only its text.
    assert.match(s.aria, s.tag === 'summary' ? /^text: .+/ : /^[a-z]+ ".+"/, `focused ${s.tag} has a role and a name: ${s.aria}`);
  }
  const names = stops.map((s) => s.aria);
  const at = (pattern) => {
    const i = names.findIndex((n) => pattern.test(n));
    assert.ok(i >= 0, `${pattern} is reached; stops were:\n${names.join('\n')}`);
    return i;
  };
  // A sensible order: the policy top to bottom, then the results, then the tester.
  const order = [
    at(/^combobox "Model"/),
    at(/^combobox "Preset"/),
    at(/^textbox "Base delay \(ms\)"/),
    at(/^textbox "Multiplier"/),
    at(/^textbox "Max delay \(ms\)"/),
    at(/^textbox "Max retries"/),
    at(/^combobox "Jitter"/),
    at(/^textbox "Low factor"/),
    at(/^textbox "High factor"/),
    at(/^combobox "Cap applies"/),
    at(/^textbox "Deadline \(ms\)"/),
    at(/^button "Re-roll jitter"/),
    at(/^region "Retry schedule"/),
    at(/^button "Copy as Markdown"/),
    at(/^button "Download CSV"/),
    at(/^textbox "Retry-After value"/),
    at(/^textbox "Max Retry-After \(ms\)"/),
  ];
  assert.deepEqual(order, [...order].sort((a, b) => a - b), `controls in a sensible order:\n${names.join('\n')}`);
  // The preset's sources sit behind its note's disclosure, whose summary
  // is reached right after the select.
  assert.equal(at(/^text: Details and sources/), at(/^combobox "Preset"/) + 1);

  // Focus is visible at every stop: an outline or a box-shadow ring.
  const unringed = stops.filter((s) => !s.ring).map((s) => s.aria);
  assert.deepEqual(unringed, [], 'every focused control shows a focus ring');
});

test('the policy is set and re-rolled with the keyboard alone', async (t) => {
  const { page } = await open(t, '?seed=42');
  await waitForWholePage(page);
  const rowsText = async () => {
    await rowsWritten(page);
    return page.getByRole('table', { name: 'Retry schedule' }).locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.dataset.ms ?? `${td.dataset.minMs}-${td.dataset.maxMs}`).join(' ')));
  };
  const seed = () => new URL(page.url()).searchParams.get('seed');

  /** Tabs from the top until the control named `name` has focus. */
  async function tabTo(pattern) {
    await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
    for (let i = 0; i < 100; i += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (now && pattern.test(now.aria)) return;
    }
    assert.fail(`Tab never reached ${pattern}`);
  }

  // Max retries: select what is there and type over it.
  await tabTo(/^textbox "Max retries"/);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('3');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('retries') === '3');
  assert.equal((await rowsText()).length, 3);

  // Jitter: ArrowDown on the focused select moves Full to Equal.
  const before = await rowsText();
  await tabTo(/^combobox "Jitter"/);
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('jitter') === 'equal');
  assert.equal(await page.getByLabel('Jitter', { exact: true }).inputValue(), 'equal');
  const equal = await rowsText();
  assert.notDeepEqual(equal, before, 'the table changed with the jitter');
  assert.match(equal[0], / 500-1000 /, 'equal jitter: retry 1 ranges 500–1,000 ms');

  // Re-roll with Space, then with Enter.
  await tabTo(/^button "Re-roll jitter"/);
  const s0 = seed();
  await page.keyboard.press('Space');
  await page.waitForFunction((s0) => new URL(location.href).searchParams.get('seed') !== s0, s0);
  const s1 = seed();
  assert.notDeepEqual(await rowsText(), equal, 'Space drew a new sample');
  await page.keyboard.press('Enter');
  await page.waitForFunction((s1) => new URL(location.href).searchParams.get('seed') !== s1, s1);

  // Preset: ArrowDown from Custom picks the first entry, the page's defaults.
  await tabTo(/^combobox "Preset"/);
  assert.equal(await page.getByLabel('Preset', { exact: true }).inputValue(), '');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('retries') === '5');
  assert.equal(await page.getByLabel('Max retries', { exact: true }).inputValue(), '5');

  // Deadline typed by keyboard marks the rows.
  await tabTo(/^textbox "Deadline \(ms\)"/);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('20000');
  await page.getByTestId('deadline-summary').waitFor();

  // A Retry-After sample button with Enter fills the tester.
  await tabTo(/^button "Seconds: 120"/);
  await page.keyboard.press('Enter');
  // Held to the 20 s deadline typed above, which the maximum follows.
  await page.waitForFunction(() => document.querySelector('[data-testid=retry-after-result]')?.dataset.waitMs === '20000');
  assert.equal(await page.getByLabel('Retry-After value', { exact: true }).inputValue(), '120');

  // The schedule's scroll region scrolls with the arrow keys when it overflows.
  await tabTo(/^region "Retry schedule"/);
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('role')), 'region');
});

/** Puts an IMF-fixdate 90 s ahead in the tester and waits for its reading. */
async function showDateReading(page) {
  await page.getByRole('button', { name: 'IMF-fixdate, 90 s ahead' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=retry-after-result]')?.dataset.form === 'imf-fixdate');
  await page.getByTestId('retry-after-result').getByRole('timer').waitFor();
}

test('axe finds no violations with a date reading, a server wait, the comparison and every code tab', async (t) => {
  const { page } = await open(t, EVERYTHING);
  await waitForWholePage(page);
  await showDateReading(page);
  // Apply the date's wait to retry 1: the server-wait note shows.
  await page.getByRole('button', { name: /^Apply to retry 1\b/ }).click();
  await page.getByTestId('server-wait-note').waitFor();
  await page.getByRole('table', { name: 'Mode comparison' }).waitFor();
  for (const tab of langs.map((l) => l.label)) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForFunction((tab) => document.querySelector(`[role=tab][aria-selected=true]`)?.textContent.trim() === tab, tab);
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, `axe violations with the ${tab} tab:\n${describe(violations)}`);
  }
});

test('with a date reading showing, Tab still meets only named controls', async (t) => {
  const { page } = await open(t, EVERYTHING);
  await waitForWholePage(page);
  await showDateReading(page);
  // Start Tab from the top, not from the example button just clicked.
  await page.mouse.click(2, 2);
  const expected = await tagInteractive(page);
  const stops = await tabThrough(page);
  assert.deepEqual(stops.filter((s) => s.kb === null), [], 'nothing unexpected takes focus');
  assert.deepEqual(stops.map((s) => s.kb), expected.map((e) => e.kb), 'each control once, in page order');
  for (const s of stops) {
    // A <summary> is a disclosure widget to the browser; Playwright's
    // snapshot gives it no role, only its text.
    assert.match(s.aria, s.tag === 'summary' ? /^text: .+/ : /^[a-z]+ ".+"/, `focused ${s.tag} has a role and a name: ${s.aria}`);
  }
});
