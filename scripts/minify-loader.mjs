// Trunk post-build hook: minifies wasm-bindgen's JavaScript loader in a
// release build. Trunk ships the loader as wasm-bindgen writes it (its own
// minifier cannot parse it); minified with terser (pinned in package.json)
// it is about 2 KB smaller gzip. The page preloads the loader with a
// Subresource Integrity hash, so the hash in index.html is written again
// for the new bytes. A debug build is left alone.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { minify } from 'terser';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run this as a trunk hook');
if (process.env.TRUNK_PROFILE !== 'release') process.exit(0);

const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const html = path.join(dir, 'index.html');
let page = fs.readFileSync(html, 'utf8');
for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
  const file = path.join(dir, name);
  const before = fs.readFileSync(file);
  // A module: its exports (the page's entry points) keep their names.
  const out = await minify(before.toString('utf8'), { module: true, compress: true, mangle: true });
  if (!out.code) throw new Error(`terser gave no code for ${name}`);
  fs.writeFileSync(file, out.code);
  const [was, now] = [sri(before), sri(Buffer.from(out.code))];
  if (page.includes(was)) page = page.split(was).join(now);
}
fs.writeFileSync(html, page);
