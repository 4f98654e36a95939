// Test code: runs one snippet variant once, with its real runtime, and
// returns what happened in one shape for every language:
//   { outcome, calls }
// outcome is the driver's JSON line (bash: { kind: "exit", code, body });
// calls are the times (ms, any origin) when the snippet started each
// attempt, as the driver saw them: fetch init built, Session.request
// called, newRequest or make_request run, curl started.

import { readFile, rm } from "node:fs/promises";
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
   * client timeout (each driver's own way; bash: curl --max-time).
   */
  async run(variant, url, { method = "GET", body = "", objectInit = false, timeoutMs = 0 } = {}) {
    const stem = path.basename(variant.path).replace(/\.[a-z]+$/, "");
    const file = path.join(this.dir, variant.path);
    const extra = body ? [body] : [];
    switch (variant.lang) {
      case "js":
        return this.#json("node", [
          path.join(DRIVERS, "js-driver.mjs"),
          file,
          url,
          method,
          body,
          objectInit ? "object" : "function",
        ], timeoutMs);
      case "ts":
        return this.#json("node", [
          path.join(DRIVERS, "js-driver.mjs"),
          path.join(this.tsOut, `${stem}.js`),
          url,
          method,
          body,
          objectInit ? "object" : "function",
        ], timeoutMs);
      case "py":
        return this.#json(
          "python3",
          [path.join(DRIVERS, "py_driver.py"), file, url, method, ...extra],
          timeoutMs,
        );
      case "go":
        return this.#json(this.goBinary, [stem, url, method, ...extra], timeoutMs);
      case "rs":
        return this.#json(this.rustBinary, [stem, url, method, ...extra], timeoutMs);
      case "sh":
        return this.#bash(file, url, method, body, timeoutMs);
      default:
        throw new Error(`no runner for ${variant.lang}`);
    }
  }

  async #json(command, args, timeoutMs) {
    const env = { ...process.env };
    if (timeoutMs) env.DRIVER_TIMEOUT_MS = String(timeoutMs);
    const result = await run(command, args, { env, timeout: PER_RUN_MS });
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

  async #bash(file, url, method, body, timeoutMs) {
    const log = path.join(this.dir, `curl-${++this.count}.log`);
    const args = method === "GET" ? [] : ["-X", method];
    if (body) args.push("--data", body);
    if (timeoutMs) args.push("--max-time", String(timeoutMs / 1000));
    const env = { ...process.env, PATH: `${this.shimDir}:${process.env.PATH}`, CURL_LOG: log };
    const result = await run("bash", [file, url, ...args], { env, timeout: PER_RUN_MS });
    let calls = [];
    try {
      calls = (await readFile(log, "utf8"))
        .trim()
        .split("\n")
        .map((ns) => Number(BigInt(ns) / 1000n) / 1000);
      await rm(log);
    } catch {
      // No log: curl never ran.
    }
    return {
      outcome: { kind: "exit", code: result.code, body: result.stdout },
      calls,
      stderr: result.stderr,
    };
  }
}
