// "Paste your config" (the library section, below the first screen): a
// library's config pasted as it stands in code sets `Model`, the library's
// fields and the link through the page's one state; what was left aside is
// listed beside the field; a config the page wrote reads back to the same
// link; and hostile pastes (too long, two libraries, none, a value the
// library refuses, control characters, deep nesting, unterminated
// strings, huge numbers) change nothing and leave the last reading on
// screen. (tests/e2e/paste.test.mjs is about pasting the page's retry
// code; this file is about pasting a library's config into the page.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, expectParam } from './harness.mjs';

const env = useBrowser();

const box = (page) => page.getByLabel('Paste your config', { exact: true });
const status = (page) => page.getByTestId('paste-config-status');
const error = (page) => page.getByTestId('paste-config-error');
const model = (page) => page.getByLabel('Model', { exact: true });
const libParams = (page) => [...new URL(page.url()).searchParams].filter(([k]) => k === 'lib' || k.startsWith('lib.'));

/** Pastes `text` into the field (an input event, as a paste is). */
async function paste(page, text) {
  await box(page).fill(text);
}

test('a pasted urllib3 Retry sets Model, its fields and the link, and says what it left aside', async (t) => {
  const { page } = await env.open(t, '');
  const field = box(page);
  await field.waitFor();
  // A real label, described by its hint and its error line.
  assert.equal(await field.evaluate((el) => el.tagName.toLowerCase()), 'textarea');
  const described = (await field.getAttribute('aria-describedby')).split(' ');
  assert.ok(described.includes('paste-config-hint') && described.includes('paste-config-error'));
  assert.match(await page.locator('#paste-config-hint').textContent(), /runs none of it/);
  assert.equal(await status(page).getAttribute('role'), 'status');

  await paste(page, 'retry = Retry(total=5, backoff_factor=0.5, status_forcelist=[502, 503])');
  await expectParam(page, 'lib', 'urllib3');
  await expectParam(page, 'lib.total', '5');
  await expectParam(page, 'lib.backoff_factor', '0.5');
  assert.equal(await model(page).inputValue(), 'urllib3');
  assert.equal(await page.locator('[id="lib-total"]').inputValue(), '5');
  assert.equal(await page.locator('[id="lib-backoff_factor"]').inputValue(), '0.5');
  const said = await status(page).textContent();
  assert.match(said, /Read urllib3 Retry: total 5, backoff_factor 0\.5 s\./);
  assert.match(said, /status_forcelist left aside: it picks which failures are retried, not when\./);
  assert.equal(await error(page).textContent(), '');
});

test('the config the page writes, pasted back into a fresh page, gives the same link', async (t) => {
  const query = '?lib=p-retry&lib.retries=4&lib.factor=3&lib.minTimeout=250&lib.randomize=true';
  const { page } = await env.open(t, query);
  const config = page.getByTestId('library-config');
  await config.waitFor();
  const text = await config.textContent();
  const want = libParams(page);
  assert.ok(want.length >= 5, 'the link carries the library and its four settings');

  const fresh = await env.open(t, '');
  await box(fresh.page).waitFor();
  await paste(fresh.page, text);
  for (const [k, v] of want) await expectParam(fresh.page, k, v);
  assert.deepEqual(libParams(fresh.page), want);
});

test('hostile pastes change nothing, and the last reading stays', async (t) => {
  const { page } = await env.open(t, '');
  await box(page).waitFor();
  await paste(page, 'wait.Backoff{Duration: 10 * time.Millisecond, Factor: 1.5, Jitter: 0.1, Steps: 6}');
  await expectParam(page, 'lib', 'client-go');
  await expectParam(page, 'lib.Steps', '6');
  const before = libParams(page);
  const fields = () => page.locator('[id="lib-Steps"]').inputValue();
  const cases = [
    ['100 KB', 'Retry(total=7) '.repeat(7_000), /bytes; the reader takes at most/],
    ['two libraries', 'Retry(total=3, backoff_factor=1)\n@retry(stop=stop_after_attempt(3))', /more than one library \(urllib3 Retry, tenacity @retry\)/],
    ['none', 'print("hello, world")', /No retry library recognised/],
    ['a value the library refuses', 'wait.Backoff{Steps: 5000}', /Steps: 5000 is outside 1 to 1000/],
    ['a huge number', `Retry(total=3, backoff_factor=1${'0'.repeat(20_000)})`, /backoff_factor: inf is outside/],
    ['deep nesting and an unterminated string', `Retry(total=2, x=${'(['.repeat(8_000)}"never closed`, null],
    ['control and direction marks', 'Retry(\u0000total=9,\u202E backoff_factor=2\u200F', null],
  ];
  for (const [what, text, message] of cases) {
    await paste(page, text);
    if (message) {
      await page.waitForFunction(() => document.querySelector('[data-testid="paste-config-error"]').textContent !== '');
      assert.match(await error(page).textContent(), message, what);
      assert.match(await error(page).textContent(), /Nothing was changed\./, what);
      assert.equal(await box(page).getAttribute('aria-invalid'), 'true', what);
      assert.deepEqual(libParams(page), before, `${what}: the link is unchanged`);
      assert.equal(await fields(), '6', `${what}: the fields are unchanged`);
    }
  }
  // The last two are read (as urllib3), what could not be read is said.
  await expectParam(page, 'lib', 'urllib3');
  await expectParam(page, 'lib.total', '9');
  assert.match(await status(page).textContent(), /invisible characters left aside/);
  // The page still works: a good paste after all that is read at once.
  await paste(page, 'ExponentialBuilder::default().with_max_times(4).with_min_delay(Duration::from_millis(250))');
  await expectParam(page, 'lib', 'backon');
  await expectParam(page, 'lib.max_times', '4');
  await expectParam(page, 'lib.min_delay', '250');
  assert.equal(await error(page).textContent(), '');
});
