// The link holds what the fields show, after any sequence of actions
// (issue 25): seeded random sequences of what a person does on the page
// (Model, Library, Preset, Re-roll, typing valid and refused text in the
// page's and a library's fields, a server wait applied and cleared,
// Copy config), checked after every action once the link is rewritten:
// every visible field that is not marked refused shows the value the link
// carries (or its default when the link leaves it out). At the end, a page
// opened on the link shows the same schedule table and the same config.
//
// The natively run twin of this test is src/ui/state/invariant/, over
// many more sequences; this one proves the page's controls and the link
// writer keep to it too. The seeds are fixed, so a failure replays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, rows, decided } from './harness.mjs';
import { libraries, defaults } from '../manifest.mjs';

const env = useBrowser();

const SEEDS = [1, 2, 3];
const ACTIONS = 40;

/** A small seeded generator (mulberry32): the same seed, the same sequence. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (list) => list[Math.floor(next() * list.length)] };
}

/** The page's own text fields: id, link key, and ms when it reads units. */
const PAGE_FIELDS = [
  { id: 'base', key: 'base', ms: true },
  { id: 'multiplier', key: 'multiplier' },
  { id: 'cap', key: 'cap', ms: true },
  { id: 'retries', key: 'retries' },
  { id: 'deadline', key: 'deadline', ms: true },
];
const PAGE_TEXTS = ['250', '1000', '1.5', '3', '0', '30 s', '2 min', '500 ms', '', 'abc', '-1', '12'];
const LIB_TEXTS = ['250', '0.5', '30 s', '500 ms', 'none', 'abc', '', '-1', '3', '0', '1.5', '10', '2 min'];
const UNIT_MS = { ms: 1, s: 1000, min: 60_000 };

/**
 * A field's text as a number in the field's own unit (`fieldMs` ms per
 * unit, null when it takes no units), or the text itself when it is no
 * number: `30 s` in a ms field is 30000.
 */
function reading(text, fieldMs) {
  const t = text.trim();
  const m = /^(-?\d+(?:\.\d+)?(?:e\d+)?)\s*(ms|s|min)?$/.exec(t);
  if (!m) return t;
  if (!m[2]) return Number(m[1]);
  return fieldMs ? (Number(m[1]) * UNIT_MS[m[2]]) / fieldMs : t;
}

/** Whether a field showing `shown` holds `carried` (the link's text). */
function same(shown, carried, fieldMs) {
  const a = reading(shown, fieldMs);
  const b = reading(carried, fieldMs);
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  const none = (v) => (['none', 'None', 'inf', 'Infinity'].includes(v) ? 'none' : v);
  return none(a) === none(b);
}

/**
 * Waits for the link to be rewritten (120 ms after typing pauses), then
 * until it stops changing.
 */
async function settled(page) {
  await page.waitForTimeout(200);
  let last = await page.evaluate(() => location.search);
  for (let i = 0; i < 20; i += 1) {
    await page.waitForTimeout(100);
    const now = await page.evaluate(() => location.search);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** Every visible field and select of interest: { id, value, invalid, label }. */
async function shownFields(page) {
  return page.evaluate(() => {
    const seen = (el) => el && el.offsetParent !== null;
    const ids = ['model', 'to', 'jitter', 'base', 'multiplier', 'cap', 'retries', 'deadline'];
    const out = [];
    for (const id of ids) {
      const el = document.getElementById(id);
      if (seen(el)) out.push({ id, value: el.value, invalid: el.getAttribute('aria-invalid') === 'true' });
    }
    for (const el of document.querySelectorAll('.library-fields input, .library-fields select')) {
      if (seen(el)) out.push({ id: el.id, value: el.value, invalid: el.getAttribute('aria-invalid') === 'true' });
    }
    return out;
  });
}

/** What disagrees between the visible fields and the link `search`. */
async function disagreements(page, search) {
  const link = new URLSearchParams(search);
  const chosen = libraries.find((l) => l.id === link.get('lib'));
  const out = [];
  for (const f of await shownFields(page)) {
    if (f.invalid) continue;
    let carried;
    let fieldMs = null;
    if (f.id === 'model') carried = link.get('lib') ?? 'page';
    else if (f.id === 'to') carried = link.get('to') ?? '';
    else if (f.id === 'jitter') carried = link.get('jitter') ?? defaults.jitter;
    else if (f.id === 'lib-version' && chosen?.releases.length > 1) {
      // The Release select: its value is the link's spelling, empty for
      // the current release, which the link leaves out.
      const carried = link.get('lib.version') ?? '';
      if (f.value !== carried) out.push(`#lib-version shows ${JSON.stringify(f.value)}, the link ${search} carries ${JSON.stringify(carried)}`);
      continue;
    } else if (f.id.startsWith('lib-')) {
      const p = chosen?.params.find((q) => `lib-${q.name}` === f.id);
      if (!p) {
        out.push(`${f.id} shows ${JSON.stringify(f.value)} but the link has no such library field`);
        continue;
      }
      carried = link.get(`lib.${p.name}`) ?? p.default;
      fieldMs = p.label.endsWith('(ms)') ? 1 : p.label.endsWith('(s)') ? 1000 : null;
    } else {
      const spec = PAGE_FIELDS.find((q) => q.id === f.id);
      carried = link.get(spec.key) ?? String(defaults[spec.key]);
      fieldMs = spec.ms ? 1 : null;
    }
    if (!same(f.value, carried, fieldMs)) {
      out.push(`#${f.id} shows ${JSON.stringify(f.value)}, the link ${search} carries ${JSON.stringify(carried)}`);
    }
  }
  return out;
}

const visible = async (locator) => (await locator.count()) > 0 && locator.first().isVisible();

/** Does one random action through the page's controls; returns what it did. */
async function act(page, rng) {
  const kind = rng.pick(['model', 'model', 'to', 'preset', 'reroll', 'page', 'page', 'lib', 'lib', 'lib', 'wait', 'clear', 'copy']);
  const options = (id) => page.locator(`#${id} option`).evaluateAll((os) => os.map((o) => o.value));
  switch (kind) {
    case 'model': {
      // The page's own policy one time in three, so its fields and the
      // Library select get their turn.
      const value = rng.next() < 0.35 ? 'page' : rng.pick(await options('model'));
      await page.locator('#model').selectOption(value);
      // A library's models may still be on their way: wait for the choice.
      await page.waitForFunction(() => document.getElementById('model-status').textContent === '');
      return `Model ${value}`;
    }
    case 'to': {
      const to = page.locator('#to');
      if (!(await visible(to))) return 'Library (hidden)';
      const value = rng.pick(await options('to'));
      await to.selectOption(value);
      return `Library ${value || '(none)'}`;
    }
    case 'preset': {
      const value = rng.pick((await options('preset')).filter((v) => v !== ''));
      await page.locator('#preset').selectOption(value);
      await page.waitForFunction(() => document.getElementById('model-status').textContent === '');
      return `Preset ${value}`;
    }
    case 'reroll': {
      const button = page.getByRole('button', { name: 'Re-roll jitter' });
      if (await button.isDisabled()) return 'Re-roll (disabled)';
      await button.click();
      return 'Re-roll';
    }
    case 'page': {
      const shown = [];
      for (const f of PAGE_FIELDS) if (await visible(page.locator(`#${f.id}`))) shown.push(f.id);
      const text = rng.pick(PAGE_TEXTS);
      if (shown.length === 0) return 'page field (none shown)';
      const id = rng.pick(shown);
      await page.locator(`#${id}`).fill(text);
      return `type ${JSON.stringify(text)} in ${id}`;
    }
    case 'lib': {
      const fields = page.locator('.library-fields input, .library-fields select');
      const n = await fields.count();
      if (n === 0 || !(await fields.first().isVisible())) return 'library field (none)';
      const el = fields.nth(Math.floor(rng.next() * n));
      const id = await el.getAttribute('id');
      if ((await el.evaluate((e) => e.tagName)) === 'SELECT') {
        const value = rng.pick(await el.locator('option').evaluateAll((os) => os.map((o) => o.value)));
        await el.selectOption(value);
        return `choose ${value} in ${id}`;
      }
      const text = rng.pick(LIB_TEXTS);
      await el.fill(text);
      return `type ${JSON.stringify(text)} in ${id}`;
    }
    case 'wait': {
      const header = rng.pick(['3', '120', '0']);
      const retry = String(1 + Math.floor(rng.next() * 4));
      await page.locator('#retry-after-value').fill(header);
      await page.locator('#apply-retry').fill(retry);
      const button = page.getByRole('button', { name: /^Apply to retry/ });
      if (await button.isDisabled()) return `server wait ${header} at ${retry} (refused)`;
      await button.click();
      return `server wait ${header} s at retry ${retry}`;
    }
    case 'clear': {
      const button = page.getByRole('button', { name: 'Clear server wait' });
      if (!(await visible(button))) return 'clear (none)';
      await button.click();
      return 'clear server wait';
    }
    default: {
      const button = page.getByRole('button', { name: 'Copy config' });
      if (!(await visible(button))) return 'copy (none)';
      await button.click();
      return 'Copy config';
    }
  }
}

/** The table and the config a page shows once its rows are decided. */
async function shown(page) {
  await decided(page);
  const table = (await rows(page)).map(({ text, ...r }) => r);
  const config = page.getByTestId('library-config');
  return { table, config: (await config.count()) ? await config.textContent() : '' };
}

for (const seed of SEEDS) {
  test(`after each of ${ACTIONS} random actions (seed ${seed}), the link holds what the fields show; reopened, the same table and config`, async (t) => {
    const rng = generator(seed);
    const { page } = await env.open(t, '?seed=7', { permissions: ['clipboard-read', 'clipboard-write'] });
    // The rest of the page (the Library select, the tester) has come.
    await page.locator('#to').waitFor({ state: 'attached' });
    const done = [];
    let search = '';
    for (let n = 0; n < ACTIONS; n += 1) {
      done.push(await act(page, rng));
      search = await settled(page);
      const found = await disagreements(page, search);
      assert.deepEqual(found, [], `after ${done.map((d, i) => `${i + 1}. ${d}`).join('; ')}`);
    }
    if (process.env.INVARIANT_LOG) t.diagnostic(done.join('; '));
    const before = await shown(page);
    const { page: reopened } = await env.open(t, search);
    await reopened.locator('#to').waitFor({ state: 'attached' });
    assert.equal(await settled(reopened), search, 'the reopened page keeps its link');
    const after = await shown(reopened);
    assert.deepEqual(after.table, before.table, `the same table at ${search}`);
    assert.equal(after.config, before.config, `the same config at ${search}`);
  });
}
