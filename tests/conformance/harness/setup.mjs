// Test code: writes every snippet with the core's dump_snippets example and
// prepares each language's runner, so the cases only have to run them.
//
// Nothing is installed here. The suite expects node 20 with the repo's
// node_modules (typescript), python3 with requests, mypy and the requests
// stubs in target/types-venv (scripts/setup.sh all), go (1.19 or later),
// bash, curl and awk, and cargo with the rust-driver's crates fetched.

import { spawn } from "node:child_process";
import { chmod, copyFile, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const HERE = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const ROOT = path.resolve(HERE, "../..");
export const DRIVERS = path.join(HERE, "drivers");
export const RUST_DRIVER = path.join(HERE, "rust-driver");

/**
 * Runs a command to the end. Resolves to { code, stdout, stderr, ms }
 * (ms: wall time from spawn to exit); rejects only when the command cannot
 * start or runs past `timeout` ms. `input` is written to its stdin.
 * `killAfter` ms, when given, kills it then and resolves with code "killed":
 * for a snippet that should still be asleep.
 */
export function run(
  command,
  args,
  { cwd = ROOT, env = process.env, timeout = 60_000, input, killAfter } = {},
) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const stdin = input === undefined ? "ignore" : "pipe";
    // A group of its own, so a kill also reaches its children (a bash
    // script's sleep would otherwise hold the pipes open).
    const child = spawn(command, args, { cwd, env, stdio: [stdin, "pipe", "pipe"], detached: true });
    const kill = () => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    if (input !== undefined) child.stdin.end(input);
    let stdout = "";
    let stderr = "";
    let killed = false;
    child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    const timer = setTimeout(() => {
      kill();
      if (killAfter) killed = true;
      else reject(new Error(`${command} ${args.join(" ")}: no end after ${timeout} ms\n${stderr}`));
    }, killAfter ?? timeout);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const ms = Date.now() - started;
      resolve({ code: killed ? "killed" : (code ?? signal), stdout, stderr, started, ms });
    });
  });
}

/** Runs a build step; throws with its output when it fails. */
async function step(name, command, args, options) {
  const result = await run(command, args, { timeout: 15 * 60_000, ...options });
  if (result.code !== 0) {
    throw new Error(`${name} failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/** Writes the snippets into `dir` and reads the manifest. */
export async function dumpSnippets(dir, policyArgs) {
  await step("dump_snippets", "cargo", [
    "run",
    "--quiet",
    "--example",
    "dump_snippets",
    "--",
    dir,
    ...policyArgs,
  ]);
  return JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8"));
}

/** The flags every TypeScript snippet is compiled with. */
export const TSC_FLAGS = [
  "--strict",
  "--noUnusedLocals",
  "--noUnusedParameters",
  "--noImplicitReturns",
  "--noUncheckedIndexedAccess",
  "--noPropertyAccessFromIndexSignature",
  "--target",
  "es2022",
  // As a user compiles it for Node.js: module nodenext reads the
  // package.json written beside the files, so the snippets are ES modules.
  "--module",
  "nodenext",
  "--moduleResolution",
  "nodenext",
  "--lib",
  "es2022,dom",
];

/**
 * A type checker's errors by file: lines such as `ts/a.ts(3,4): error
 * TS2322: ...` (tsc) or `py/a.py:3: error: ... [assignment]` (mypy), with
 * paths relative to the directory it ran in.
 */
function errorsByFile(output) {
  const errors = new Map();
  for (const line of output.split("\n")) {
    const match = /^(.+?)(?:\(\d+,\d+\)|:\d+): error:? (.*)$/.exec(line.trim());
    if (!match) continue;
    const [, file, message] = match;
    errors.set(file, [...(errors.get(file) ?? []), message]);
  }
  return errors;
}

/**
 * Compiles every TypeScript file in dir/ts with TSC_FLAGS into dir/ts-out,
 * in one tsc run. Files named in `illTyped` (relative to dir, such as
 * `ts/ill-typed-0.ts`) must fail; any error elsewhere throws. Returns the
 * output directory and the errors by file.
 */
export async function buildTypeScript(dir, illTyped = []) {
  const tsDir = path.join(dir, "ts");
  const out = path.join(dir, "ts-out");
  const files = (await readdir(tsDir)).filter((f) => f.endsWith(".ts")).sort();
  await writeFile(path.join(tsDir, "package.json"), '{ "type": "module" }\n');
  const result = await run(
    path.join(ROOT, "node_modules/.bin/tsc"),
    [...TSC_FLAGS, "--outDir", out, ...files.map((f) => path.join("ts", f))],
    { cwd: dir, timeout: 5 * 60_000 },
  );
  const errors = errorsByFile(result.stdout);
  const stray = [...errors.keys()].filter((file) => !illTyped.includes(file));
  if (stray.length > 0 || (result.code !== 0 && errors.size === 0)) {
    throw new Error(`tsc --strict failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  // The compiled files are ES modules.
  await writeFile(path.join(out, "package.json"), '{ "type": "module" }\n');
  return { out, errors, ms: result.ms };
}

/** mypy from the venv scripts/setup.sh makes (tests/conformance/typecheck-requirements.txt). */
export const MYPY = process.env.CONFORMANCE_MYPY ?? path.join(ROOT, "target/types-venv/bin/mypy");

/**
 * Checks `files` (relative to dir) with one `mypy --strict --python-version
 * 3.8` run, its cache under target/. Returns the errors by file and the
 * run's wall time; throws when mypy cannot run or crashes (exit 2).
 */
export async function typeCheckPython(dir, files) {
  const result = await run(
    MYPY,
    [
      "--strict",
      "--python-version",
      "3.8",
      "--cache-dir",
      path.join(ROOT, "target/mypy-cache"),
      "--no-color-output",
      "--no-error-summary",
      ...files,
    ],
    { cwd: dir, timeout: 10 * 60_000 },
  ).catch((error) => {
    throw new Error(`${MYPY} did not run (scripts/setup.sh all installs it): ${error.message}`);
  });
  if (result.code !== 0 && result.code !== 1) {
    throw new Error(`mypy failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return { errors: errorsByFile(result.stdout), output: result.stdout, code: result.code, ms: result.ms };
}

/**
 * Puts every Go snippet, exactly as written, in a package of a temporary
 * module with the driver, vets it and builds one binary.
 */
export async function buildGo(dir) {
  const module = path.join(dir, "go-module");
  const goDir = path.join(dir, "go");
  const files = (await readdir(goDir)).filter((f) => f.endsWith(".go")).sort();
  await mkdir(module, { recursive: true });
  await writeFile(path.join(module, "go.mod"), "module conformance\n\ngo 1.19\n");
  await copyFile(path.join(DRIVERS, "go_driver.go"), path.join(module, "main.go"));
  let imports = "";
  let entries = "";
  let hooks = "";
  for (const [i, file] of files.entries()) {
    await mkdir(path.join(module, `v${i}`), { recursive: true });
    await copyFile(path.join(goDir, file), path.join(module, `v${i}`, "retry.go"));
    imports += `\tv${i} "conformance/v${i}"\n`;
    entries += `\t${JSON.stringify(file.replace(/\.go$/, ""))}: v${i}.DoWithBackoff,\n`;
    hooks += `\t${JSON.stringify(file.replace(/\.go$/, ""))}: &v${i}.OnRetry,\n`;
  }
  await writeFile(
    path.join(module, "variants.go"),
    `package main\n\nimport (\n${imports})\n\nvar variants = map[string]doFunc{\n${entries}}\n\n` +
      `var hooks = map[string]*hookFunc{\n${hooks}}\n`,
  );
  // Only the standard library is needed: keep go off the network.
  const env = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GO111MODULE: "on" };
  const vet = await run("go", ["vet", "./..."], { cwd: module, env, timeout: 10 * 60_000 });
  const binary = path.join(dir, "go-driver");
  await step("go build", "go", ["build", "-o", binary, "."], { cwd: module, env });
  return { binary, vet };
}

/**
 * Builds the Rust driver with every Rust snippet as a module. Cargo caches
 * the build in the driver's own target dir. Returns the binary and the
 * warnings rustc printed about the snippets.
 */
export async function buildRust(dir) {
  // The driver's own target dir, even when the caller set CARGO_TARGET_DIR
  // for the page's build: the binary is looked for there.
  const env = { ...process.env, SNIPPETS_DIR: dir, CARGO_TARGET_DIR: path.join(RUST_DRIVER, "target") };
  const result = await step("cargo build (rust-driver)", "cargo", ["build"], {
    cwd: RUST_DRIVER,
    env,
  });
  const warnings = result.stderr
    .split(/\n(?=warning|error)/)
    .filter((block) => block.startsWith("warning") && block.includes(path.join(dir, "rs")));
  return { binary: path.join(RUST_DRIVER, "target/debug/snippet-driver"), warnings };
}

/** A directory with a `curl` that notes each call's time, then runs curl. */
export async function curlShim(dir) {
  const { stdout } = await run("sh", ["-c", "command -v curl"]);
  const curl = stdout.trim();
  if (!curl) throw new Error("curl is not on PATH");
  const shimDir = path.join(dir, "shim");
  await mkdir(shimDir, { recursive: true });
  const shim = path.join(shimDir, "curl");
  await writeFile(
    shim,
    `#!/bin/sh\n# Test code: note when the snippet calls curl, then run the real one.\n` +
      `# CURL_FAIL_CODES="16 92" makes calls 1 and 2 fail with those exit codes\n` +
      `# instead, printing what curl's --write-out prints on a failure.\n` +
      `# The real wall clock, even when the CLOCK scenario steps the snippet's.\n` +
      `LD_PRELOAD= date +%s%N >>"$CURL_LOG"\n` +
      `n=$(wc -l <"$CURL_LOG")\n` +
      `set -- $CURL_FAIL_CODES "" "$@"\n` +
      `i=0\nfail=""\n` +
      `while [ "$1" != "" ]; do i=$((i + 1)); [ "$i" -eq "$n" ] && fail=$1; shift; done\n` +
      `shift\n` +
      `if [ -n "$fail" ]; then printf '000 000'; exit "$fail"; fi\n` +
      `exec ${JSON.stringify(curl)} "$@"\n`,
  );
  await chmod(shim, 0o755);
  return shimDir;
}

/**
 * Builds harness/clock-step.c into `dir` with `cc`: the LD_PRELOAD library
 * that steps a bash script's wall clock (the bash CLOCK scenario). Throws,
 * saying so, when there is no cc: that scenario then fails, never skips.
 */
export async function clockStepLibrary(dir) {
  const library = path.join(dir, "clock-step.so");
  const source = path.join(HERE, "harness", "clock-step.c");
  const result = await run("cc", ["-shared", "-fPIC", "-O2", "-Wall", "-Werror", "-o", library, source]).catch(
    (error) => {
      throw new Error(`cc did not run (${error.message}): the bash CLOCK scenario needs a C compiler to build ${source}`);
    },
  );
  if (result.code !== 0) throw new Error(`cc failed to build ${source} (${result.code}):\n${result.stderr}`);
  return library;
}
