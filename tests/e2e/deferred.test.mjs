// The first screen first: the sections below it come as a wasm chunk
// (pkg/split_rest.wasm) fetched after the first schedule sample, and the
// library models as another (pkg/split_library.wasm), fetched then too, or
// first when a link opens on a library. The first screen must answer
// without them, the rest must arrive by itself, a chunk that cannot be
// fetched must be said with a way to try again, and nothing on screen may
// move while it loads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, rows } from './harness.mjs';

const env = useBrowser();
const CHUNK = /\/pkg\/split_[a-z_]+\.wasm$/;
const REST = /\/pkg\/split_rest\.wasm$/;
const MODELS = /\/pkg\/split_library\.wasm$/;

/** A route handler that holds every request until `release()`. */
function holding() {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  return { release, handle: async (route) => { await held; await route.continue(); } };
}

/** A route handler that fails every request, as offline, until `unblock()`. */
function blocking() {
  let blocked = true;
  return {
    unblock: () => { blocked = false; },
    handle: (route) => (blocked ? route.abort('internetdisconnected') : route.continue()),
  };
}

/** Routes the requests of the chunks `pattern` matches through `handle(route)`. */
const onChunk = (handle, pattern = CHUNK) => ({
  beforeLoad: (context) => context.route(pattern, handle),
});

/**
 * Waits until the schedule has `n` rows: a long one is built a few rows
 * per frame, and its means may be made before its last rows are.
 */
const allRows = (page, n) => page.waitForFunction((n) => document.querySelectorAll('table.schedule tbody tr').length === n, n);

/** Waits until the deferred part reaches `state`. */
const deferredIs = (page, state) => page.locator(`[data-testid="deferred"][data-state="${state}"]`).waitFor();

test('the first screen answers while the rest is still on its way, then the rest arrives by itself', async () => {
  const gate = holding();
  const { page, context, errors } = await env.openPage('?seed=42', onChunk(gate.handle, REST));
  try {
    // The schedule, the tiles and the inputs work with the chunk held back;
    // a library, whose models come apart, too.
    await deferredIs(page, 'loading');
    assert.equal((await rows(page)).length, 5);
    await page.getByLabel('Max retries', { exact: true }).fill('7');
    await page.waitForFunction(() => document.querySelectorAll('table.schedule tbody tr').length === 7);
    assert.equal(await page.getByTestId('attempts').getAttribute('data-count'), '8');
    await page.getByLabel('Model', { exact: true }).selectOption('urllib3');
    await page.getByLabel('backoff_factor (s)', { exact: true }).waitFor();
    await page.getByLabel('Model', { exact: true }).selectOption('page');
    assert.equal(await page.getByRole('tab', { name: 'JavaScript' }).count(), 0, 'no code before the chunk');
    await page.getByText('Loading the code, the Retry-After tester and the simulation').waitFor();
    // Let it through: every section comes up without a click, and follows
    // the inputs typed meanwhile.
    gate.release();
    await deferredIs(page, 'ready');
    await page.getByRole('tab', { name: 'JavaScript' }).waitFor();
    await page.waitForFunction(() => /MAX_RETRIES = 7;/.test(document.querySelector('#code-panel pre code')?.textContent));
    await page.getByLabel('Retry-After value', { exact: true }).fill('120');
    await page.waitForFunction(() => document.querySelector('[data-testid="retry-after-result"]')?.dataset.waitMs === '120000');
    await page.getByRole('button', { name: 'Run simulation' }).waitFor();
    assert.equal(await page.getByTestId('deferred').locator('.deferred-note').textContent(), '');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('decorrelated means come with the rest: the middle of each range, marked, until it is here', async () => {
  const gate = holding();
  const { page, context, errors } = await env.openPage('?seed=42&jitter=decorrelated', onChunk(gate.handle, REST));
  try {
    // The first sample is there at once; the expected column is the
    // preview, and the note says it is still being decided.
    await deferredIs(page, 'loading');
    assert.equal((await rows(page)).length, 5);
    const note = page.getByTestId('deciding');
    await note.getByText('Still deciding').waitFor();
    const midpoints = (await rows(page)).map((r) => (r.min + r.max) / 2);
    assert.deepEqual((await rows(page)).map((r) => r.expected), midpoints);
    // Typing meanwhile keeps it marked, on the new values.
    await page.getByLabel('Max retries', { exact: true }).fill('3');
    await page.waitForFunction(() => document.querySelectorAll('table.schedule tbody tr').length === 3);
    await note.waitFor();
    // The rest arrives: the means are made at once, and the mark goes.
    gate.release();
    await deferredIs(page, 'ready');
    await page.waitForFunction(() => !document.querySelector('[data-testid="deciding"]'));
    await page.getByText('the average of 2,000 simulated runs').waitFor();
    const made = await rows(page);
    assert.equal(made.length, 3);
    assert.notDeepEqual(made.map((r) => r.expected), made.map((r) => (r.min + r.max) / 2));
    for (const r of made) assert.ok(r.expected > r.min && r.expected < r.max, JSON.stringify(r));
    // The same means as a page opened on those values.
    const fresh = await env.openPage('?seed=42&jitter=decorrelated&retries=3');
    try {
      await deferredIs(fresh.page, 'ready');
      await fresh.page.waitForFunction(() => !document.querySelector('[data-testid="deciding"]'));
      assert.deepEqual((await rows(fresh.page)).map((r) => r.expected), made.map((r) => r.expected));
    } finally {
      await fresh.context.close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a long decorrelated schedule\'s means are made in slices once the part is here', async () => {
  // 300 retries × 2,000 runs: past what is made at once.
  const { page, context, errors } = await env.openPage('?seed=42&jitter=decorrelated&retries=300');
  try {
    await deferredIs(page, 'ready');
    await page.waitForFunction(() => !document.querySelector('[data-testid="deciding"]'), null, { timeout: 30_000 });
    await allRows(page, 300);
    const made = await rows(page);
    assert.equal(made.length, 300);
    // Retry 2 draws from [base, 3 × retry 1's sleep]: its mean (about
    // 3.5 s) is far from the middle of its range (5 s), the preview.
    assert.equal((made[1].min + made[1].max) / 2, 5000);
    assert.ok(Math.abs(made[1].expected - 3500) < 100, JSON.stringify(made[1]));
    for (const r of made) assert.ok(r.expected >= r.min && r.expected <= r.max, JSON.stringify(r));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the sections\' stylesheet is asked for with their part, not after it, and once', async () => {
  const gate = holding();
  const styles = [];
  const { page, context, errors } = await env.openPage('?seed=42', {
    beforeLoad: async (context) => {
      context.on('request', (r) => { if (/\/rest\.css$/.test(r.url())) styles.push(r.url()); });
      await context.route(REST, gate.handle);
    },
  });
  try {
    await deferredIs(page, 'loading');
    // The part is held back; its stylesheet is already on its way.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/rest.css')));
    assert.equal(styles.length, 1);
    gate.release();
    await deferredIs(page, 'ready');
    await page.getByRole('tab', { name: 'JavaScript' }).waitFor();
    // Styled: the rule the sections' stylesheet carries applies.
    assert.equal(await page.locator('.retry-after').evaluate((el) => getComputedStyle(el).marginTop), '20px');
    assert.equal(styles.length, 1, `rest.css asked for once: ${styles.join(', ')}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a chunk that cannot be fetched is said, the first screen keeps working, and Try again loads it', async () => {
  const gate = blocking();
  const { page, context, errors } = await env.openPage('?seed=42&lang=go', onChunk(gate.handle));
  try {
    await deferredIs(page, 'failed');
    await page.getByText('could not be loaded. The calculator above still works.').waitFor();
    // The first screen still answers, and nothing panicked.
    await page.getByLabel('Base delay (ms)', { exact: true }).fill('500');
    await page.waitForFunction(() => document.querySelector('table.schedule tbody tr td[data-max-ms]')?.dataset.maxMs === '500');
    assert.equal(await page.locator('#panic').isHidden(), true, 'no panic');
    // The exports need the chunk too: they say so rather than copy nothing.
    await page.getByRole('button', { name: 'Copy as Markdown' }).click();
    await page.getByText('Not ready: the exports could not be loaded.').waitFor();
    // Back online: Try again brings every section, on the linked state.
    gate.unblock();
    await page.getByRole('button', { name: 'Try again' }).click();
    await deferredIs(page, 'ready');
    await page.getByRole('tab', { name: 'Go', selected: true }).waitFor();
    await page.waitForFunction(() => /baseDelayMs += 500\b/.test(document.querySelector('#code-panel pre code')?.textContent));
    assert.equal(await page.getByRole('button', { name: 'Try again' }).count(), 0);
    // The failed fetch is logged, and nothing else.
    assert.ok(errors.length > 0 && errors.every((e) => /split|fetch|Failed|load/i.test(e)), errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('a link on a library fetches the library models beside the main wasm, each part once', async () => {
  const { page, context, errors } = await env.openPage('?seed=42&lib=urllib3');
  try {
    await page.getByLabel('backoff_factor (s)', { exact: true }).waitFor();
    const parts = await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => /\/pkg\/[\w.]+\.wasm$/.test(e.name))
      .map((e) => ({ file: e.name.split('/').pop(), by: e.initiatorType })));
    const models = parts.filter((p) => p.file === 'split_library.wasm');
    // Preloaded by a link the loader adds (scripts/preload-library.mjs),
    // and the loader's own fetch reuses that response.
    assert.deepEqual(models, [{ file: 'split_library.wasm', by: 'link' }], JSON.stringify(parts));
    const files = parts.map((p) => p.file);
    assert.equal(new Set(files).size, files.length, `a part fetched twice: ${files}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a library chosen before its models are here waits for them, then shows', async () => {
  const gate = holding();
  const { page, context, errors } = await env.openPage('?seed=42', onChunk(gate.handle, MODELS));
  try {
    assert.equal((await rows(page)).length, 5);
    await page.getByLabel('Model', { exact: true }).selectOption('urllib3');
    await page.getByTestId('model-status').getByText('Loading the model of urllib3 Retry').waitFor();
    // Meanwhile the page's policy stays on screen, and its fields answer.
    assert.equal((await rows(page)).length, 5);
    assert.equal(await page.getByLabel('backoff_factor (s)', { exact: true }).count(), 0);
    gate.release();
    await page.getByLabel('backoff_factor (s)', { exact: true }).waitFor();
    // urllib3's defaults: 10 retries, each described beside its field.
    await page.waitForFunction(() => document.querySelectorAll('table.schedule tbody tr').length === 10);
    assert.equal(await page.getByTestId('model-status').textContent(), '');
    assert.match(await page.locator('.library-fields').textContent(), /backoff_jitter/);
    await page.waitForFunction(() => /[?&]lib=urllib3\b/.test(location.search));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a link on a library whose models cannot be fetched says so, keeps the link, and Try again shows it', async () => {
  const gate = blocking();
  const { page, context, errors } = await env.openPage('?seed=42&lib=tenacity&lib.max=30', onChunk(gate.handle, MODELS));
  try {
    await page.getByTestId('model-status').getByText('The model of tenacity').waitFor();
    // The page's own policy answers meanwhile, nothing panicked, and the
    // link still names the library and its value.
    assert.equal((await rows(page)).length, 5);
    assert.equal(await page.locator('#panic').isHidden(), true, 'no panic');
    assert.match(await page.evaluate(() => location.search), /lib=tenacity&lib\.max=30|lib\.max=30.*lib=tenacity|lib=tenacity.*lib\.max=30/);
    gate.unblock();
    await page.getByTestId('model-status').locator('..').getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('max (s)', { exact: true }).waitFor();
    assert.equal(await page.getByLabel('max (s)', { exact: true }).inputValue(), '30');
    assert.equal(await page.getByTestId('model-status').textContent(), '');
    assert.ok(errors.every((e) => /split|fetch|Failed|load/i.test(e)), errors.join('\n'));
  } finally {
    await context.close();
  }
});

for (const [width, height] of [[375, 812], [1280, 900]]) {
  test(`nothing on screen moves while the page loads, the chunk included, at ${width} px`, async () => {
    const gate = holding();
    const { page, context } = await env.openPage('?seed=42', {
      viewport: { width, height },
      beforeLoad: async (context) => {
        await context.addInitScript(() => {
          window.__shift = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        // Held a while, so the first screen is painted first, as on a
        // slow network.
        await context.route(CHUNK, gate.handle);
      },
    });
    try {
      await page.waitForTimeout(300);
      gate.release();
      await deferredIs(page, 'ready');
      await page.getByRole('tab', { name: 'JavaScript' }).waitFor();
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => window.__shift), 0);
    } finally {
      await context.close();
    }
  });
}

for (const [width, height] of [[375, 812], [1280, 900]]) {
  test(`once drawn, a section out of view is skipped by layout and paint, and keeps its height, at ${width} px`, async () => {
    const { page, context, errors } = await env.openPage('?seed=42', { viewport: { width, height } });
    try {
      await deferredIs(page, 'ready');
      await page.locator('[data-drawn]').waitFor({ state: 'attached' });
      // A frame decides which sections are out of view.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const panels = await page.locator('[data-drawn] section.panel').evaluateAll((sections) => sections.map((s) => {
        // Its heading is hidden when the section skips its contents.
        const skipped = !s.querySelector('h2').checkVisibility({ contentVisibilityAuto: true });
        const kept = s.getBoundingClientRect().height;
        s.style.contentVisibility = 'visible';
        const drawn = s.getBoundingClientRect().height;
        s.style.contentVisibility = '';
        return { id: s.getAttribute('aria-labelledby'), skipped, kept, drawn };
      }));
      assert.ok(panels.length >= 7, JSON.stringify(panels));
      // The last sections are out of view: skipped.
      assert.ok(panels.at(-1).skipped, JSON.stringify(panels.at(-1)));
      for (const p of panels) assert.ok(Math.abs(p.kept - p.drawn) < 1, `${p.id} keeps its height: ${JSON.stringify(p)}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
