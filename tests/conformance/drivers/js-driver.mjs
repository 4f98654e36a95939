// Test code: runs one generated JavaScript snippet (or a TypeScript one
// compiled by tsc) and prints its outcome as one JSON line.
//
//   node js-driver.mjs SNIPPET URL METHOD BODY INIT
//
// BODY "" sends none. INIT "object" passes fetchWithBackoff a plain init;
// "function" passes a function that builds a fresh init per attempt and
// notes when it ran (`calls`, ms from the start). DRIVER_TIMEOUT_MS, when
// set, gives each attempt its own AbortSignal.timeout.
import { pathToFileURL } from "node:url";

const [snippet, url, method, body, initKind] = process.argv.slice(2);
const { fetchWithBackoff } = await import(pathToFileURL(snippet).href);

// Node loads fetch's HTTP machinery on first use, which takes tens of ms:
// do that now (port 1 refuses at once), so the waits measured are the
// snippet's own.
await fetch("http://127.0.0.1:1/").catch(() => {});

const start = performance.now();
const calls = [];
const timeoutMs = Number(process.env.DRIVER_TIMEOUT_MS ?? 0);
const freshInit = () => ({
  method,
  ...(body ? { body } : {}),
  ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
});
const init =
  initKind === "function"
    ? () => {
        calls.push(performance.now() - start);
        return freshInit();
      }
    : freshInit();

let outcome;
try {
  const response = await fetchWithBackoff(url, init);
  outcome = {
    kind: "response",
    isResponse: response instanceof Response,
    status: response.status,
    body: await response.text(),
  };
} catch (error) {
  outcome = {
    kind: "neterror",
    name: error?.name,
    message: String(error?.message ?? error),
    cause: String(error?.cause?.code ?? ""),
  };
}
console.log(JSON.stringify({ ...outcome, calls }));
