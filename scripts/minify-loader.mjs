// Minifies the JavaScript of a release build's wasm parts: wasm-bindgen's
// loader and wasm-split's chunk loader, as they write them (about 2 KB
// smaller gzip with terser, pinned in package.json). Called by
// scripts/build-wasm.sh with the folder to minify in place.
import fs from 'node:fs';
import path from 'node:path';
import { minify } from 'terser';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/minify-loader.mjs DIR');

for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
  const file = path.join(dir, name);
  // Modules: their exports (the page's entry points) keep their names.
  const out = await minify(fs.readFileSync(file, 'utf8'), { module: true, compress: true, mangle: true });
  if (!out.code) throw new Error(`terser gave no code for ${name}`);
  fs.writeFileSync(file, out.code);
}
