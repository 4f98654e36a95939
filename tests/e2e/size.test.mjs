// Size budget of the release build: gzip -9 of the wasm, JS and CSS that
// index.html loads for the first render must stay within 120 KB (122,880
// bytes). Deterministic for a given build, so it is safe to assert.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { distDir } from './harness.mjs';

export const BUDGET_BYTES = 120 * 1024;

test('first-render assets fit the gzip budget', () => {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = [...new Set([...html.matchAll(/(?:href|path|from)\s*[:=]?\s*['"]\/?([^'"]+\.(?:wasm|js|css))['"]/g)].map((m) => m[1]))];
  const kinds = new Set(refs.map((r) => path.extname(r)));
  assert.deepEqual([...kinds].sort(), ['.css', '.js', '.wasm'], `index.html loads ${refs.join(', ')}`);
  let total = 0;
  const report = [];
  for (const ref of refs) {
    const body = fs.readFileSync(path.join(distDir, ref));
    const gz = zlib.gzipSync(body, { level: 9 }).length;
    total += gz;
    report.push(`${ref}: ${body.length} B raw, ${gz} B gzip -9`);
  }
  report.push(`total: ${total} B gzip -9 of ${BUDGET_BYTES} B budget`);
  console.log(report.join('\n'));
  fs.mkdirSync('artifacts', { recursive: true });
  fs.writeFileSync('artifacts/size.txt', report.join('\n') + '\n');
  assert.ok(total <= BUDGET_BYTES, report.join('\n'));
});
