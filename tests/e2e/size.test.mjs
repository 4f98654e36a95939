// Size budget of the release build: gzip -9 of the wasm, JS and CSS that
// the first render loads must stay within 120 KB (122,880 bytes). The
// second app (extras.js, loaded after the first render) is reported but
// not counted. Deterministic for a given build, so safe to assert.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { distDir } from './harness.mjs';

export const BUDGET_BYTES = 120 * 1024;

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;

test('first-render assets fit the gzip budget', () => {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  // What the browser fetches before the first render: stylesheets, and the
  // main app's module and wasm, which trunk's start-up script imports.
  const css = [...html.matchAll(/<link rel="stylesheet" href="\/([^"]+\.css)"/g)].map((m) => m[1]);
  const start = html.match(/import init, \* as bindings from '\/([^']+\.js)';\s*const wasm = await init\(\{ module_or_path: '\/([^']+\.wasm)' \}\)/);
  assert.ok(start, 'index.html starts the main app');
  assert.equal(css.length, 1, 'one stylesheet');
  const first = [start[1], start[2], ...css];
  const lazy = ['extras.js', 'extras_bg.wasm'];
  for (const file of lazy) {
    assert.ok(fs.existsSync(path.join(distDir, file)), `${file} is built`);
    assert.ok(!first.includes(file), `${file} is not part of the first render`);
    assert.ok(!html.includes(`href="/${file}"`), `${file} is not preloaded`);
  }
  let total = 0;
  const report = [];
  for (const file of first) {
    const gz = gzipSize(file);
    total += gz;
    report.push(`${file}: ${fs.statSync(path.join(distDir, file)).size} B raw, ${gz} B gzip -9`);
  }
  report.push(`first render: ${total} B gzip -9 of a ${BUDGET_BYTES} B budget`);
  const later = lazy.reduce((sum, file) => sum + gzipSize(file), 0);
  report.push(`loaded after the first render (extras): ${later} B gzip -9`);
  console.log(report.join('\n'));
  fs.mkdirSync('artifacts', { recursive: true });
  fs.writeFileSync('artifacts/size.txt', report.join('\n') + '\n');
  assert.ok(total <= BUDGET_BYTES, report.join('\n'));
});
