// What a person does with the Retry-After tester: paste a header value,
// read the form, the instant and the wait, watch a date count down, and see
// why a value is refused. Runs in headless Chromium against the release build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, expectParam } from './harness.mjs';

const env = useBrowser();

/** Opens the page; the test fails if it logs an error or leaves its origin. */
const open = env.open;

const RESULT = '[data-testid=retry-after-result]';

/** The result's data attributes and text, or null when there is none. */
async function result(page) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return el && { ...el.dataset, text: el.textContent };
  }, RESULT);
}

/**
 * Types a value into the field and waits for the reading it should give.
 * The field is emptied first, so the result read is the new value's.
 */
async function enter(page, value, form) {
  const input = page.getByLabel('Retry-After value', { exact: true });
  await input.fill('');
  await page.waitForFunction((sel) => document.querySelector(sel) === null, RESULT);
  await input.fill(value);
  await page.waitForFunction(
    ([sel, f]) => document.querySelector(sel)?.dataset.form === f,
    [RESULT, form],
  );
  return result(page);
}

// The three HTTP-date shapes of RFC 9110 §5.6.7, written independently of
// the page's own formatter.
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n) => String(n).padStart(2, '0');
const hms = (d) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const shapes = {
  'imf-fixdate': (d) => `${DAYS[d.getUTCDay()]}, ${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${hms(d)} GMT`,
  rfc850: (d) => `${LONG_DAYS[d.getUTCDay()]}, ${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${pad(d.getUTCFullYear() % 100)} ${hms(d)} GMT`,
  asctime: (d) => `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${hms(d)} ${d.getUTCFullYear()}`,
};
/** A whole second at least `secs` seconds from now, as epoch ms. */
const secondsAhead = (secs) => Math.ceil(Date.now() / 1000) * 1000 + secs * 1000;
const utc = (ms) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

test('an empty field shows a prompt, not an error', async (t) => {
  const { page } = await open(t);
  const input = page.getByLabel('Retry-After value', { exact: true });
  await page.getByText('Paste a header value, or pick an example.').waitFor();
  assert.equal(await result(page), null, 'no result before anything is typed');
  await enter(page, '120', 'delay-seconds');
  for (const blank of ['', '  \t ']) {
    await input.fill(blank);
    await page.getByText('Paste a header value, or pick an example.').waitFor();
    assert.equal(await result(page), null, `no result for ${JSON.stringify(blank)}`);
  }
});

test('seconds give a fixed wait, and the maximum clamps it', async (t) => {
  const { page } = await open(t);
  let r = await enter(page, '120', 'delay-seconds');
  assert.equal(r.waitMs, '120000');
  assert.equal(r.instantMs, undefined, 'seconds name no instant');
  assert.match(r.text, /Formdelay-seconds/);
  assert.match(r.text, /Wait120,000 ms \(120 s\)/);
  assert.match(r.text, /ClampedNo/);

  r = await enter(page, '  120\t', 'delay-seconds');
  assert.equal(r.waitMs, '120000', 'surrounding whitespace is trimmed');

  r = await enter(page, '99999', 'delay-seconds');
  assert.equal(r.waitMs, '600000');
  assert.match(r.text, /Wait600,000 ms \(600 s\)/);
  assert.match(r.text, /ClampedYes: the value asks for more than the maximum/);

  r = await enter(page, '9'.repeat(30), 'delay-seconds');
  assert.equal(r.waitMs, '600000', 'a 30-digit value clamps');

  const max = page.getByLabel('Max Retry-After (ms)', { exact: true });
  // Empty: the maximum follows the deadline, 600,000 ms without one.
  assert.equal(await max.inputValue(), '');
  await enter(page, '120', 'delay-seconds');
  await max.fill('5000');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.waitMs === '5000', RESULT);
  r = await result(page);
  assert.match(r.text, /Wait5,000 ms \(5\.00 s\)/);
  assert.match(r.text, /ClampedYes/);
  await expectParam(page, 'ramax', '5000', 'the maximum is in the link');
  await max.fill('-5');
  await page.getByText('Enter 0 or more.').waitFor();
  assert.equal((await result(page)).waitMs, '5000', 'an invalid maximum keeps the last valid one');
});

test('a date in each shape reads its instant and waits until then', async (t) => {
  const { page } = await open(t);
  for (const [form, write] of Object.entries(shapes)) {
    const at = secondsAhead(120);
    const r = await enter(page, write(new Date(at)), form);
    assert.equal(r.instantMs, String(at), `${form}: instant`);
    const wait = Number(r.waitMs);
    assert.ok(wait > 117_000 && wait <= 121_000, `${form}: wait ${wait} ≈ 120 s`);
    assert.ok(r.text.includes(`Instant${utc(at)}`), `${form}: ${r.text}`);
    assert.match(r.text, /ClampedNo/);
    assert.match(r.text, /Counting down to the date\./);
  }

  const far = secondsAhead(86_400);
  let r = await enter(page, shapes['imf-fixdate'](new Date(far)), 'imf-fixdate');
  assert.equal(r.instantMs, String(far));
  assert.equal(r.waitMs, '600000', 'a date a day ahead clamps to the maximum');
  assert.match(r.text, /ClampedYes/);

  r = await enter(page, 'Sun, 06 Nov 1994 08:49:37 GMT', 'imf-fixdate');
  assert.equal(r.instantMs, '784111777000');
  assert.equal(r.waitMs, '0', 'a past date waits 0');
  assert.match(r.text, /Instant1994-11-06 08:49:37 UTC/);
  assert.match(r.text, /Wait0 ms/);
  assert.match(r.text, /The date has passed, which asks for no wait: the code keeps its computed backoff instead\./);

  r = await enter(page, 'Sunday, 06-Nov-94 08:49:37 GMT', 'rfc850');
  assert.equal(r.instantMs, '784111777000', 'a two-digit year of 94 is 1994');
  r = await enter(page, 'Sun Nov  6 08:49:37 1994', 'asctime');
  assert.equal(r.instantMs, '784111777000');
});

const refused = [
  ['1.5', 'Only whole seconds are allowed: 1.5 has a fraction.'],
  ['-1', "A wait can't be negative: -1 has a minus sign."],
  ['1e3', 'Seconds are plain digits: 1e3 uses exponent notation.'],
  ['+5', 'Seconds are plain digits: +5 has a plus sign.'],
  ['2026-11-29T22:00:00Z', 'ISO 8601 is not an HTTP date; the form is Sun, 06 Nov 1994 08:49:37 GMT.'],
  ['Sun, 31 Feb 2026 08:00:00 GMT', 'February has no 31st.'],
  ['Sun, 06 Nov 1994 25:00:00 GMT', 'There is no hour 25: hours run from 00 to 23.'],
];

test('a refused value shows its reason and that the backoff applies', async (t) => {
  const { page } = await open(t);
  for (const [value, reason] of refused) {
    const r = await enter(page, value, 'invalid');
    assert.equal(r.waitMs, undefined, `${value}: no wait from the header`);
    assert.equal(r.instantMs, undefined);
    assert.equal(
      (await page.getByTestId('retry-after-reason').textContent()).trim(),
      reason,
      `reason for ${value}`,
    );
    assert.match(r.text, /The header is ignored and the computed backoff applies instead\./);
  }
});

const examples = [
  ['Seconds: 120', 'delay-seconds', '120'],
  ['Too long: 99999', 'delay-seconds', '99999'],
  ['IMF-fixdate, 90 s ahead', 'imf-fixdate', /^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT$/],
  ['RFC 850, 90 s ahead', 'rfc850', /^[A-Z][a-z]+day, \d\d-[A-Z][a-z]{2}-\d\d \d\d:\d\d:\d\d GMT$/],
  ['asctime, 90 s ahead', 'asctime', /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4}$/],
  ['A date in 1994', 'imf-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT'],
  ['Fraction: 1.5', 'invalid', '1.5'],
  ['Negative: -1', 'invalid', '-1'],
  ['Exponent: 1e3', 'invalid', '1e3'],
  ['ISO 8601', 'invalid', '2026-11-29T22:00:00Z'],
  ['31 February', 'invalid', 'Sun, 31 Feb 2026 08:00:00 GMT'],
];

test('the example buttons fill the field, by mouse or keyboard', async (t) => {
  const { page } = await open(t);
  const input = page.getByLabel('Retry-After value', { exact: true });
  for (const [i, [name, form, value]] of examples.entries()) {
    const button = page.getByRole('button', { name, exact: true });
    if (i % 2 === 0) {
      await button.click();
    } else {
      await button.focus();
      await page.keyboard.press(i % 4 === 1 ? 'Enter' : 'Space');
    }
    await page.waitForFunction(([sel, f]) => document.querySelector(sel)?.dataset.form === f, [RESULT, form]);
    const text = await input.inputValue();
    if (value instanceof RegExp) assert.match(text, value, name);
    else assert.equal(text, value, name);
    if (name.includes('90 s ahead')) {
      const wait = Number((await result(page)).waitMs);
      assert.ok(wait > 88_000 && wait <= 91_000, `${name}: wait ${wait} ≈ 90 s`);
    }
  }
});

test('a date 3 s ahead counts down to 0 and the ticking stops', async (t) => {
  const { page } = await open(t);
  // Count the page's live intervals, to see the ticker start and stop.
  await page.addInitScript(() => {
    const live = new Set();
    const set = window.setInterval.bind(window);
    const clear = window.clearInterval.bind(window);
    window.setInterval = (...args) => { const id = set(...args); live.add(id); return id; };
    window.clearInterval = (id) => { live.delete(id); clear(id); };
    window.liveIntervals = () => live.size;
  });
  await page.reload();
  await page.getByLabel('Retry-After value', { exact: true }).waitFor();
  assert.equal(await page.evaluate(() => window.liveIntervals()), 0);

  const at = secondsAhead(3);
  const first = await enter(page, shapes['imf-fixdate'](new Date(at)), 'imf-fixdate');
  assert.equal(first.instantMs, String(at));
  await page.getByTestId('retry-after-result').getByRole('timer').waitFor();
  await page.waitForFunction(() => window.liveIntervals() === 1);

  const seen = [Number(first.waitMs)];
  const deadline = Date.now() + 7_000;
  while (seen.at(-1) > 0 && Date.now() < deadline) {
    await page.waitForTimeout(150);
    seen.push(Number((await result(page)).waitMs));
  }
  assert.equal(seen.at(-1), 0, `reached 0: ${seen.join(', ')}`);
  for (let i = 1; i < seen.length; i += 1) assert.ok(seen[i] <= seen[i - 1], `never goes up: ${seen.join(', ')}`);
  assert.ok(new Set(seen).size >= 5, `counted down in steps: ${seen.join(', ')}`);
  assert.ok(Date.now() >= at - 300, 'reached 0 no earlier than the date');

  await page.waitForFunction(() => window.liveIntervals() === 0);
  await page.waitForTimeout(1_000);
  const end = await result(page);
  assert.equal(end.waitMs, '0', 'stays at 0');
  assert.match(end.text, /Wait0 ms/);
  assert.match(end.text, /The date has passed/);
  assert.equal(await page.evaluate(() => window.liveIntervals()), 0, 'no ticker after 0');

  // Seconds do not count down, and leaving a date stops its ticker.
  await enter(page, shapes.asctime(new Date(secondsAhead(60))), 'asctime');
  await page.waitForFunction(() => window.liveIntervals() === 1);
  await enter(page, '120', 'delay-seconds');
  await page.waitForFunction(() => window.liveIntervals() === 0);
  assert.equal(await page.getByTestId('retry-after-result').getByRole('timer').count(), 0);
});

test('the result is announced politely and the tester is labelled', async (t) => {
  const { page } = await open(t);
  const tester = page.getByRole('region', { name: 'Retry-After tester' });
  await tester.waitFor();
  const live = await page.locator('.ra-live').getAttribute('aria-live');
  assert.equal(live, 'polite');
  assert.equal(
    await page.getByLabel('Retry-After value', { exact: true }).getAttribute('aria-describedby'),
    'retry-after-value-hint',
  );
  await enter(page, shapes.rfc850(new Date(secondsAhead(30))), 'rfc850');
  const timer = page.getByTestId('retry-after-result').getByRole('timer');
  assert.equal(await timer.getAttribute('aria-live'), 'off', 'the countdown is not read out on every tick');
  for (const [href, text] of [
    ['https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3', 'RFC 9110 §10.2.3'],
    ['https://www.rfc-editor.org/rfc/rfc9110#section-5.6.7', '§5.6.7'],
    ['https://www.rfc-editor.org/rfc/rfc6585#section-4', '429 Too Many Requests (RFC 6585 §4)'],
  ]) {
    assert.equal(await tester.getByRole('link', { name: text, exact: true }).getAttribute('href'), href);
  }
});
