// Delays past Node's timer limit (2^31 - 1 ms), as the real libraries and
// Node's real timers do them (see README.md beside this file).
//
// axios-retry hands its delay to setTimeout as it is; Node fires a delay
// past 2,147,483,647 ms after 1 ms. Here the pinned axios-retry retries a
// local server answering 503 with a delayFactor whose delays are weeks,
// with Node's real timers: the model says 1 ms for each such retry, and
// the retries must indeed come at once (under a second each, where the
// delays asked for are 49 days and more). p-retry 9 caps its delays at the
// limit itself: sets.txt's `past-timer-limit` sets compare its recorded
// delays with the model's in libraries.test.mjs.
//
// Run: bash tests/libraries/setup.sh && node --test tests/libraries/node_timers.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const root = here('../..');
const LIMIT = 2 ** 31 - 1;

/** The model's rows for one set line. */
function modelRows(line) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'node-timers-'));
  try {
    const file = path.join(dir, 'sets.txt');
    writeFileSync(file, `${line}\n`);
    const out = execFileSync('cargo', ['run', '--quiet', '--locked', '--example', 'library_models', '--', file], {
      cwd: root,
      encoding: 'utf8',
    });
    return JSON.parse(out)[0].rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('axios-retry: delays past the limit fire after 1 ms in Node, as the model says', async () => {
  // The model, at a delayFactor of one day (its field's largest): from
  // retry 5 (32 days) every delay is past the limit, and it sleeps 1 ms.
  const far = modelRows('axios-retry past-limit 1 retries=12 delayFactor=86400000');
  assert.ok(far.slice(4).every(([min, max]) => min === 1 && max === 1), JSON.stringify(far));
  // The library, with every delay past the limit (retry n asks for
  // 2^n · 2^31 ms, 49 days and more), and Node's real timers.
  const delayFactor = 2 ** 31;
  const retries = 3;

  const hits = [];
  const server = createServer((req, res) => {
    hits.push(performance.now());
    res.writeHead(503, { 'Content-Length': '0' });
    res.end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const { default: axios } = await import(here('js/node_modules/axios/index.js'));
  const { default: axiosRetry, exponentialDelay } = await import(here('js/node_modules/axios-retry/dist/esm/index.js'));
  const client = axios.create();
  const asked = [];
  axiosRetry(client, {
    retries,
    retryDelay: (n, error) => {
      const d = exponentialDelay(n, error, delayFactor);
      asked.push(d);
      return d;
    },
  });
  // Node warns once (TimeoutOverflowWarning) and fires after 1 ms.
  process.removeAllListeners('warning');
  await client.get(url).catch(() => {});
  server.close();
  assert.equal(hits.length, retries + 1);
  assert.ok(asked.every((d) => d > LIMIT), `asked ${asked}`);
  const gaps = hits.slice(1).map((t, i) => t - hits[i]);
  assert.ok(gaps.every((g) => g < 1000), `gaps ${gaps} ms for delays of ${asked.map((d) => (d / 864e5).toFixed(0))} days`);
});
