// Makes a link that opens on a library fetch the library models beside
// the main wasm, not after it: the page needs them before it can show the
// library's first rows (src/ui/app.rs, `mount`), and the chunk loaders
// fetch a part only when the wasm first asks for it, a round trip late.
//
// Reads the chunk loader wasm-split-cli wrote (`__wasm_split.js`, before
// it is minified) for the files the `library` split point loads (its own
// and every shared chunk it waits for, which the loader names in a
// comment above each), and appends a few lines that add a
// `<link rel="preload">` for each when the page's query has `lib=`. The
// browser then hands each preloaded response to the loader's own fetch.
// Called by scripts/build-wasm.sh with the folder of the parts; it fails
// if the loader's layout is not the one it knows, rather than preload
// nothing in silence.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/preload-library.mjs DIR');
const loader = path.join(dir, '__wasm_split.js');
const js = fs.readFileSync(loader, 'utf8');

const own = 'split_library.wasm';
if (!fs.existsSync(path.join(dir, own)) || !js.includes(`"./${own}"`)) {
  throw new Error(`${own} is not in ${dir}: is the library split point gone?`);
}
// `/* library, rest */` then `const __chunk_3 = makeLoad(() => {` then
// `const src = fetch(new URL("./chunk_3.wasm", …`.
const shared = [...js.matchAll(/\/\* ([\w, ]+) \*\/\s*const __chunk_\d+ = makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/([\w.]+\.wasm)"/g)]
  .filter((m) => m[1].split(', ').includes('library'))
  .map((m) => m[2]);
const chunks = fs.readdirSync(dir).filter((f) => /^chunk_\d+\.wasm$/.test(f));
const named = [...js.matchAll(/const __chunk_\d+ = makeLoad/g)].length;
if (named !== chunks.length) {
  throw new Error(`${loader}: found ${named} chunk loaders for ${chunks.length} chunk files; has wasm-split-cli's layout changed?`);
}
const files = [...shared, own];
fs.appendFileSync(loader, `
// Added by scripts/preload-library.mjs: a link on a library fetches the
// library models beside the main wasm.
if (/[?&]lib=/.test(location.search)) {
  for (const file of ${JSON.stringify(files)}) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = new URL('./' + file, import.meta.url).href;
    document.head.append(link);
  }
}
`);
console.log(`preload for links on a library: ${files.join(', ')}`);
