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
//
// It also makes the deferred sections' stylesheet load with their part:
// src/ui/deferred.rs adds the stylesheet once the part has loaded and
// mounts the sections when it has come, so fetched then it would cost a
// round trip after the part. The loader now asks for it (a `<link
// rel="preload" as="style">`, by the name deferred.rs gives it) as it
// starts the part's own fetch, after the first sample, never before.
//
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

// The stylesheet, by the one name src/ui/deferred.rs gives it.
const deferred = fs.readFileSync(new URL('../src/ui/deferred.rs', import.meta.url), 'utf8');
const css = /const REST_CSS: &str = "([^"]+)";/.exec(deferred)?.[1];
if (!css) throw new Error('src/ui/deferred.rs: no REST_CSS; where is the deferred sections\' stylesheet named?');
const restFetch = 'const src = fetch(new URL("./split_rest.wasm", import.meta.url));';
if (js.split(restFetch).length !== 2) {
  throw new Error(`${loader}: the rest part's fetch is not there once; has wasm-split-cli's layout changed?`);
}
fs.writeFileSync(loader, js.replace(restFetch, `${restFetch}
    // Added by scripts/preload-library.mjs: the sections' stylesheet with them.
    const style = document.createElement('link');
    style.rel = 'preload';
    style.as = 'style';
    style.href = new URL(${JSON.stringify(css)}, document.baseURI).href;
    document.head.append(style);`));

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
console.log(`preload for links on a library: ${files.join(', ')}; ${css} with the rest part`);
