// What a person does with "Retries under load": run the load model, read
// the verdicts, charts and the table of every budget (each figure on
// screen against its data attribute), choose a budget and change its
// numbers, see the figures marked out of date, take them into the design
// doc, and use it all from the keyboard and on a 375 px phone. Runs in
// headless Chromium against the release build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, axeViolations } from './harness.mjs';
import { libraries, loadBudgets, loadFields } from '../manifest.mjs';

const env = useBrowser();
const open = env.open;
const STATUS = '[data-testid=load-status]';
const RUN = 'Run load simulation';
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };
/** The field labels, as the core declares them. */
const [CLIENTS] = loadFields.map((f) => f.label);

const field = (page, label) => page.getByLabel(label, { exact: true });

/** Waits until the status element's data-state is `state`. */
async function waitForState(page, state, timeout = 120_000) {
  await page.waitForFunction(
    ([sel, s]) => document.querySelector(sel)?.dataset.state === s,
    [STATUS, state],
    { timeout },
  );
}

/** Runs the study from the keyboard and waits for it to finish. */
async function run(page) {
  const button = page.getByRole('button', { name: RUN });
  await button.focus();
  await page.keyboard.press('Enter');
  await waitForState(page, 'done');
}

/** The budgets table's rows: data attributes and cell texts. */
function tableRows(page) {
  return page.getByRole('table', { name: 'Every budget on this setting' }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
    budget: tr.dataset.budget,
    recovered: tr.dataset.recovered,
    peak: Number(tr.dataset.peak),
    amp: Number(tr.dataset.amp),
    failureAmp: Number(tr.dataset.failureAmp),
    current: tr.getAttribute('aria-current'),
    name: tr.querySelector('th').firstChild.textContent,
    cells: [...tr.querySelectorAll('td')].map((td) => td.textContent),
  })));
}

const times = (x) => `${x.toFixed(2)}×`;
const recoveredText = (r) => (r === 'none' ? 'stayed down' : `${Number(r).toFixed(0)} s`);

test('a run shows every budget, and each figure on screen is its data attribute', async (t) => {
  const { page } = await open(t, '?seed=42');
  await page.getByRole('heading', { name: 'Retries under load' }).waitFor();
  // The fields start at the core's defaults.
  for (const f of loadFields) {
    assert.equal(await field(page, f.label).inputValue(), f.default, f.label);
  }
  // Long tasks while it runs, reported (speed is not asserted).
  await page.evaluate(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: 'longtask' });
  });
  const started = Date.now();
  await run(page);
  t.diagnostic(`study (16 runs) done in ${Date.now() - started} ms; longest task ${await page.evaluate(() => window.__longest)} ms`);
  await page.getByText('16 of 16 runs').waitFor();
  const bar = page.getByRole('progressbar', { name: 'Load run progress' });
  assert.equal(await bar.getAttribute('value'), '16');

  const rows = await tableRows(page);
  assert.deepEqual(rows.map((r) => r.budget), loadBudgets.map((b) => b.value));
  assert.deepEqual(rows.map((r) => r.name), loadBudgets.map((b) => b.label));
  for (const r of rows) {
    assert.deepEqual(r.cells, [recoveredText(r.recovered), times(r.peak), times(r.amp), times(r.failureAmp)], r.budget);
    assert.ok(r.peak >= 1 && r.amp >= 1 && r.failureAmp >= 1);
  }
  // At 80 % of capacity a 5 s outage keeps the server down without a
  // budget (metastable); gRPC's throttling brings it back.
  const by = Object.fromEntries(rows.map((r) => [r.budget, r]));
  assert.equal(by.none.recovered, 'none');
  assert.notEqual(by.grpc.recovered, 'none');
  assert.ok(by.none.failureAmp > 3, 'retries multiply the work at 100 % failure');
  assert.ok(by.grpc.failureAmp < 1.1);
  assert.equal(by.none.current, 'true', 'the chosen budget is marked');

  // No budget chosen: one column, its verdict and its three panels.
  const verdicts = page.getByTestId('load-verdict');
  assert.equal(await verdicts.count(), 1);
  assert.equal(await verdicts.getAttribute('data-recovered'), by.none.recovered);
  assert.match(await verdicts.textContent(), /^Without a budget: the system stayed down: the outage from 10 s to 15 s ended, .*metastable failure\./);
  for (const name of [/^Calls per second: first tries, retries, goodput, No budget$/, /^Time in the server \(s\), No budget$/, /^Calls queued, No budget$/]) {
    await page.getByRole('img', { name }).waitFor();
  }
  // Retries show as their own bars, beside the first tries.
  const load = page.getByRole('img', { name: /^Calls per second/ });
  assert.equal(await load.locator('rect.load-first').count(), 60);
  assert.ok(await load.locator('rect.load-retry').count() > 40);

  // The chosen budget's seconds, behind a disclosure.
  await page.getByText('Second by second, with the chosen budget').click();
  const seconds = page.getByRole('table', { name: 'Seconds of the run with the chosen budget' }).locator('tbody tr');
  assert.equal(await seconds.count(), 60);
  const s12 = await seconds.nth(12).evaluate((tr) => ({ d: { ...tr.dataset }, cells: [...tr.querySelectorAll('td')].map((c) => c.textContent) }));
  assert.equal(s12.cells[0], Number(s12.d.first).toLocaleString('en-US'));
  assert.equal(s12.cells[3], Number(s12.d.queue).toLocaleString('en-US'));
  assert.equal(Number(s12.d.first) > 0 && Number(s12.d.queue) > 1000, true, 'the outage builds a queue');
});

test('choosing a budget shows its numbers; a changed number is run and shown beside no budget', async (t) => {
  const { page } = await open(t, '?seed=42');
  const select = field(page, 'Budget to compare');
  await select.waitFor();
  assert.deepEqual(await select.locator('option').evaluateAll((os) => os.map((o) => o.value)), loadBudgets.map((b) => b.value));
  const grpc = loadBudgets.find((b) => b.value === 'grpc');
  // Hidden until chosen.
  assert.equal(await field(page, grpc.params[0].label).isVisible(), false);
  await select.selectOption('grpc');
  for (const p of grpc.params) {
    assert.equal(await field(page, p.label).inputValue(), p.default, p.label);
    assert.equal(await field(page, p.label).isVisible(), true);
  }
  assert.match(await page.locator('#load-budget-hint').textContent(), /gRFC A6/);
  // Another budget's numbers stay hidden.
  const aws = loadBudgets.find((b) => b.value === 'aws');
  assert.equal(await field(page, aws.params[0].label).isVisible(), false);

  await field(page, grpc.params[0].label).fill('20');
  await run(page);
  const rows = await tableRows(page);
  const row = rows.find((r) => r.budget === 'grpc');
  assert.equal(row.current, 'true');
  assert.match(await page.locator('tr[data-budget=grpc] .load-numbers').textContent(), /^maxTokens 20, tokenRatio 0\.1/);
  // Side by side: the chosen budget, then no budget.
  const verdicts = page.getByTestId('load-verdict');
  assert.deepEqual(await verdicts.evaluateAll((ps) => ps.map((p) => p.dataset.budget)), ['grpc', 'none']);
  assert.equal(await verdicts.first().getAttribute('data-recovered'), row.recovered);
  assert.match(await verdicts.first().textContent(), /^With gRPC retryThrottling: /);
  assert.equal(await page.locator('.load-panels svg').count(), 6);

  // A number out of range: said beside the field, and no run.
  await field(page, grpc.params[0].label).fill('5000');
  await page.locator('#budget-grpc-max-error').getByText('1,000').waitFor();
  await page.getByRole('button', { name: RUN }).click();
  await page.locator(`${STATUS} .sim-message`).getByText('Not run: correct maxTokens first.').waitFor();
});

test('the figures are marked out of date when an input changes, and only current ones reach the design doc', async (t) => {
  const { page } = await open(t, '?seed=7', CLIPBOARD);
  const staleNote = page.locator(`${STATUS}[data-state=stale] .sim-message`);
  await field(page, CLIENTS).fill('20');
  await run(page);
  const copy = async () => {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.getByRole('button', { name: 'Copy design doc as Markdown', exact: true }).click();
    await page.waitForFunction(async () => (await navigator.clipboard.readText()).length > 0);
    return page.evaluate(() => navigator.clipboard.readText());
  };
  const doc = await copy();
  assert.ok(doc.includes('### Retries under load\n\n20 clients send 800 calls per second (80 % of the server\'s capacity of 1,000)'), doc);
  for (const b of loadBudgets) assert.ok(doc.includes(`| ${b.label} |`), b.label);
  assert.ok(doc.indexOf('### Retries under load') < doc.indexOf('### Sources'));

  const changes = [
    ['Calling clients', () => field(page, CLIENTS).fill('30')],
    ['Trigger', () => field(page, 'Trigger').selectOption('spike')],
    ['Budget to compare', () => field(page, 'Budget to compare').selectOption('aws')],
    ['policy (Base delay)', () => field(page, 'Base delay (ms)').fill('700')],
  ];
  for (const [what, change] of changes) {
    assert.equal(await staleNote.isVisible(), false, `fresh figures are not marked (before ${what})`);
    await change();
    await staleNote.waitFor({ state: 'visible', timeout: 3_000 }).catch(() => assert.fail(`${what} marks the figures out of date`));
    assert.equal(await staleNote.textContent(), 'Out of date: an input changed. Run the simulation again.');
    const stale = await copy();
    assert.ok(stale.includes('Not run: the load simulation has not been run for these inputs'), `${what}: no stale figures in the doc`);
    await run(page);
  }
});

test('on a 375 px phone the section fits and its labels stay readable', async (t) => {
  const { page } = await open(t, '?seed=42', { viewport: { width: 375, height: 800 } });
  await field(page, 'Budget to compare').selectOption('aws');
  await run(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
  const smallest = await page.locator('.load-chart text').evaluateAll((texts) => Math.min(...texts.map((el) => {
    const scale = el.ownerSVGElement.getScreenCTM().a;
    return Number.parseFloat(getComputedStyle(el).fontSize) * scale;
  })));
  t.diagnostic(`smallest chart label: ${smallest.toFixed(1)} px`);
  assert.ok(smallest >= 11, `${smallest} px`);
  // The columns stack: each chart as wide as the section.
  const widths = await page.locator('.load-chart').evaluateAll((svgs) => svgs.map((s) => s.getBoundingClientRect().width));
  assert.equal(widths.length, 6);
  for (const w of widths) assert.ok(w > 300 && w <= 375, `${w} px`);
  const region = page.getByRole('region', { name: 'Every budget on this setting' });
  assert.equal(await region.getAttribute('tabindex'), '0');
  // Every column of the budgets' table in view without sideways scrolling.
  const over = await region.evaluate((w) => w.scrollWidth - w.clientWidth);
  assert.ok(over <= 2, `the budgets' table scrolls sideways by ${over} px`);
});

test('a refused number or a budget\'s hint moves no field of this section or the simulation\'s', async (t) => {
  const { page } = await open(t, '?seed=42');
  // Each field's and button's place and width within its row of controls.
  const boxes = () => page.locator('.sim-controls :is(.field, button)').evaluateAll((els) => els
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => {
      const r = el.getBoundingClientRect();
      const c = el.closest('.sim-controls').getBoundingClientRect();
      return [Math.round(r.x - c.x), Math.round(r.y - c.y), Math.round(r.width)];
    }));
  const before = await boxes();
  // The simulation's Clients field is at its narrowest, 10rem.
  for (const [section, label] of [['section.load', CLIENTS], ['section.simulation', 'Clients']]) {
    await page.locator(section).getByLabel(label, { exact: true }).fill('abc');
    await page.locator(`${section} .field-error`).getByText('Enter a number, like 1000.').waitFor();
  }
  assert.deepEqual(await boxes(), before, 'the fields and buttons stay where they were');
  // Each budget's hint (a source, up to a line of 120 characters) wraps
  // under its select: the field keeps its width whichever is chosen.
  const budget = field(page, 'Budget to compare');
  const width = () => budget.evaluate((s) => s.closest('.field').getBoundingClientRect().width);
  const first = await width();
  for (const value of await budget.evaluate((s) => [...s.options].map((o) => o.value))) {
    await budget.selectOption(value);
    assert.equal(await width(), first, `the Budget field's width with ${value}`);
  }
});

for (const colorScheme of ['light', 'dark']) {
  test(`axe finds nothing wrong in the section with results showing, ${colorScheme}`, async (t) => {
    const { page } = await open(t, '?seed=42', { colorScheme });
    await field(page, 'Budget to compare').selectOption('bucket');
    await run(page);
    await page.getByText('Second by second, with the chosen budget').click();
    const violations = (await axeViolations(page, 'section.load'))
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
    assert.deepEqual(violations, []);
  });
}

test('from the keyboard: the fields, the budget and Stop load run', async (t) => {
  const { page } = await open(t, '?seed=42');
  await field(page, CLIENTS).focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), loadFields[1].id);
  // The budget select changes with the arrow keys, and its numbers follow.
  await field(page, 'Budget to compare').focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await field(page, 'Budget to compare').inputValue(), loadBudgets[1].value);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), loadBudgets[1].params[0].id);
  // A run can be cancelled with the keyboard.
  await field(page, CLIENTS).fill('1000');
  await page.getByRole('button', { name: RUN }).focus();
  await page.keyboard.press('Enter');
  await waitForState(page, 'running', 10_000);
  const cancel = page.getByRole('button', { name: 'Stop load run' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  // Stopped: the state is the contention simulation's `cancelled`.
  await waitForState(page, 'cancelled', 10_000).catch(async () => {
    // On a fast machine the run may end first.
    assert.equal(await page.locator(STATUS).getAttribute('data-state'), 'done');
  });
});

test('a run is made over many tasks: the page paints and runs timers while it goes', async (t) => {
  const { page } = await open(t, '?seed=42');
  await field(page, CLIENTS).fill('1000');
  await page.getByRole('button', { name: RUN }).waitFor();
  // While the status says running: frames painted, zero-delay timers run,
  // and the progress values shown. Done in one task, none of these could
  // happen between the click and the end.
  const seen = await page.evaluate(async (sel) => {
    const status = document.querySelector(sel);
    const running = () => status.dataset.state === 'running';
    const out = { frames: 0, timers: 0, progress: new Set() };
    const bar = document.getElementById('load-progress');
    const watch = new MutationObserver(() => { if (running()) out.progress.add(bar.getAttribute('value')); });
    watch.observe(bar, { attributes: true, attributeFilter: ['value'] });
    const frame = () => { if (running()) out.frames += 1; if (status.dataset.state !== 'done') requestAnimationFrame(frame); };
    const timer = () => { if (running()) out.timers += 1; if (status.dataset.state !== 'done') setTimeout(timer, 0); };
    [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Run load simulation').click();
    requestAnimationFrame(frame);
    setTimeout(timer, 0);
    await new Promise((resolve) => {
      const poll = () => (status.dataset.state === 'done' ? resolve() : setTimeout(poll, 5));
      poll();
    });
    watch.disconnect();
    return { frames: out.frames, timers: out.timers, progress: [...out.progress] };
  }, STATUS);
  t.diagnostic(`while running: ${seen.frames} frames, ${seen.timers} timers, progress ${seen.progress.join(' ')}`);
  assert.ok(seen.frames >= 2, `frames painted while running: ${seen.frames}`);
  assert.ok(seen.timers >= 2, `timers run while running: ${seen.timers}`);
  const between = seen.progress.map(Number).filter((v) => v > 0 && v < 16);
  assert.ok(between.length >= 2, `progress shown between the first run and the last: ${seen.progress}`);
});

test('with a library in Model, the clients retry as it does, and the link reproduces the run', async (t) => {
  const urllib3 = libraries.find((l) => l.id === 'urllib3');
  const total = Number(urllib3.params.find((p) => p.name === 'total').default);
  const { page } = await open(t, '?seed=42');
  const follows = page.getByTestId('load-follows');
  await field(page, CLIENTS).fill('20');
  assert.match(await follows.textContent(), /^Clients retry as the page's policy above says/);
  await run(page);
  const byPage = await tableRows(page);

  // Chosen in Model: the line names it, the figures go out of date.
  await page.getByLabel('Model', { exact: true }).selectOption('urllib3');
  await follows.getByText(`Clients retry as ${urllib3.name} does`).waitFor();
  await waitForState(page, 'stale', 10_000);
  await run(page);
  const byLib = await tableRows(page);
  const none = (rows) => rows.find((r) => r.budget === 'none');
  // At 100 % failure and no budget each call makes at most urllib3's
  // `total` retries; the page's policy (5 retries) makes other figures.
  assert.ok(none(byLib).failureAmp <= total + 1, `${none(byLib).failureAmp}`);
  assert.notEqual(none(byLib).failureAmp, none(byPage).failureAmp);
  assert.notDeepEqual(byLib.map((r) => r.amp), byPage.map((r) => r.amp));

  // The link carries the library and the seed: opened, it runs the same.
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('lib'), 'urllib3');
  const again = await open(t, url.search);
  await again.page.getByTestId('load-follows').getByText(`Clients retry as ${urllib3.name} does`).waitFor();
  await field(again.page, CLIENTS).fill('20');
  await run(again.page);
  assert.deepEqual(await tableRows(again.page), byLib);

  // The page's policy again: the line says so, and the figures are its.
  await page.getByLabel('Model', { exact: true }).selectOption('page');
  await follows.getByText("Clients retry as the page's policy above says").waitFor();
  await run(page);
  assert.deepEqual(await tableRows(page), byPage);
});
