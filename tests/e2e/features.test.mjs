// The features beyond the plain calculator, in a real headless Chromium
// against the release build: the chart, the presets, the caller's deadline,
// the server's wait in the schedule and the export buttons.
//
// The sections below the first screen mount a frame after the table, so
// every element is waited for, never assumed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { useBrowser, expectParam, expectUrl, rowsWritten } from './harness.mjs';
import { jitters, presets, defaults } from '../manifest.mjs';

const env = useBrowser();

/** Opens the page; the test fails if it logs an error or leaves its origin. */
const open = env.open;

/** Every body row of the schedule, with the exact attributes as written. */
async function scheduleRows(page) {
  await rowsWritten(page);
  return page.getByRole('table', { name: 'Retry schedule' }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => {
    const th = tr.querySelector('th');
    const cells = [...tr.querySelectorAll('td')];
    const badges = [...th.querySelectorAll('span')].map((s) => s.textContent.trim());
    return {
      retry: Number.parseInt(th.textContent, 10),
      badges,
      sample: cells[0].dataset.ms,
      min: cells[1].dataset.minMs,
      max: cells[1].dataset.maxMs,
      expected: cells[2].dataset.ms,
      cumulative: cells[3].dataset.ms,
      texts: cells.map((c) => c.textContent.trim()),
    };
  }));
}

/** The chart's marks: data-retry and the geometry of everything inside. */
async function chartMarks(page) {
  return page.locator('svg [data-retry]').evaluateAll((marks) => marks.map((m) => ({
    retry: m.getAttribute('data-retry'),
    shape: [m, ...m.querySelectorAll('*')]
      .map((el) => [...el.attributes].filter((a) => a.name !== 'class').map((a) => `${a.name}=${a.value}`).join(' '))
      .join(' | '),
  })));
}

/** Waits until the chart shows exactly `n` marks and the table `n` rows. */
async function waitForMarks(page, n) {
  await page.waitForFunction((n) => {
    const marks = document.querySelectorAll('svg [data-retry]').length;
    const table = [...document.querySelectorAll('table')].find((t) => t.caption?.textContent.trim() === 'Retry schedule');
    return marks === n && table?.tBodies[0].rows.length === n;
  }, n);
}


test('the chart has one mark per retry and redraws on re-roll and on Max retries', async (t) => {
  const { page } = await open(t, '?seed=42');
  await page.locator('svg [data-retry="1"]').waitFor();
  const rowCount = (await scheduleRows(page)).length;
  assert.equal(rowCount, 5);
  await waitForMarks(page, rowCount);
  const first = await chartMarks(page);
  assert.deepEqual(first.map((m) => m.retry), ['1', '2', '3', '4', '5']);
  // Each mark sits in one <svg>, the one the page draws.
  assert.equal(await page.locator('svg:has([data-retry])').count(), 1, 'one chart');

  // Re-roll: new samples, so some mark moves.
  const samples = (await scheduleRows(page)).map((r) => r.sample);
  await page.getByRole('button', { name: 'Re-roll jitter' }).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('seed') === '43');
  await page.waitForFunction((before) => {
    const now = [...document.querySelectorAll('svg [data-retry]')]
      .map((m) => [m, ...m.querySelectorAll('*')].map((el) => [...el.attributes].filter((a) => a.name !== 'class').map((a) => `${a.name}=${a.value}`).join(' ')).join(' | '));
    return now.length === before.length && now.some((s, i) => s !== before[i]);
  }, first.map((m) => m.shape));
  assert.notDeepEqual((await scheduleRows(page)).map((r) => r.sample), samples, 'the table re-rolled too');
  const rerolled = await chartMarks(page);
  assert.deepEqual(rerolled.map((m) => m.retry), ['1', '2', '3', '4', '5']);
  assert.notDeepEqual(rerolled.map((m) => m.shape), first.map((m) => m.shape), 'some mark changed');

  // Max retries: one mark per row, numbered 1..N, both ways.
  const retries = page.getByLabel('Max retries', { exact: true });
  await retries.fill('8');
  await waitForMarks(page, 8);
  assert.deepEqual((await chartMarks(page)).map((m) => m.retry), ['1', '2', '3', '4', '5', '6', '7', '8']);
  await retries.fill('3');
  await waitForMarks(page, 3);
  assert.deepEqual((await chartMarks(page)).map((m) => m.retry), ['1', '2', '3']);
  assert.equal((await scheduleRows(page)).length, 3);
});

test('the charts\' text stays legible at 375 px', async (t) => {
  const { page } = await open(t, '?seed=42&deadline=20000', { viewport: { width: 375, height: 800 } });
  await page.locator('svg [data-retry="1"]').waitFor();
  // The size a label is drawn at: its font size scaled by the SVG's viewBox.
  // Both charts: the schedule's and the mode comparison's.
  const sizes = (await page.locator('figure.chart svg').evaluateAll((svgs) => svgs.map((svg) => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('text')].map((el) => ({
      text: el.textContent,
      px: Number.parseFloat(getComputedStyle(el).fontSize) * scale,
    }));
  }))).flat();
  assert.ok(sizes.length > 0);
  const small = sizes.filter((s) => s.px < 11).map((s) => `${s.text}: ${s.px.toFixed(1)} px`);
  assert.deepEqual(small, [], 'chart labels drawn at 11 px or more at 375 px');
  // And none is cut off: each lies within its panel.
  const outside = (await page.locator('figure.chart svg text').evaluateAll((texts) => texts.map((el) => {
    const box = el.getBoundingClientRect();
    const panel = el.closest('section').getBoundingClientRect();
    return box.left < panel.left || box.right > panel.right ? `${el.textContent}: ${Math.round(box.left)}–${Math.round(box.right)} px, panel ${Math.round(panel.left)}–${Math.round(panel.right)}` : '';
  }))).filter(Boolean);
  assert.deepEqual(outside, [], 'chart labels within their panel at 375 px');
});

// Every preset as the page's inputs show it, read from src/core/presets.rs
// (each checked there against its source) by examples/manifest.rs.
const PRESETS = presets;

/** The preset named `name`. */
const presetNamed = (name) => PRESETS.find((p) => p.name === name) ?? assert.fail(`no preset is named ${name}`);

/** The label the Jitter select shows for a mode's link spelling. */
const jitterLabel = (value) => jitters.find((j) => j.value === value).label;

/** The text of the option a select shows. */
const shown = (select) => select.evaluate((s) => s.selectedOptions[0]?.textContent.trim());

/** Checks that the page shows preset `p` in every input and in the link. */
async function expectPreset(page, p) {
  const input = (name) => page.getByLabel(name, { exact: true });
  const what = `preset ${p.name}`;
  await page.waitForFunction((p) => {
    const q = new URL(location.href).searchParams;
    return q.get('base') === p.base && q.get('multiplier') === p.multiplier && q.get('cap') === p.cap
      && q.get('retries') === p.retries && q.get('jitter') === p.jitter && (q.get('deadline') ?? '') === p.deadline;
  }, p).catch(() => assert.fail(`${what}: the link is ${page.url()}`));
  assert.equal(await input('Base delay (ms)').inputValue(), p.base, `${what}: base`);
  assert.equal(await input('Multiplier').inputValue(), p.multiplier, `${what}: multiplier`);
  assert.equal(await input('Max delay (ms)').inputValue(), p.cap, `${what}: cap`);
  assert.equal(await input('Max retries').inputValue(), p.retries, `${what}: retries`);
  const jitter = input('Jitter');
  assert.equal(await jitter.inputValue(), p.jitter, `${what}: Jitter select value`);
  assert.equal(await shown(jitter), jitterLabel(p.jitter), `${what}: Jitter select shows`);
  assert.equal(await input('Deadline (ms)').inputValue(), p.deadline, `${what}: deadline`);
  assert.equal((await scheduleRows(page)).length, Number(p.retries), `${what}: rows`);
  if (p.jitter === 'proportional') {
    assert.equal(await input('Low factor').inputValue(), p.lo, `${what}: low factor`);
    assert.equal(await input('High factor').inputValue(), p.hi, `${what}: high factor`);
    assert.equal(await input('Cap applies').inputValue(), p.capOrder, `${what}: cap order`);
    await expectParam(page, 'lo', p.lo, `${what}: lo in the link`);
    await expectParam(page, 'hi', p.hi, `${what}: hi in the link`);
    await expectParam(page, 'capafter', p.capOrder === 'after' ? '1' : '0', `${what}: capafter in the link`);
  } else {
    assert.equal(await input('Low factor').count(), 0, `${what}: no factor fields`);
  }
  const preset = input('Preset');
  assert.equal(await shown(preset), p.name, `${what}: the Preset select shows it`);
  // The sources sit behind the note's disclosure.
  await openNote(page);
  const link = page.getByRole('link', { name: p.source, exact: true });
  await link.waitFor();
  assert.equal(await link.getAttribute('href'), p.url, `${what}: source link`);
  // The note says which release it was checked against, and the controls
  // agree with what the note says about Retry-After.
  assert.match(await page.locator('.preset-note').textContent(), /checked 2026-\d\d-\d\d/, `${what}: checked release`);
  assert.equal(await page.getByLabel('Honor Retry-After').isChecked(), p.honor, `${what}: Honor Retry-After`);
  await expectParam(page, 'honor', p.honor ? '1' : '0', `${what}: honor in the link`);
  if (p.ramax) assert.equal(await input('Max Retry-After (ms)').inputValue(), p.ramax, `${what}: Retry-After maximum`);
}

/** Opens the disclosure under the Preset select (its details and sources). */
async function openNote(page) {
  const summary = page.locator('.preset-note summary');
  await summary.waitFor();
  if (!(await page.locator('.preset-note details').evaluate((d) => d.open))) await summary.click();
}

/** Waits until the Preset select shows `name`. */
async function waitForShownPreset(page, name) {
  await page.waitForFunction((name) => {
    const s = [...document.querySelectorAll('select')].find((el) => el.labels?.[0]?.textContent.trim() === 'Preset');
    return s?.selectedOptions[0]?.textContent.trim() === name;
  }, name, { timeout: 3_000 }).catch(async () => {
    const now = await shown(page.getByLabel('Preset', { exact: true }));
    assert.fail(`the Preset select shows ${JSON.stringify(now)}, expected ${JSON.stringify(name)}`);
  });
}

test('choosing a preset sets every input, the link and its source; editing shows Custom', async (t) => {
  // Start from a policy that is no preset.
  const { page } = await open(t, '?base=700&seed=3');
  const preset = page.getByLabel('Preset', { exact: true });
  await preset.waitFor();
  assert.equal(await shown(preset), 'Custom');
  for (const p of PRESETS) {
    await preset.selectOption({ label: p.name });
    await expectPreset(page, p);
  }

  // Editing any input afterwards makes the inputs custom.
  await page.getByLabel('Max retries', { exact: true }).fill('4');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('retries') === '4');
  await waitForShownPreset(page, 'Custom');
  assert.equal(await preset.inputValue(), '');
  assert.equal(await page.getByRole('link', { name: PRESETS.at(-1).source, exact: true }).count(), 0, 'no source once custom');

  // And a preset can be chosen again from Custom.
  await preset.selectOption({ label: 'openai-python' });
  await expectPreset(page, presetNamed('openai-python'));
});

test('a preset shows its jitter even after the Jitter select was used by hand', async (t) => {
  // A person tries a few jitters, then picks a library's preset.
  const { page } = await open(t, '?base=700&seed=3');
  const jitter = page.getByLabel('Jitter', { exact: true });
  for (const value of ['none', 'full', 'equal']) {
    await jitter.selectOption(value);
    await page.waitForFunction((v) => new URL(location.href).searchParams.get('jitter') === v, value);
  }
  const preset = page.getByLabel('Preset', { exact: true });
  for (const name of ['openai-python', 'Google Cloud Java default (gax ServiceOptions)', 'curl --retry 5']) {
    await preset.selectOption({ label: name });
    await expectPreset(page, presetNamed(name));
  }
});

test('editing the inputs back to a preset\'s values shows that preset again', async (t) => {
  const { page } = await open(t, '?base=700&seed=3');
  const preset = page.getByLabel('Preset', { exact: true });
  await preset.selectOption({ label: 'curl --retry 5' });
  const curl = presetNamed('curl --retry 5');
  await expectPreset(page, curl);
  const retries = page.getByLabel('Max retries', { exact: true });
  await retries.fill('4');
  await waitForShownPreset(page, 'Custom');
  await retries.fill('5');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('retries') === '5');
  // The note under the select names curl's source again; the select must agree.
  await openNote(page);
  await page.getByRole('link', { name: curl.source, exact: true }).waitFor();
  await waitForShownPreset(page, curl.name);
});

test('a deadline marks the rows past it, says how many fit, and is in the link', async (t) => {
  const { page } = await open(t, '?seed=42');
  const deadline = page.getByLabel('Deadline (ms)', { exact: true });
  await deadline.waitFor();
  assert.equal(await page.getByTestId('deadline-summary').count(), 0, 'no sentence without a deadline');
  assert.ok((await scheduleRows(page)).every((r) => !r.badges.includes('worst case past deadline')));

  // Worst-case running sums 1, 3, 7, 15, 31 s: only retry 5 is past 20 s.
  await deadline.fill('20000');
  const summary = page.getByTestId('deadline-summary');
  await summary.waitFor();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('deadline') === '20000');
  const rows = await scheduleRows(page);
  assert.deepEqual(rows.map((r) => r.badges.includes('worst case past deadline')), [false, false, false, false, true]);
  assert.equal(await summary.getAttribute('data-fit-worst'), '4');
  assert.match(await summary.textContent(), /\b4 retries fit\b/);
  assert.match(await summary.textContent(), /worst case does not fit the 20\.0 s deadline/);
  assert.match(await summary.textContent(), /expected total fits/);

  // 31 s holds the whole worst case.
  await deadline.fill('31000');
  await page.waitForFunction(() => document.querySelector('[data-testid=deadline-summary]')?.dataset.fitWorst === '5');
  assert.ok((await scheduleRows(page)).every((r) => !r.badges.includes('worst case past deadline')));
  assert.match(await summary.textContent(), /worst case fits/);
  await expectParam(page, 'deadline', '31000');

  // 500 ms: none fit.
  await deadline.fill('500');
  await page.waitForFunction(() => document.querySelector('[data-testid=deadline-summary]')?.dataset.fitWorst === '0');
  assert.ok((await scheduleRows(page)).every((r) => r.badges.includes('worst case past deadline')));
  assert.match(await summary.textContent(), /\b0 retries fit\b/);

  // Cleared: no deadline, no marks, nothing in the link.
  await deadline.fill('');
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('deadline'));
  await summary.waitFor({ state: 'detached' });
  assert.ok((await scheduleRows(page)).every((r) => !r.badges.includes('worst case past deadline')));

  // A link with a deadline shows it straight away.
  const other = await open(t, '?seed=42&deadline=20000');
  await other.page.getByTestId('deadline-summary').waitFor();
  assert.equal(await other.page.getByLabel('Deadline (ms)', { exact: true }).inputValue(), '20000');
  assert.deepEqual((await scheduleRows(other.page)).map((r) => r.badges.includes('worst case past deadline')), [false, false, false, false, true]);
});

test('a server wait from the link replaces that retry in the table, tiles and chart', async (t) => {
  const { page } = await open(t, '?jitter=none&serverwait=2:120000&seed=1');
  const rows = await scheduleRows(page);
  assert.deepEqual(rows.map((r) => Number(r.sample)), [1000, 120000, 4000, 8000, 16000]);
  assert.deepEqual(rows.map((r) => r.badges.includes('server')), [false, true, false, false, false]);
  assert.equal(rows[1].min, '120000');
  assert.equal(rows[1].max, '120000');
  assert.equal(rows[1].expected, '120000');
  assert.equal(rows[1].cumulative, '121000');
  assert.equal(rows[1].texts[0], '120,000 ms (120 s)');
  const total = 1000 + 120000 + 4000 + 8000 + 16000;
  assert.equal(await page.getByTestId('total-wait').getAttribute('data-ms'), String(total));
  assert.equal(await page.getByTestId('range').getAttribute('data-max-ms'), String(total));
  assert.equal(await page.getByTestId('expected-total').getAttribute('data-ms'), String(total));
  await waitForMarks(page, 5);
  // The server's mark is the tallest one.
  const tops = await page.locator('svg [data-retry]').evaluateAll((marks) => marks.map((m) => m.getBoundingClientRect().top));
  assert.equal(tops.indexOf(Math.min(...tops)), 1, 'retry 2 reaches highest in the chart');
  await expectParam(page, 'serverwait', '2:120000');
});

test('exact values are plain decimals, whatever their size', async (t) => {
  // The page hands the browser numbers to write, and the browser would
  // use an exponent below 1e-6. Seed 5140 draws such a sample at retry 95
  // (found with the core natively); it must read as Rust writes it.
  const { page } = await open(t, '?base=1&multiplier=1&cap=1&retries=100&jitter=full&seed=5140');
  const rows = await scheduleRows(page);
  assert.equal(rows[94].sample, '0.0000006755321826368288');
  const values = rows.flatMap((r) => [r.sample, r.min, r.max, r.expected, r.cumulative]);
  assert.deepEqual(values.filter((v) => !/^\d+(\.\d+)?$/.test(v)), []);
  // Inexact fractions: the shortest text that reads back exactly, as Rust
  // writes it (these strings come from the core, run natively).
  const other = await open(t, '?base=1000&multiplier=1.1&cap=1000000&retries=6&jitter=none&seed=1');
  const inexact = await scheduleRows(other.page);
  assert.deepEqual(inexact.map((r) => r.expected), ['1000', '1100', '1210', '1331', '1464.1000000000001', '1610.5100000000002']);
  assert.equal(inexact[5].cumulative, '7715.610000000001');
});

test('apply to retry N puts the server wait in the schedule', async (t) => {
  const { page } = await open(t, '?jitter=none&seed=1');
  await page.getByLabel('Retry-After value', { exact: true }).fill('120');
  await page.waitForFunction(() => document.querySelector('[data-testid=retry-after-result]')?.dataset.waitMs === '120000');
  const number = page.getByLabel('Retry number');
  if (await number.evaluate((el) => el.tagName === 'SELECT')) await number.selectOption('3');
  else await number.fill('3');
  await page.getByRole('button', { name: /^Apply to retry 3\b/ }).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('serverwait') === '3:120000');
  // The schedule follows the applied wait.
  await page.waitForFunction(() => document.querySelector('[data-testid=total-wait]').dataset.ms === '147000');
  const rows = await scheduleRows(page);
  assert.deepEqual(rows.map((r) => Number(r.sample)), [1000, 2000, 120000, 8000, 16000]);
  assert.deepEqual(rows.map((r) => r.badges.includes('server')), [false, false, true, false, false]);
  const total = 1000 + 2000 + 120000 + 8000 + 16000;
  assert.equal(await page.getByTestId('total-wait').getAttribute('data-ms'), String(total));
  assert.equal(await page.getByTestId('range').getAttribute('data-max-ms'), String(total));
  // The chart shows it too, and it can be cleared.
  assert.equal(await page.locator('svg [data-retry="3"]').evaluate((g) => g.classList.contains('server')), true);
  await page.getByRole('button', { name: 'Clear server wait' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=total-wait]').dataset.ms === '31000');
  await expectParam(page, 'serverwait', null);
});

const CSV_HEADER = 'retry,sampled_ms,min_ms,max_ms,expected_ms,cumulative_ms,capped,server_wait';

test('Download CSV starts with the policy and link, then the table in whole milliseconds', async (t) => {
  // Full jitter (fractional samples), capped rows and a server wait.
  const { page } = await open(t, '?seed=42&retries=7&serverwait=2:5000&deadline=90000');
  const button = page.getByRole('button', { name: 'Download CSV' });
  await button.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  assert.match(download.suggestedFilename(), /\.csv$/);
  assert.equal(await download.failure(), null, 'the download completed');
  const csv = await fs.readFile(await download.path(), 'utf8');
  const lines = csv.split(/\r?\n/);
  // The policy block: every input, the seed and the share link.
  const settings = Object.fromEntries(lines.slice(1, lines.indexOf('')).map((l) => {
    const i = l.indexOf(',');
    return [l.slice(0, i), l.slice(i + 1).replace(/^"|"$/g, '')];
  }));
  assert.equal(lines[0], 'setting,value');
  assert.deepEqual(
    [settings.base_ms, settings.multiplier, settings.cap_ms, settings.max_retries, settings.jitter, settings.seed, settings.deadline_ms, settings.retry_after_max_ms],
    // The Retry-After maximum follows the 90 s deadline: none is set.
    [defaults.base, defaults.multiplier, defaults.cap, '7', defaults.jitter, '42', '90000', '90000'],
  );
  await expectUrl(page, settings.share_link, 'the share link is the page\'s own');
  const header = lines.indexOf(CSV_HEADER);
  assert.ok(header > 0, 'the table follows the policy');
  const body = lines.slice(header + 1).filter((l) => l !== '');
  const rows = await scheduleRows(page);
  assert.equal(body.length, rows.length, 'one line per row');
  const whole = (ms) => String(Math.round(Number(ms)));
  let added = 0;
  rows.forEach((r, i) => {
    const [retry, sampled, min, max, expected, cumulative, capped, serverWait] = body[i].split(',');
    assert.equal(Number(retry), r.retry);
    // Whole milliseconds, each rounded from the value the cell carries,
    // but the sampled delays, which add up to the cumulative wait.
    added += Number(sampled);
    assert.equal(String(added), cumulative, `retry ${r.retry} sampled adds up`);
    assert.ok(Math.abs(Number(sampled) - Number(r.sample)) < 1.5, `retry ${r.retry} sampled`);
    assert.equal(min, whole(r.min), `retry ${r.retry} min`);
    assert.equal(max, whole(r.max), `retry ${r.retry} max`);
    assert.equal(expected, whole(r.expected), `retry ${r.retry} expected`);
    assert.equal(cumulative, whole(r.cumulative), `retry ${r.retry} cumulative`);
    assert.equal(capped, String(r.badges.includes('cap')), `retry ${r.retry} capped`);
    assert.equal(serverWait, String(r.badges.includes('server')), `retry ${r.retry} server wait`);
  });
  assert.ok(body.every((l) => /^\d+,(\d+,){5}(true|false),(true|false)$/.test(l)), 'no fractions in the rows');
  assert.ok(rows.some((r) => !Number.isInteger(Number(r.sample))), 'fractional samples were rounded');
  assert.deepEqual(rows.map((r) => r.badges.includes('cap')), [false, false, false, false, false, true, true]);
  assert.equal(body[1].split(',')[1], '5000');
});

test('Copy as Markdown puts the table\'s formatted numbers on the clipboard', async (t) => {
  const { page } = await open(t, '?seed=42&retries=7&serverwait=2:5000', { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.evaluate(() => navigator.clipboard.writeText(''));
  const button = page.getByRole('button', { name: 'Copy as Markdown' });
  await button.waitFor();
  await button.click();
  await page.waitForFunction(async () => (await navigator.clipboard.readText()).length > 0);
  const text = await page.evaluate(() => navigator.clipboard.readText());
  // It opens with the policy and the link, so a pasted table says what it is.
  assert.match(text, /^\*\*Retry policy\*\*/);
  for (const needle of ['Base delay: 1,000 ms', 'Max retries: 7', 'Jitter: Full', 'Seed: 42']) {
    assert.ok(text.includes(needle), `the Markdown names ${needle}:\n${text}`);
  }
  const link = text.match(/<(http[^>]+)>/)?.[1];
  assert.ok(link, 'the Markdown holds the share link');
  await expectUrl(page, link, 'the Markdown\'s link is the page\'s own');
  const tableLines = text.split('\n').filter((l) => l.startsWith('|'));
  const cells = (line) => line.split('|').slice(1, -1).map((c) => c.trim());
  assert.deepEqual(cells(tableLines[0]), ['Retry', 'Sampled delay', 'Min – max', 'Expected', 'Cumulative wait']);
  assert.match(tableLines[1], /^\|(\s*:?-+:?\s*\|){5}$/, 'a Markdown separator line');
  const rows = await scheduleRows(page);
  const body = tableLines.slice(2);
  assert.equal(body.length, rows.length, 'one Markdown row per table row');
  rows.forEach((r, i) => {
    const [retry, ...rest] = cells(body[i]);
    assert.equal(Number.parseInt(retry, 10), r.retry);
    assert.deepEqual(rest, r.texts, `retry ${r.retry}: the same texts as the table cells`);
    assert.equal(/\bcap\b/.test(retry), r.badges.includes('cap'), `retry ${r.retry}: cap marked`);
    assert.equal(/\bserver\b/.test(retry), r.badges.includes('server'), `retry ${r.retry}: server wait marked`);
  });
});
