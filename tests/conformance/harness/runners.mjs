// Test code: runs one snippet variant once, with its real runtime, and
// returns what happened in one shape for every language:
//   { outcome, calls }
// outcome is the driver's JSON line (bash: { kind: "exit", code, body });
// calls are the times (ms, any origin) when the snippet started each
// attempt, as the driver saw them: fetch init built, Session.request
// called, newRequest or make_request run, curl started.

import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { DRIVERS, run } from "./setup.mjs";

const PER_RUN_MS = 60_000;

/** The runners, built once by `setup` in conformance.test.mjs. */
export class Runners {
  constructor({ dir, tsOut, goBinary, rustBinary, shimDir }) {
    Object.assign(this, { dir, tsOut, goBinary, rustBinary, shimDir });
    this.count = 0;
  }

  /**
   * Runs `variant` ({ lang, mode, honor, path }) against `url`, with an
   * optional { method, body }. `objectInit` makes JS/TS pass a plain init
   * object rather than a function; `timeoutMs` gives every attempt a
   * client timeout (each driver's own way; bash: curl --max-time). `env`
   * adds driver settings (DRIVER_CANCEL, DRIVER_REPEAT, ...: see each
   * driver; HTTPS_PROXY sends through a proxy, each client its own way).
   * bash only: `curlArgs` are extra curl arguments, `stdin` its
   * input, `noUrl` runs it with no arguments at all, `bashFlags` are bash's
   * own options (`-euo pipefail`), and `pipe` ({ kind, text }) feeds
   * `text` through a pipe that can be read once, named where `{pipe}`
   * stands in `curlArgs`: kind "fifo" a named pipe `.../body.fifo` that a
   * background printf writes once; kind "procsub" a process substitution
   * `<(printf ...)`, so the snippet sees `/dev/fd/N`. `killAfter` ms kills
   * the run then, with the outcome { kind: "killed" }.
   */
  async run(
    variant,
    url,
    {
      method = "GET",
      body = "",
      objectInit = false,
      timeoutMs = 0,
      env = {},
      curlArgs = [],
      stdin,
      noUrl = false,
      bashFlags = [],
      pipe,
      killAfter,
    } = {},
  ) {
    const stem = path.basename(variant.path).replace(/\.[a-z]+$/, "");
    const file = path.join(this.dir, variant.path);
    const extra = body ? [body] : [];
    const options = { env, timeoutMs, killAfter };
    switch (variant.lang) {
      case "js":
      case "ts": {
        const module =
          variant.lang === "js" ? file : path.join(this.tsOut, `${stem}.js`);
        return this.#json(
          "node",
          [
            // Node 20's undici ProxyAgent is internal (see the driver).
            ...(env.HTTPS_PROXY ? ["--expose-internals"] : []),
            path.join(DRIVERS, "js-driver.mjs"),
            module,
            url,
            method,
            body,
            objectInit ? "object" : "function",
          ],
          options,
        );
      }
      case "py":
        return this.#json(
          // scripts/test.sh points PYTHON at Debian's python3, which has
          // python3-requests installed.
          process.env.PYTHON ?? "python3",
          [path.join(DRIVERS, "py_driver.py"), file, url, method, ...extra],
          options,
        );
      case "go":
        return this.#json(this.goBinary, [stem, url, method, ...extra], options);
      case "rs":
        return this.#json(this.rustBinary, [stem, url, method, ...extra], options);
      case "sh":
        return this.#bash(file, url, { method, body, curlArgs, stdin, noUrl, bashFlags, pipe, ...options });
      default:
        throw new Error(`no runner for ${variant.lang}`);
    }
  }

  async #json(command, args, { env: extraEnv, timeoutMs, killAfter }) {
    const env = { ...process.env, ...extraEnv };
    if (timeoutMs) env.DRIVER_TIMEOUT_MS = String(timeoutMs);
    const result = await run(command, args, { env, timeout: PER_RUN_MS, killAfter });
    if (result.code === "killed") {
      return { outcome: { kind: "killed" }, calls: [], stderr: result.stderr };
    }
    const line = result.stdout.trim().split("\n").pop() ?? "";
    let outcome;
    try {
      outcome = JSON.parse(line);
    } catch {
      throw new Error(
        `${path.basename(command)} printed no outcome (exit ${result.code}):\n` +
          `${result.stdout}\n${result.stderr}`,
      );
    }
    return { outcome, calls: outcome.calls ?? [], stderr: result.stderr };
  }

  async #bash(file, url, { method, body, curlArgs, stdin, noUrl, bashFlags, pipe, env: extraEnv, timeoutMs, killAfter }) {
    const log = path.join(this.dir, `curl-${++this.count}.log`);
    const args = method === "GET" ? [] : ["-X", method];
    if (body) args.push("--data", body);
    if (timeoutMs) args.push("--max-time", String(timeoutMs / 1000));
    args.push(...curlArgs);
    const env = {
      ...process.env,
      ...extraEnv,
      PATH: `${this.shimDir}:${process.env.PATH}`,
      CURL_LOG: log,
    };
    const argv = noUrl ? [file] : [file, url, ...args];
    const command = pipe ? ["-c", PIPED, "bash", pipe.kind, pipe.text, await this.#fifo(pipe)] : [];
    const result = await run("bash", [...command, ...bashFlags, ...argv], { env, timeout: PER_RUN_MS, input: stdin, killAfter });
    let calls = [];
    try {
      // When each curl started, in ms from the start of the script.
      calls = (await readFile(log, "utf8"))
        .trim()
        .split("\n")
        .map((ns) => Number(BigInt(ns) / 1000n) / 1000 - result.started);
      await rm(log);
    } catch {
      // No log: curl never ran.
    }
    const outcome =
      result.code === "killed"
        ? { kind: "killed" }
        : { kind: "exit", code: result.code, body: result.stdout, ended: result.ms };
    return { outcome, calls, stderr: result.stderr };
  }

  /** A fresh directory for a "fifo" pipe's body.fifo; "" for "procsub". */
  async #fifo(pipe) {
    if (pipe.kind !== "fifo") return "";
    const dir = path.join(this.dir, `fifo-${++this.count}`);
    await mkdir(dir);
    return path.join(dir, "body.fifo");
  }
}

/**
 * Runs `bash [flags] snippet URL args` with `{pipe}` in the args replaced
 * by a pipe holding $2: a named pipe $3 that a background printf writes
 * once (stopped, and the pipe removed, when the snippet ends), or a
 * process substitution.
 */
const PIPED = `
kind=$1 text=$2 fifo=$3
shift 3
snippet() {
  local pipe=$1
  shift
  bash "\${@//\\{pipe\\}/$pipe}"
}
if [[ $kind == fifo ]]; then
  mkfifo "$fifo"
  printf %s "$text" >"$fifo" 2>/dev/null &
  writer=$!
  snippet "$fifo" "$@"
  code=$?
  kill "$writer" 2>/dev/null
  rm -f "$fifo"
  exit "$code"
fi
snippet <(printf %s "$text") "$@"
`;
