// Test code: runs one generated JavaScript snippet (or a TypeScript one
// compiled by tsc) and prints its outcome as one JSON line.
//
//   node js-driver.mjs SNIPPET URL METHOD BODY INIT
//
// BODY "" sends none. INIT "object" passes fetchWithBackoff a plain init;
// "function" passes a function that builds a fresh init per attempt and
// notes when it ran (`calls`, ms from the start). `ended` is when the call
// settled. Settings from the environment:
//   DRIVER_TIMEOUT_MS    each attempt gets its own AbortSignal.timeout
//   DRIVER_CANCEL        "abort:MS" (an AbortController aborted after MS) or
//                        "timeout:MS" (one AbortSignal.timeout for the call)
//   DRIVER_REPEAT        make that many calls in a row; the last one's
//                        outcome is printed, `calls` holds them all
//   DRIVER_BAD_HEADER    send a header whose value holds a line break
//   DRIVER_KEY           send the caller's own Idempotency-Key with this value
//   DRIVER_HOOK          pass an onRetry hook; `hook` lists its calls, each
//                        { at (ms from the start), retry, waitMs, status,
//                        error (the error's name) }
//   HTTPS_PROXY          send through this proxy, as a caller does: undici's
//                        ProxyAgent as the init's `dispatcher` (Node's fetch
//                        ignores the variable). Node 20 ships undici inside,
//                        not as a package: its EnvHttpProxyAgent, a
//                        ProxyAgent per proxy URL, is reached with
//                        node --expose-internals, which the runner adds.
//   DRIVER_CLOCK_STEP_MS step the wall clock (Date.now() and new Date()) by
//                        that many ms, back when negative, as the first
//                        attempt starts (INIT "function"), as a clock set
//                        by hand or by NTP would; performance.now() and the
//                        timers run on
//   DRIVER_STALL_MS      pass an onRetry hook that, on the first retry,
//                        holds the thread for that many ms (a busy loop),
//                        as a loaded machine can: the wait after it then
//                        ends that much late, past what the snippet planned
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const [snippet, url, method, body, initKind] = process.argv.slice(2);
const { fetchWithBackoff } = await import(pathToFileURL(snippet).href);

const proxy = process.env.HTTPS_PROXY;
const { EnvHttpProxyAgent } = proxy
  ? createRequire(import.meta.url)("internal/deps/undici/undici")
  : {};
const viaProxy = (proxyUrl) =>
  new EnvHttpProxyAgent({ httpProxy: proxyUrl, httpsProxy: proxyUrl, noProxy: "" });

// Node loads and compiles fetch's HTTP machinery on first use, which takes
// tens of ms, and far more on a loaded machine: do that now, with one POST
// and its answer through a server of our own (and one CONNECT to it, which
// it refuses, when a proxy is used), so the times measured (a 250 ms
// deadline leaves little room) are the snippet's own.
const warmUp = createServer((request, response) => request.resume().on("end", () => response.end("ok")));
warmUp.on("connect", (request, socket) => socket.end("HTTP/1.1 403 Forbidden\r\n\r\n"));
await new Promise((resolve) => warmUp.listen(0, "127.0.0.1", resolve));
const warmUrl = `http://127.0.0.1:${warmUp.address().port}/`;
await fetch(warmUrl, { method: "POST", body: "warm", signal: new AbortController().signal })
  .then((response) => response.text())
  .catch(() => {});
await fetch("http://127.0.0.1:1/").catch(() => {});
if (proxy) {
  const warmProxy = viaProxy(warmUrl);
  await fetch("https://warm-up.invalid/", { dispatcher: warmProxy }).catch(() => {});
  await warmProxy.close();
}
warmUp.closeAllConnections();
warmUp.close();

const dispatcher = proxy ? viaProxy(proxy) : undefined;
// The wall clock as the snippet sees it: the real one plus `clockOffset`,
// which DRIVER_CLOCK_STEP_MS sets as the first attempt starts.
const clockStep = Number(process.env.DRIVER_CLOCK_STEP_MS ?? 0);
let clockOffset = 0;
if (clockStep) {
  const realNow = Date.now.bind(Date);
  globalThis.Date = class SteppedDate extends Date {
    constructor(...args) {
      if (args.length === 0) super(realNow() + clockOffset);
      else super(...args);
    }

    static now() {
      return realNow() + clockOffset;
    }
  };
}

const start = performance.now();
const calls = [];
const hook = [];
const timeoutMs = Number(process.env.DRIVER_TIMEOUT_MS ?? 0);
const [cancelKind, cancelMs] = (process.env.DRIVER_CANCEL ?? "").split(":");

/** The caller's signal for one call, if DRIVER_CANCEL asks for one. */
function callerSignal() {
  if (cancelKind === "timeout") return AbortSignal.timeout(Number(cancelMs));
  if (cancelKind === "abort") {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), Number(cancelMs));
    return controller.signal;
  }
  return undefined;
}

/** The messages of `error`'s causes, outermost first. */
function causes(error) {
  const messages = [];
  for (let cause = error?.cause; cause && messages.length < 5; cause = cause.cause) {
    messages.push(String(cause.message ?? cause));
  }
  return messages;
}

async function callOnce() {
  const signal = callerSignal();
  const headers = {
    ...(process.env.DRIVER_BAD_HEADER ? { "x-bad": "a\nb" } : {}),
    ...(process.env.DRIVER_KEY ? { "Idempotency-Key": process.env.DRIVER_KEY } : {}),
  };
  const freshInit = () => ({
    method,
    ...(body ? { body } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    ...(signal ? { signal } : {}),
    ...(dispatcher ? { dispatcher } : {}),
  });
  const init =
    initKind === "function"
      ? () => {
          calls.push(performance.now() - start);
          if (calls.length === 1) clockOffset = clockStep;
          return freshInit();
        }
      : freshInit();
  try {
    const stallMs = Number(process.env.DRIVER_STALL_MS ?? 0);
    const options =
      process.env.DRIVER_HOOK || stallMs
        ? {
            onRetry: ({ retry, waitMs, status, error }) => {
              hook.push({ at: performance.now() - start, retry, waitMs, status, error: error?.name });
              if (retry !== 1) return;
              for (const until = performance.now() + stallMs; performance.now() < until; );
            },
          }
        : undefined;
    const response = await fetchWithBackoff(url, init, options);
    return {
      kind: "response",
      isResponse: response instanceof Response,
      status: response.status,
      body: await response.text(),
    };
  } catch (error) {
    return {
      kind: "neterror",
      name: error?.name,
      message: String(error?.message ?? error),
      cause: String(error?.cause?.code ?? ""),
      // The whole chain of causes' messages: a proxy's refusal is two deep.
      causes: causes(error),
      causeStatus: error?.cause instanceof Response ? error.cause.status : undefined,
    };
  }
}

let outcome;
for (let i = 0; i < Number(process.env.DRIVER_REPEAT ?? 1); i++) outcome = await callOnce();
console.log(JSON.stringify({ ...outcome, calls, hook, ended: performance.now() - start }));
