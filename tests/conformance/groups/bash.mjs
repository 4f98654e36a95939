// BASH, BASH_PASTE and BASH_SAFE: what only the bash script has (stdin
// and FIFO bodies, usage, curl's exit codes, RETRY_QUIET and -o, a proxy
// that refuses CONNECT, set -euo pipefail).

import assert from "node:assert/strict";
import http from "node:http";
import path from "node:path";
import { mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { after, before } from "node:test";

import { RefusingProxy } from "../harness/proxy.mjs";
import { run } from "../harness/setup.mjs";
import { viaProxy } from "../groups/safe.mjs";
import { ATTEMPTS, ctx, expectOutcome, ms } from "../context.mjs";

/** bash alone: stdin, usage and curl's HTTP/2 exit codes. */
export const BASH = {
  async "s: a body on stdin goes out whole on every attempt"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }, { status: 503 }, { status: 200 }]);
    // PUT: a POST (what --data-binary alone means) is sent once.
    const result = await ctx.runners.run(v, url, {
      curlArgs: ["-X", "PUT", "--data-binary", "@-"],
      stdin: "hello\n",
    });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.deepEqual(record.hits.map((h) => h.body), ["hello\n", "hello\n", "hello\n"]);
  },

  async "t: a usage error exits 64"(v) {
    const result = await ctx.runners.run(v, "", { noUrl: true });
    assert.equal(result.outcome.code, 64, result.stderr);
  },

  async "u: curl exits 16 and 92 (HTTP/2 errors) are retried"(v) {
    const { url, record } = ctx.server.plan([{ status: 200 }]);
    const result = await ctx.runners.run(v, url, { env: { CURL_FAIL_CODES: "16 92" } });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 1 });
    assert.equal(result.calls.length, 3, "two failures, then the real call");
    assert.equal(record.hits.length, 1);
  },
};

/** bash alone, safe to paste: strict mode and the verbose retry lines. */
export const BASH_PASTE = {
  async "s: under set -euo pipefail a refused connection is retried and a stdin body goes out whole"(v) {
    const strict = ["-euo", "pipefail"];
    const refused = await ctx.runners.run(v, `http://127.0.0.1:${ctx.refusedPort}/`, { bashFlags: strict });
    expectOutcome(v.lang, refused, { type: "neterror" });
    assert.equal(refused.calls.length, ATTEMPTS, `retries + 1 attempts, not an exit at the first: ${refused.stderr}`);
    const { url, record } = ctx.server.plan([{ status: 503 }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, {
      bashFlags: strict,
      curlArgs: ["-X", "PUT", "--data-binary", "@-"],
      stdin: "hello\n",
    });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 2 });
    assert.deepEqual(record.hits.map((h) => h.body), ["hello\n", "hello\n"], result.stderr);
  },

  async "s: RETRY_VERBOSE=1 says each retry, its wait and its cause, before the wait"(v) {
    const { url, record } = ctx.server.plan([{ status: 503 }, { reset: true }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { env: { RETRY_VERBOSE: "1" } });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
    assert.equal(record.hits.length, 3);
    const lines = result.stderr.split("\n").filter((l) => l.startsWith("retry.sh: retry "));
    const seen = JSON.stringify(lines);
    assert.equal(lines.length, 2, `one line per retry: ${seen}`);
    const said = lines.map((l) => /^retry\.sh: retry (\d+) in (\d+) ms after (.+)$/.exec(l));
    assert.ok(said.every(Boolean), seen);
    assert.deepEqual(said.map((m) => Number(m[1])), [1, 2], seen);
    assert.equal(said[0][3], "status 503", seen);
    // The reset's cause names curl's own message, which curl printed too.
    assert.match(said[1][3], /^curl exit (52|56): \S/, seen);
    assert.match(result.stderr, /^curl: \((52|56)\) /m, `what curl printed: ${result.stderr}`);
    const bounds = ctx.manifest.bounds[v.mode];
    said.forEach((m, i) => {
      const [min, max] = bounds[i];
      const wait = Number(m[2]);
      assert.ok(wait >= min && wait <= max, `retry ${i + 1} said ${wait} ms, outside [${min}, ${max}]: ${seen}`);
    });
  },
};

/** A multipart body with its random boundaries blanked, to compare attempts. */
export const sameParts = (body) => body.replace(/-{20,}[0-9A-Za-z]+/g, "BOUNDARY");

/** Checks that every attempt sent `text` whole, the same way. */
export function expectWholeBodies(record, text, what) {
  const bodies = record.hits.map((h) => sameParts(h.body));
  const seen = `${what}: ${JSON.stringify(bodies)}`;
  assert.equal(bodies.length, 3, `two 503s, then the 200: ${seen}`);
  assert.ok(bodies[0].includes(text), `the first attempt sent the body: ${seen}`);
  assert.deepEqual(bodies, [bodies[0], bodies[0], bodies[0]], `every attempt sent the same: ${seen}`);
  assert.deepEqual(record.hits.map((h) => h.method), ["PUT", "PUT", "PUT"], seen);
}

/** Checks that stderr holds exactly one line, matching `pattern`. */
export function expectOneLine(result, pattern, what) {
  const lines = result.stderr.split("\n").filter(Boolean);
  assert.equal(lines.length, 1, `${what}: one line on stderr: ${JSON.stringify(result.stderr)}`);
  assert.match(lines[0], pattern, what);
}

/**
 * bash alone, safe by default: bodies that can be read once, the quiet
 * mode and -o, a proxy's refusal. Run on plain variants in
 * RETRY_AFTER_MODES.
 */
export const BASH_SAFE = {
  async "s: short options run together with one that takes a value (-sd @-) are refused, not sent empty"(v) {
    for (const curlArgs of [["-X", "PUT", "-sd", "@-"], ["-svo", "out.txt"]]) {
      const { url, record } = ctx.server.plan([{ status: 200 }]);
      const result = await ctx.runners.run(v, url, { curlArgs, stdin: "hello\n" });
      assert.equal(result.outcome.code, 64, `${curlArgs.join(" ")}: ${result.stderr}`);
      assert.match(result.stderr, /as separate options/);
      assert.equal(record.hits.length, 0, "nothing sent");
    }
    // Bundles without such an option stay as they are.
    const { url, record } = ctx.server.plan([{ status: 200 }]);
    const result = await ctx.runners.run(v, url, { curlArgs: ["-sS"] });
    expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 1 });
    assert.equal(record.hits.length, 1);
  },

  async "s: a body from stdin (-T -, @/dev/stdin, --json @-, -F, --data-urlencode) goes out whole on every attempt"(v) {
    const forms = [
      [["-T", "-"], "hello\n"],
      [["--upload-file", "-"], "hello\n"],
      [["-T-"], "hello\n"],
      [["-X", "PUT", "--data-binary", "@/dev/stdin"], "hello\n"],
      [["-X", "PUT", "--json", "@-"], "hello\n"],
      [["-X", "PUT", "-F", "f=@-;type=text/plain"], "hello\n"],
      [["-X", "PUT", "-F", "f=<-"], "hello\n"],
      [["-X", "PUT", "--data-urlencode", "n@-"], "n=hello%0A"],
    ];
    for (const [curlArgs, text] of forms) {
      const { url, record } = ctx.server.plan([{ status: 503 }, { status: 503 }, { status: 200 }]);
      // A URL ending in /, to which curl's -T - adds no file name.
      const result = await ctx.runners.run(v, `${url}/`, { curlArgs, stdin: "hello\n" });
      expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
      expectWholeBodies(record, text, curlArgs.join(" "));
      const paths = record.hits.map((h) => h.path);
      assert.ok(paths.every((p) => p === `${new URL(url).pathname}/`), `the URL as given: ${JSON.stringify(paths)}`);
    }
  },

  async "s: a FIFO or <(...) body goes out whole on every attempt, -T to the URL curl gives it"(v) {
    const cases = [
      ["fifo", ["-X", "PUT", "--data-binary", "@{pipe}"]],
      ["procsub", ["-X", "PUT", "--data-binary", "@{pipe}"]],
      ["procsub", ["-X", "PUT", "-d@{pipe}"]],
      ["procsub", ["-X", "PUT", "-F", "f=@{pipe};type=text/plain"]],
      ["fifo", ["-T", "{pipe}"], "/body.fifo"],
      ["procsub", ["--upload-file", "{pipe}"], /^\/\d+$/],
    ];
    for (const [kind, curlArgs, name] of cases) {
      const what = `${kind} ${curlArgs.join(" ")}`;
      const { url, record } = ctx.server.plan([{ status: 503 }, { status: 503 }, { status: 200 }]);
      // -T to a URL ending in / adds the file's name, on every attempt.
      const target = name ? `${url}/` : url;
      // Without a copy a FIFO's second reader waits for ever: killed then.
      const result = await ctx.runners.run(v, target, { curlArgs, pipe: { kind, text: "payload" }, killAfter: 10_000 });
      expectOutcome(v.lang, result, { type: "response", status: 200, attempt: 3 });
      expectWholeBodies(record, "payload", what);
      const paths = record.hits.map((h) => h.path);
      const base = new URL(url).pathname;
      assert.deepEqual(paths, [paths[0], paths[0], paths[0]], `${what}: one URL: ${JSON.stringify(paths)}`);
      if (!name) assert.equal(paths[0], base, what);
      else if (typeof name === "string") assert.equal(paths[0], base + name, what);
      else assert.match(paths[0].slice(base.length), name, `${what}: ${paths[0]}`);
      if (curlArgs.includes("-F")) assert.match(record.hits[0].body, /filename="\d+"/, "-F sends the pipe's own name");
    }
  },

  async "s: RETRY_QUIET=1 prints nothing when the call recovers, one line when it fails"(v) {
    for (const bashFlags of [[], ["-euo", "pipefail"]]) {
      const how = `bash ${bashFlags.join(" ")}`;
      // Quiet outranks verbose: no retry lines either.
      const env = bashFlags.length ? { RETRY_QUIET: "1", RETRY_VERBOSE: "1" } : { RETRY_QUIET: "1" };
      const recovered = ctx.server.plan([{ reset: true }, { status: 503 }, { status: 200 }]);
      const ok = await ctx.runners.run(v, recovered.url, { env, bashFlags });
      const seen = `${how}: ${JSON.stringify(ok.outcome)} ${JSON.stringify(ok.stderr)}`;
      assert.equal(ok.outcome.code, 0, seen);
      assert.equal(recovered.record.hits.length, 3, seen);
      assert.equal(ok.outcome.body, "", `nothing on stdout: ${seen}`);
      assert.equal(ok.stderr, "", `nothing on stderr: ${seen}`);
      // Retries used up: the reason, and no body.
      const failing = ctx.server.plan([{ status: 503 }]);
      const exhausted = await ctx.runners.run(v, failing.url, { env, bashFlags });
      assert.equal(exhausted.outcome.code, 1, how);
      assert.equal(exhausted.outcome.body, "", how);
      expectOneLine(exhausted, new RegExp(`^retry\\.sh: giving up after ${ATTEMPTS} attempts: status 503$`), how);
      // A network failure: curl's own message, captured, in that one line.
      const refused = await ctx.runners.run(v, `http://127.0.0.1:${ctx.refusedPort}/`, { env, bashFlags });
      assert.equal(refused.outcome.code, 1, how);
      expectOneLine(refused, /^retry\.sh: giving up after \d+ attempts: curl exit 7: .*connect/i, how);
    }
  },

  async "s: -o FILE gets the final body on success only, replaced whole"(v) {
    const dir = await mkdtemp(path.join(ctx.dir, "output-"));
    const file = path.join(dir, "body.txt");
    await writeFile(file, "old");
    for (const bashFlags of [[], ["-euo", "pipefail"]]) {
      const failing = ctx.server.plan([{ status: 503 }]);
      const failed = await ctx.runners.run(v, failing.url, { curlArgs: ["-o", file], bashFlags });
      assert.equal(failed.outcome.code, 1, failed.stderr);
      assert.equal(await readFile(file, "utf8"), "old", "a failed call leaves the file as it was");
    }
    const { url } = ctx.server.plan([{ status: 503 }, { status: 200 }]);
    const result = await ctx.runners.run(v, url, { curlArgs: ["--output", file] });
    assert.equal(result.outcome.code, 0, result.stderr);
    assert.equal(result.outcome.body, "", "the body goes to the file, not stdout");
    assert.equal(await readFile(file, "utf8"), "status 200 attempt 2");
    // Quiet, strict: the file still gets the body.
    const quiet = ctx.server.plan([{ status: 503 }, { status: 200 }]);
    const cron = await ctx.runners.run(v, quiet.url, { curlArgs: ["-o", file], env: { RETRY_QUIET: "1" }, bashFlags: ["-euo", "pipefail"] });
    assert.deepEqual([cron.outcome.code, cron.outcome.body, cron.stderr], [0, "", ""]);
    assert.equal(await readFile(file, "utf8"), "status 200 attempt 2");
    assert.deepEqual(await readdir(dir), ["body.txt"], "no copy left beside it");
  },

  async "s: a proxy's refusal of CONNECT (403, 407) is final; its 503 is retried"(v) {
    // The host is never resolved here: the proxy is asked for it.
    const url = "https://backoff.test/ping";
    for (const [status, how] of [[403, "env"], [407, "--proxy"]]) {
      const proxy = new RefusingProxy(status);
      await proxy.start();
      try {
        const options =
          how === "env"
            ? { env: viaProxy(proxy.port) }
            : { env: { NO_PROXY: "", no_proxy: "" }, curlArgs: ["--proxy", `http://127.0.0.1:${proxy.port}`] };
        const result = await ctx.runners.run(v, url, options);
        const seen = `${status} via ${how}: ${JSON.stringify(result.outcome)} ${result.stderr}`;
        assert.deepEqual(proxy.connects.map((c) => c.target), ["backoff.test:443"], `one CONNECT: ${seen}`);
        assert.equal(result.outcome.code, 2, `exit 2, a status not retried: ${seen}`);
        expectOneLine(result, new RegExp(`^retry\\.sh: curl exit 56: .*${status}.* \\(the proxy's refusal is not retried\\)$`), seen);
      } finally {
        proxy.close();
      }
    }
    const busy = new RefusingProxy(503);
    await busy.start();
    try {
      const result = await ctx.runners.run(v, url, { env: viaProxy(busy.port) });
      const seen = `${JSON.stringify(result.outcome)} ${result.stderr}`;
      assert.equal(busy.connects.length, ATTEMPTS, `a 503 from the proxy is retried: ${seen}`);
      assert.equal(result.outcome.code, 1, seen);
    } finally {
      busy.close();
    }
  },
};
