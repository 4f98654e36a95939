// The exports of the sections below the first screen, in headless Chromium
// against the release build: the mode comparison and the contention
// results as Markdown (clipboard) and CSV (download), each checked against
// the table it comes from, and the design doc, which gathers the policy,
// the link, the schedule, the comparison, the simulation's figures when it
// has been run for the inputs on the page, and the two sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { useBrowser, expectUrl } from './harness.mjs';
import { jitters } from '../manifest.mjs';

const env = useBrowser();
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

/** What the design doc says when the simulation has not been run. */
const NOT_RUN = 'Not run: the contention simulation has not been run for these inputs';
/** The two sources, as the design doc cites them. */
const AWS = 'Marc Brooker, “Exponential Backoff And Jitter”, AWS Architecture Blog, 2015-03-04, <https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/>';
const RFC = 'RFC 9110 §10.2.3, Retry-After, <https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3>';

/** One CSV line's fields (a field in quotes may hold commas and doubled quotes). */
function csvFields(line) {
  const fields = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { field += '"'; i += 1; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { fields.push(field); field = ''; }
    else field += c;
  }
  fields.push(field);
  return fields;
}

/** A Markdown table line's cells. */
const cells = (line) => line.split('|').slice(1, -1).map((c) => c.trim());

/** Clicks `name` (after emptying the clipboard) and returns what it copied. */
async function copied(page, name, { keyboard = false } = {}) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  const button = page.getByRole('button', { name, exact: true });
  if (keyboard) {
    await button.focus();
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  await page.waitForFunction(async () => (await navigator.clipboard.readText()).length > 0);
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Clicks `name` and returns the download's file name and text. */
async function downloaded(page, name) {
  const button = page.getByRole('button', { name, exact: true });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  assert.equal(await download.failure(), null, 'the download completed');
  return { file: download.suggestedFilename(), text: await fs.readFile(await download.path(), 'utf8') };
}

/** The comparison table's rows: mode, cell texts and unrounded values. */
async function comparisonRows(page) {
  // The comparison comes with the rest of the page, after the first screen.
  const body = page.getByRole('table', { name: 'Mode comparison' }).locator('tbody tr');
  await body.first().waitFor();
  return body.evaluateAll((trs) => trs.map((tr) => {
    const td = [...tr.querySelectorAll('td')];
    return {
      mode: tr.dataset.mode,
      texts: [tr.querySelector('th').textContent.trim(), ...td.map((c) => c.textContent.trim())],
      worst: Number(tr.querySelector('[data-worst-ms]').dataset.worstMs),
      expected: Number(tr.querySelector('[data-expected-ms]').dataset.expectedMs),
    };
  }));
}

/** The contention results' rows: cell texts and unrounded values. */
async function resultRows(page) {
  return page.getByRole('table', { name: 'Contention results' }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
    texts: [...tr.querySelectorAll('th, td')].map((c) => c.textContent.trim()),
    mode: tr.dataset.mode,
    clients: tr.dataset.clients,
    calls: Number(tr.querySelector('[data-calls]').dataset.calls),
    time: Number(tr.querySelector('[data-time-ms]').dataset.timeMs),
    gaveUp: tr.querySelector('[data-gave-up]')?.dataset.gaveUp,
  })));
}

/** Runs the simulation for `clients` and `runs` and waits for its figures. */
async function runSimulation(page, clients, runs) {
  await page.getByLabel('Clients', { exact: true }).fill(String(clients));
  await page.getByLabel('Runs', { exact: true }).fill(String(runs));
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=sim-status]')?.dataset.state === 'done', null, { timeout: 30_000 });
}

/** The status line beside `button`, once it says something. */
async function statusAfter(page, name) {
  const status = page.getByRole('button', { name, exact: true }).locator('xpath=following-sibling::*[@role="status"]');
  await page.waitForFunction((el) => el.textContent.length > 0, await status.elementHandle());
  return status.textContent();
}

test('the mode comparison copies as Markdown and downloads as CSV, row for row as its table', async (t) => {
  const { page } = await env.open(t, '?seed=42&jitter=proportional', CLIPBOARD);
  const rows = await comparisonRows(page);
  assert.deepEqual(rows.map((r) => r.mode), jitters.map((j) => j.value ?? j), 'one row per mode');

  // From the keyboard; the status says it was copied.
  const md = await copied(page, 'Copy comparison as Markdown', { keyboard: true });
  assert.equal(await statusAfter(page, 'Copy comparison as Markdown'), 'Copied.');
  const lines = md.split('\n').filter((l) => l.startsWith('|'));
  assert.deepEqual(cells(lines[0]), ['Mode', 'Worst case', 'Expected total', 'In the AWS study']);
  assert.equal(lines.length, 2 + rows.length);
  rows.forEach((r, i) => assert.deepEqual(cells(lines[2 + i]), r.texts, `${r.mode}: the table's texts`));
  assert.ok(md.includes('Source of the study column: AWS Architecture Blog, Exponential Backoff And Jitter, 2015, <https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/>.'), md);

  const { file, text } = await downloaded(page, 'Download comparison CSV');
  assert.equal(file, 'retry-mode-comparison.csv');
  const csv = text.trimEnd().split('\n');
  assert.equal(csv[0], 'mode,worst_case_ms,expected_total_ms,expected_simulated,aws_study');
  assert.equal(csv.length, 1 + rows.length);
  rows.forEach((r, i) => {
    const f = csvFields(csv[1 + i]);
    assert.deepEqual(f, [
      r.mode,
      String(Math.round(r.worst)),
      String(Math.round(r.expected)),
      String(r.texts[2].endsWith('(simulated)')),
      r.texts[3],
    ], `${r.mode}: the table's row`);
  });
  assert.ok(csv.some((l) => l.startsWith('decorrelated,') && l.includes(',true,')), 'decorrelated is simulated');
});

test('the contention results copy as Markdown and download as CSV, row for row as their table', async (t) => {
  const { page } = await env.open(t, '?seed=7', CLIPBOARD);
  await runSimulation(page, 10, 4);
  const rows = await resultRows(page);
  assert.equal(rows.length, 30);

  const md = await copied(page, 'Copy results as Markdown');
  assert.equal(await statusAfter(page, 'Copy results as Markdown'), 'Copied.');
  const lines = md.split('\n').filter((l) => l.startsWith('|'));
  assert.deepEqual(cells(lines[0]), ['Mode', 'Clients', 'Calls per run', 'Time to finish', 'Gave up per run']);
  assert.equal(lines.length, 2 + rows.length);
  rows.forEach((r, i) => assert.deepEqual(cells(lines[2 + i]), r.texts, `row ${i}: the table's texts`));
  assert.ok(md.trimEnd().endsWith(await page.getByTestId('sim-summary').textContent()), 'the headline follows the table');

  const { file, text } = await downloaded(page, 'Download results CSV');
  assert.equal(file, 'contention-simulation.csv');
  const csv = text.trimEnd().split('\n');
  assert.equal(csv[0], 'mode,clients,runs,calls_per_run,time_to_finish_ms,gave_up_per_run');
  assert.equal(csv.length, 1 + rows.length);
  rows.forEach((r, i) => {
    // Four runs: every mean is a multiple of 1/4, exact at two decimals.
    assert.deepEqual(csv[1 + i].split(','), [
      r.mode,
      r.clients,
      '4',
      r.calls.toFixed(2),
      String(Math.round(r.time)),
      r.gaveUp === undefined ? '' : Number(r.gaveUp).toFixed(2),
    ], `row ${i}: the table's row`);
  });
});

test('the design doc before a run: the policy, link, schedule and comparison, the simulation said not run, both sources', async (t) => {
  const { page } = await env.open(t, '?seed=42&retries=4', CLIPBOARD);
  await page.getByRole('table', { name: 'Mode comparison' }).locator('tbody tr').first().waitFor();
  const doc = await copied(page, 'Copy design doc as Markdown', { keyboard: true });
  assert.equal(await statusAfter(page, 'Copy design doc as Markdown'), 'Copied.');
  const order = [
    '## Retry policy', '- Max retries: 4', '- Jitter: Full', '- Seed: 42', '- Share link: <',
    '| Retry | Sampled delay |', '### The jitter modes compared', '| Mode | Worst case |',
    'Source of the study column:', '### Many clients at once', NOT_RUN, '### Sources', AWS, RFC,
  ];
  let at = 0;
  for (const part of order) {
    const i = doc.indexOf(part, at);
    assert.ok(i >= 0, `${part} after ${at} in:\n${doc}`);
    at = i + part.length;
  }
  await expectUrl(page, doc.match(/Share link: <([^>]+)>/)[1], 'the doc\'s link is the page\'s own');
  // The comparison as its own export writes it.
  const comparison = await copied(page, 'Copy comparison as Markdown');
  assert.ok(doc.includes(comparison), 'the comparison in the doc');
  assert.ok(!doc.includes('| Mode | Clients |'), 'no contention figures');

  // The download holds the same document.
  const { file, text } = await downloaded(page, 'Download design doc');
  assert.equal(file, 'retry-design-doc.md');
  assert.equal(text, doc);
});

test('the design doc after a run holds the simulation\'s figures, until an input changes', async (t) => {
  const { page } = await env.open(t, '?seed=7', CLIPBOARD);
  await runSimulation(page, 10, 4);
  const results = await copied(page, 'Copy results as Markdown');
  const doc = await copied(page, 'Copy design doc as Markdown');
  assert.ok(!doc.includes(NOT_RUN), doc);
  assert.ok(doc.includes('means over 4 runs per figure, seed 7, for up to 10 clients; the study\'s modes use base 5 ms, cap 2,000 ms, first retry 2 × base.'), doc);
  assert.ok(doc.includes(results), `the results table and headline in the doc:\n${doc}`);
  assert.ok(doc.indexOf(results) > doc.indexOf('### Many clients at once'));
  assert.ok(doc.endsWith(`### Sources\n\n- ${AWS}\n- ${RFC}\n`), 'both sources close it');

  // Figures for other inputs are not passed off as these.
  await page.getByLabel('Runs', { exact: true }).fill('5');
  await page.waitForFunction(() => document.querySelector('[data-testid=sim-status]')?.dataset.state === 'stale');
  const stale = await copied(page, 'Copy design doc as Markdown');
  assert.ok(stale.includes(NOT_RUN), stale);
  assert.ok(!stale.includes(results));
});

test('with a library chosen the design doc carries its config', async (t) => {
  const { page } = await env.open(t, '?lib=urllib3&lib.backoff_factor=1&lib.total=6&seed=3', CLIPBOARD);
  const config = await page.getByTestId('library-config').textContent();
  const doc = await copied(page, 'Copy design doc as Markdown');
  assert.ok(doc.includes('- Library: urllib3 Retry\n- total: 6\n- backoff_factor: 1 s\n'), doc);
  const end = config.endsWith('\n') ? '' : '\n';
  assert.ok(doc.includes(`### urllib3 Retry config\n\n\`\`\`\n${config}${end}\`\`\`\n`), doc);
  // Issue 25: the comparison leads with the library as configured, then
  // the modes at the page policy closest to its settings (waits 2, 4, …,
  // 32 s: its 120 s cap is never reached, so the closest cap is 32 s).
  assert.ok(doc.includes('The library as configured, then every mode at the page policy closest to its settings. The modes below use base 1,000 ms, multiplier 2, cap 32,000 ms, 6 retries: the page policy closest to urllib3 Retry\'s settings.'), doc);
  assert.ok(doc.includes('| urllib3 Retry as configured | '), doc);
});
