// Size budget of the release build: gzip -9 of everything the page loads
// (wasm, JS, CSS, HTML, icon) must stay within 160 KB (163,840 bytes). The
// files are the ones a real load requests, read back from dist/ and
// compressed here, so the figure is deterministic for a given build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serveDist, launch, openPage, distDir } from './harness.mjs';

export const BUDGET_BYTES = 160 * 1024;

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('everything the page loads fits the gzip budget', async () => {
  const { page, context } = await openPage(browser, server.origin, '?seed=42');
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
  report.push(`everything the page loads: ${total} B gzip -9 of a ${BUDGET_BYTES} B budget`);
  console.log(report.join('\n'));
  fs.mkdirSync('artifacts', { recursive: true });
  fs.writeFileSync('artifacts/size.txt', report.join('\n') + '\n');
  assert.ok(total <= BUDGET_BYTES, report.join('\n'));
});
