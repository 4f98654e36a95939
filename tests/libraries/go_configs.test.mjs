// The Go configs the page writes are gofmt's output, and cenkalti's, a
// whole file for v7, builds and runs with the pinned cenkalti/backoff v5
// (see README.md beside this file): no registry here carries v7, and the
// calls the file makes (NewExponentialBackOff and its fields, Retry,
// WithBackOff, WithMaxElapsedTime, WithMaxTries) are the same in v7.0.0's
// retry.go, so only its import path is changed to v5's for the build.
//
// For each set below, examples/library_configs.rs gives the text
// model.config() writes. gofmt (Go 1.23, target/lib-go) must leave it as
// it is: a whole file as it stands, a fragment (client-go, retryablehttp)
// wrapped in a function body, each line indented one tab. cenkalti's file
// gets a `main` appended that calls its `retry` with an operation that
// always fails, counting the calls: the count must be MaxTries.
//
// Run: bash tests/libraries/setup.sh && node --test tests/libraries/go_configs.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const root = here('../..');
const lg = `${root}/target/lib-go`;
const goroot = `${lg}/root/usr/lib/go-1.23`;
const env = {
  ...process.env,
  GOROOT: goroot,
  GOPATH: `${lg}/root/usr/share/gocode`,
  GO111MODULE: 'off',
  GOTOOLCHAIN: 'local',
  GOCACHE: `${lg}/cache`,
  GOFLAGS: '',
  CGO_ENABLED: '0',
};

// <model id> <set name> [<parameter>=<value> ...], in the library's units.
const SETS = `
cenkalti defaults
cenkalti four-tries InitialInterval=1 Multiplier=2 MaxInterval=4 RandomizationFactor=0 MaxTries=4 MaxElapsedTime=0
cenkalti odd-units InitialInterval=1.5 MaxInterval=2500 MaxElapsedTime=30000 MaxTries=12
client-go defaults
client-go capped Duration=2.5 Cap=1000
client-go fractions Duration=100 Factor=1.5 Jitter=0.25 Steps=10 Cap=60000
retryablehttp defaults
retryablehttp odd RetryWaitMin=1.5 RetryWaitMax=2500 RetryMax=7
`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'go-configs-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const setsFile = path.join(dir, 'sets.txt');
writeFileSync(setsFile, SETS);
const configs = JSON.parse(
  execFileSync('cargo', ['run', '--quiet', '--locked', '--example', 'library_configs', '--', setsFile], {
    cwd: root,
    encoding: 'utf8',
  }),
);

/** The text as gofmt writes it. */
function gofmt(text) {
  return execFileSync(`${goroot}/bin/gofmt`, [], { input: text, encoding: 'utf8', env });
}

/** A fragment as the body of a function, each line indented one tab. */
function wrapped(text) {
  const body = text.trimEnd().split('\n').map((l) => (l ? `\t${l}` : l)).join('\n');
  return `package p\n\nfunc f() {\n${body}\n}\n`;
}

for (const item of configs) {
  test(`${item.id} ${item.set}: the config is gofmt's output`, () => {
    const text = item.config.startsWith('package ') ? item.config : wrapped(item.config);
    assert.equal(gofmt(text), text);
  });
}

test('cenkalti: the written v7 file builds and runs with the pinned v5, MaxTries attempts', () => {
  const item = configs.find((c) => c.id === 'cenkalti' && c.set === 'four-tries');
  const v7 = '"github.com/cenkalti/backoff/v7"';
  assert.ok(item.config.includes(v7), 'the file imports v7');
  const file = path.join(dir, 'main.go');
  writeFileSync(file, `${item.config}
// --- driver appended by go_configs.test.mjs ---
func main() {
	calls := 0
	_, err := retry(context.Background(), func() (int, error) {
		calls++
		return 0, errors.New("fails")
	})
	fmt.Println(calls, err != nil)
	_ = time.Second
}
`.replace('import (\n', 'import (\n\t"errors"\n\t"fmt"\n').replace(v7, '"github.com/cenkalti/backoff/v5"'));
  const out = execFileSync(`${goroot}/bin/go`, ['run', file], { cwd: dir, encoding: 'utf8', env });
  assert.equal(out.trim(), '4 true');
});
