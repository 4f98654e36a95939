// Runs the real JavaScript retry libraries with their sleeps recorded.
//
// Usage: node run_libs.mjs SETS_FILE > observed.json
//
// For each line of SETS_FILE whose model is a JavaScript library (p-retry,
// axios-retry, and @smithy/util-retry for the `aws` sets named js-…), runs the library `runs` times with every attempt failing
// and prints {"versions": {...}, "observed": {"<id> <set>": [[ms, ...], ...]}}.
// Nothing really waits: setTimeout records its delay and fires at once, and
// p-retry's clock (performance.now) advances by the recorded delay.
// axios goes to a server on 127.0.0.1 answering 503.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

import axios from 'axios';
import axiosRetry, { exponentialDelay } from 'axios-retry';
import pRetry from 'p-retry';
import { StandardRetryStrategy } from '@smithy/util-retry';

const version = (name) =>
  JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, import.meta.url))).version;

const realSetTimeout = globalThis.setTimeout;
let clock = 0;
let recorder = null;
// When set, only timers set from a file whose path contains it are recorded
// (axios sets timers of its own).
let onlyFrom = null;

/** Replaces setTimeout: records the delay, advances the fake clock, fires now. */
function recordingSetTimeout(fn, ms, ...args) {
  if (recorder && (!onlyFrom || new Error().stack.includes(onlyFrom))) {
    recorder.push(ms ?? 0);
    clock += ms ?? 0;
  }
  if (recorder) return setImmediate(fn, ...args);
  return realSetTimeout(fn, ms, ...args);
}

function value(text) {
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'inf' || text === 'none') return Infinity;
  const n = Number(text);
  return Number.isNaN(n) ? text : n;
}

async function runPRetry(params, runs) {
  const out = [];
  for (let i = 0; i < runs; i++) {
    recorder = [];
    clock = 0;
    try {
      await pRetry(() => { throw new Error('fail'); }, params);
    } catch {
      // every attempt fails
    }
    out.push(recorder);
    recorder = null;
  }
  return out;
}

async function runAxiosRetry(params, runs, url) {
  const { delayFactor = 100, ...options } = params;
  const client = axios.create();
  axiosRetry(client, {
    ...options,
    retryDelay: (n, error) => exponentialDelay(n, error, delayFactor),
  });
  const out = [];
  onlyFrom = 'node_modules/axios-retry/';
  for (let i = 0; i < runs; i++) {
    recorder = [];
    await client.get(url).catch(() => {});
    out.push(recorder);
    recorder = null;
  }
  onlyFrom = null;
  return out;
}

// The JavaScript SDK's standard strategy, fresh per run (a fresh quota),
// every attempt failing with the same error type; it sleeps by setTimeout.
async function runSmithy(params, runs) {
  const errorType = params.throttling ? 'THROTTLING' : 'TRANSIENT';
  const out = [];
  for (let i = 0; i < runs; i++) {
    recorder = [];
    const strategy = new StandardRetryStrategy(params.max_attempts ?? 3);
    let token = await strategy.acquireInitialRetryToken('kinesis');
    try {
      for (;;) token = await strategy.refreshRetryTokenForRetry(token, { errorType });
    } catch {
      // no retry token left
    }
    out.push(recorder);
    recorder = null;
  }
  return out;
}

const server = createServer((req, res) => {
  res.writeHead(503, { 'Content-Length': '0' });
  res.end();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

globalThis.setTimeout = recordingSetTimeout;
performance.now = () => clock;

const observed = {};
for (const line of readFileSync(process.argv[2], 'utf8').split('\n')) {
  const words = line.trim().split(/\s+/);
  if (!words[0] || words[0].startsWith('#')) continue;
  const [lib, name, runs] = [words[0], words[1], Number(words[2])];
  const params = Object.fromEntries(words.slice(3).map((w) => {
    const [k, v] = w.split('=');
    return [k, value(v)];
  }));
  if (lib === 'p-retry') observed[`${lib} ${name}`] = await runPRetry(params, runs);
  if (lib === 'aws' && name.startsWith('js-')) observed[`${lib} ${name}`] = await runSmithy(params, runs);
  if (lib === 'axios-retry') observed[`${lib} ${name}`] = await runAxiosRetry(params, runs, url);
}
globalThis.setTimeout = realSetTimeout;
server.close();
const versions = Object.fromEntries(['p-retry', 'axios-retry', 'axios', '@smithy/util-retry', '@smithy/core'].map((p) => [p, version(p)]));
process.stdout.write(JSON.stringify({ versions, observed }));
