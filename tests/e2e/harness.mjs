// Shared test harness: serves the release build (dist/) on 127.0.0.1 and
// drives Debian's Chromium through playwright-core. Each test gets a fresh
// context; console errors and requests to any other origin are recorded so
// that tests can assert there are none.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// DIST_DIR lets a second build be tested beside the main one.
export const distDir = path.resolve(process.env.DIST_DIR ?? path.join(root, 'dist'));

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Starts a static server over `dir` (dist/ by default), with the files
 * under the path `prefix` (a build made with trunk's `--public-url PREFIX`
 * is served so); anything outside the prefix is a 404. With `gzip`, every
 * file goes out compressed with gzip -9 and `Content-Encoding: gzip` to a
 * client that accepts it, as a static host serves it. Resolves to
 * { origin, close }.
 */
export async function serveDist({ dir = distDir, prefix = '/', gzip = false } = {}) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html is missing: run \`trunk build --release\` first`);
  }
  // Compressed once per file, as a host that stores .gz copies would.
  const compressed = new Map();
  // A large header limit: a test opens a link with a 100 KB parameter.
  const server = http.createServer({ maxHeaderSize: 1 << 20 }, (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (!url.pathname.startsWith(prefix)) { res.writeHead(404).end('not found'); return; }
    const rel = decodeURIComponent(url.pathname.slice(prefix.length));
    let file = path.join(dir, rel);
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    if (rel === '') file = path.join(dir, 'index.html');
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      const headers = { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' };
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        if (!compressed.has(file)) compressed.set(file, zlib.gzipSync(body, { level: 9 }));
        body = compressed.get(file);
        headers['content-encoding'] = 'gzip';
        headers.vary = 'Accept-Encoding';
      }
      res.writeHead(200, headers);
      res.end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(r); }) };
}

/** Launches headless Chromium with the flags that work as root here. */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    timeout: 30_000,
  });
}

/**
 * One static server and one browser for a test file: registers node:test
 * `before` and `after` hooks that start both and close both, and returns
 * their getters and the two ways to open the page on them. `dir` and
 * `prefix` go to serveDist.
 */
export function useBrowser({ dir, prefix } = {}) {
  let server;
  let browser;
  before(async () => { server = await serveDist({ dir, prefix }); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.close(); });
  return {
    get browser() { return browser; },
    get origin() { return server.origin; },
    /** openChecked on this server: the test fails if the page logs an error or leaves its origin. */
    open: (t, query, options) => openChecked(t, browser, server.origin, query, options),
    /** openPage on this server: the caller closes the context. */
    openPage: (query, options) => openPage(browser, server.origin, query, options),
  };
}

/**
 * Opens the page at `query` in a fresh context and waits for the app.
 * Returns { page, context, errors, foreign, failed } where errors collects
 * console errors and page errors, foreign every request outside the origin,
 * and failed every request that failed or answered 400 or above.
 * `options.path` is where the page lives (`/` unless built for a sub-path);
 * `options.beforeLoad(context, page)` runs before the page is requested
 * (to hold or block a file, say).
 */
export async function openPage(browser, origin, query = '', options = {}) {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    permissions: options.permissions ?? [],
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors = [];
  const foreign = [];
  const failed = [];
  // A request the browser itself abandoned (ERR_ABORTED: the page moved on
  // or closed, as with a favicon still loading at the end of a test) is no
  // failure of the server or of a URL.
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText;
    if (why !== 'net::ERR_ABORTED') failed.push(`${req.url()}: ${why}`);
  });
  page.on('response', (res) => { if (res.status() >= 400) failed.push(`${res.url()}: ${res.status()}`); });
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('request', (req) => { if (!req.url().startsWith(origin + '/')) foreign.push(req.url()); });
  if (options.beforeLoad) await options.beforeLoad(context, page);
  await page.goto(`${origin}${options.path ?? '/'}${query}`);
  await page.getByRole('table', { name: 'Retry schedule' }).waitFor();
  return { page, context, errors, foreign, failed };
}

/**
 * Like openPage, and when test `t` ends, closes the context and asserts
 * that the page logged no error, requested nothing outside its origin and
 * had no request fail.
 */
export async function openChecked(t, browser, origin, query = '', options = {}) {
  const session = await openPage(browser, origin, query, options);
  t.after(async () => {
    await session.context.close();
    assert.deepEqual(session.errors, [], 'console errors');
    assert.deepEqual(session.foreign, [], 'requests outside the page origin');
    assert.deepEqual(session.failed, [], 'failed requests');
  });
  return session;
}

/**
 * Waits until a library's rows are decided: while its seeded runs are
 * still being made, the table shows a preview marked
 * `data-testid="deciding"`.
 */
export async function decided(page) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="deciding"]'));
}

/** Reads a tile's data attributes. */
export async function tile(page, id) {
  const el = page.getByTestId(id);
  return el.evaluate((node) => ({ ...node.dataset, text: node.textContent }));
}

/**
 * Waits until the schedule's rows out of view are written too: the page
 * writes the rows in view first, and while the others are behind, their
 * row group is `aria-busy` (src/ui/widgets/in_view.rs).
 */
export async function rowsWritten(page) {
  await page.waitForFunction(() => document.querySelector('table.schedule tbody')?.getAttribute('aria-busy') !== 'true');
}

/** Reads every body row of the schedule as { retry, sample, min, max, expected, cumulative, capped }, every row written. */
export async function rows(page) {
  await rowsWritten(page);
  return page.locator('table.schedule tbody tr').evaluateAll((trs) => trs.map((tr) => {
    const cells = tr.querySelectorAll('td');
    return {
      retry: Number.parseInt(tr.querySelector('th').textContent, 10),
      sample: Number(cells[0].dataset.ms),
      min: Number(cells[1].dataset.minMs),
      max: Number(cells[1].dataset.maxMs),
      expected: Number(cells[2].dataset.ms),
      cumulative: Number(cells[3].dataset.ms),
      capped: [...tr.querySelectorAll('.badge')].some((b) => b.textContent === 'cap'),
      text: tr.textContent,
    };
  }));
}

/**
 * Waits until the page's link has `key` = `value` (`null`: absent), then
 * asserts it. The page rewrites its link once typing pauses, so a test
 * waits for it rather than reading it straight after an input.
 */
export async function expectParam(page, key, value, message = `${key} in the link`) {
  await page.waitForFunction(([k, v]) => new URL(location.href).searchParams.get(k) === v, [key, value], { timeout: 5_000 })
    .catch(() => {});
  assert.equal(new URL(page.url()).searchParams.get(key), value, message);
}

/** Waits until the page's address is exactly `url`, then asserts it. */
export async function expectUrl(page, url, message = 'the page\'s link') {
  await page.waitForFunction((u) => location.href === u, url, { timeout: 5_000 }).catch(() => {});
  assert.equal(page.url(), url, message);
}

/**
 * Runs axe-core (from node_modules, injected into the page) on the element
 * matching `selector`, or on the whole document; returns its violations as
 * `{ id, impact, help, nodes: [{ target, summary }] }`.
 */
export async function axeViolations(page, selector = null) {
  await page.addScriptTag({ path: path.join(root, 'node_modules/axe-core/axe.min.js') });
  return page.evaluate(async (selector) => {
    const context = selector ? document.querySelector(selector) : document;
    const result = await window.axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
  }, selector);
}
