// Size of the release build: gzip -9 of everything the page loads (wasm,
// JS, CSS, HTML, icon), each file reported. The files are the ones a real
// load requests, read back from dist/ and compressed here, so the figure is
// deterministic for a given build.
//
// docs/targets.md sets 160 KB for the total. The page does not meet it yet (see the
// README, "Size"), so this test asserts a ceiling at today's size instead:
// the page cannot grow unnoticed, and the report says how far off the
// target it is. Lower CEILING_BYTES whenever the page shrinks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { useBrowser, distDir } from './harness.mjs';

/** The target for the total (docs/targets.md). */
export const TARGET_BYTES = 160 * 1024;
/**
 * The most the page may weigh: 232 KiB (237,568 B, the page at 237,547 B
 * on 1 December 2026, rounded up), raised by exactly what the retry
 * libraries added (the issue "Your library, in its own terms" allowed up
 * to 40 KB): the page measured 278,098 B with them, 40,551 B more.
 */
export const CEILING_BYTES = 232 * 1024 + 40_551;

const env = useBrowser();

test('everything the page loads stays under its ceiling, reported against the target', async () => {
  const { page, context } = await env.openPage('?seed=42');
  // Every section is up (the code is the last to render), then the
  // network is quiet: nothing is loaded later.
  await page.getByRole('tab', { name: 'JavaScript' }).waitFor();
  await page.waitForLoadState('networkidle');
  const urls = await page.evaluate(() => [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]);
  await context.close();

  const files = [...new Set(urls.map((u) => new URL(u).pathname.slice(1) || 'index.html'))].sort();
  const wanted = ['index.html', '.js', '.wasm', '.css'];
  for (const kind of wanted) assert.ok(files.some((f) => f.endsWith(kind)), `the page loads a ${kind} file`);
  let total = 0;
  const report = [];
  for (const file of files) {
    const body = fs.readFileSync(path.join(distDir, file));
    const gz = zlib.gzipSync(body, { level: 9 }).length;
    total += gz;
    report.push(`${file}: ${body.length} B raw, ${gz} B gzip -9`);
  }
  report.push(`everything the page loads: ${total} B gzip -9; ceiling ${CEILING_BYTES} B; `
    + `target ${TARGET_BYTES} B ${total <= TARGET_BYTES ? 'met' : `not met (${total - TARGET_BYTES} B over)`}`);
  console.log(report.join('\n'));
  fs.mkdirSync('artifacts', { recursive: true });
  fs.writeFileSync('artifacts/size.txt', report.join('\n') + '\n');
  assert.ok(total <= CEILING_BYTES, report.join('\n'));
});
