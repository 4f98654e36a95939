// Deployable anywhere: the release build made with trunk's
// `--public-url /team/backoff/` (scripts/test.sh builds it into
// dist-subpath/) is served only under that path, as a project page on a
// static host is. Every section must appear and no request may fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBrowser } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.resolve(process.env.SUBPATH_DIST_DIR ?? path.join(root, 'dist-subpath'));
const prefix = '/team/backoff/';

const env = useBrowser({ dir, prefix });

test('a build for /team/backoff/ works when served there', async (t) => {
  assert.ok(fs.existsSync(path.join(dir, 'index.html')), `${dir} holds a --public-url ${prefix} build`);
  const { page } = await env.open(t, '?seed=42&jitter=decorrelated', { path: prefix });
  // Every section of the page, each found by what a person sees.
  await page.getByLabel('Preset', { exact: true }).waitFor();
  await page.locator('svg [data-retry="5"]').waitFor();
  await page.getByRole('button', { name: 'Copy as Markdown' }).waitFor();
  await page.getByLabel('Retry-After value', { exact: true }).waitFor();
  await page.getByRole('tab', { name: 'JavaScript' }).waitFor();
  await page.locator('#code-panel pre code').getByText('fetchWithBackoff').first().waitFor();
  await page.getByRole('heading', { name: 'How to choose' }).waitFor();
  // Every request went under the prefix, and the link stays there too.
  const paths = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  assert.ok(paths.length >= 3, `the page loaded its files: ${paths}`);
  for (const p of paths) assert.ok(p.startsWith(prefix), `${p} is under ${prefix}`);
  await page.getByLabel('Base delay (ms)', { exact: true }).fill('250');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('base') === '250');
  assert.equal(new URL(page.url()).pathname, prefix);
});
