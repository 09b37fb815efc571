// node --test scripts/summarize-tests.test.mjs (a step of scripts/test.sh)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./summarize-tests.mjs', import.meta.url));

function summarize(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'summarize-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const vitestReport = {
  numPassedTests: 1,
  numFailedTests: 1,
  numPendingTests: 0,
  testResults: [
    {
      name: path.join(process.cwd(), 'packages/server/test/a.test.ts'),
      status: 'failed',
      assertionResults: [
        { fullName: 'a passes', status: 'passed', failureMessages: [] },
        {
          fullName: 'a > fails',
          status: 'failed',
          failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at x'],
        },
      ],
    },
    {
      name: path.join(process.cwd(), 'packages/server/test/b.test.ts'),
      status: 'failed',
      message: 'Hook timed out',
      assertionResults: [],
    },
  ],
};
const playwrightReport = {
  stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 0 },
  suites: [
    {
      suites: [
        {
          specs: [
            {
              file: 'tests/x.spec.ts',
              line: 7,
              title: 'shows it',
              tests: [{ status: 'expected', results: [] }],
            },
            {
              file: 'tests/x.spec.ts',
              line: 9,
              title: 'sends it',
              tests: [{ status: 'unexpected', results: [{ error: { message: 'Error: timed out\nmore' } }] }],
            },
          ],
        },
      ],
    },
  ],
};

test('names each failed test with the first line of its error, above the totals', () => {
  const r = summarize({
    'checks.txt': 'pass: build\n',
    'exited-nonzero.txt': 'server\ne2e\n',
    'suites.txt': 'server\ne2e\n',
    'server.json': vitestReport,
    'e2e.json': playwrightReport,
  });
  assert.equal(r.status, 1);
  const lines = r.stdout.trim().split('\n');
  assert.deepEqual(lines.slice(-5), [
    'Failed tests:',
    '  server: packages/server/test/a.test.ts › a > fails — AssertionError: expected 1 to be 2',
    '  server: packages/server/test/b.test.ts — Hook timed out',
    '  e2e: tests/x.spec.ts:9 › sends it — Error: timed out',
    '3 passed, 3 failed',
  ]);
});

test('prints no failure list when everything passed', () => {
  const r = summarize({
    'checks.txt': 'pass: build\n',
    'exited-nonzero.txt': '',
    'suites.txt': 'e2e\n',
    'e2e.json': { ...playwrightReport, stats: { expected: 2, unexpected: 0 }, suites: [] },
  });
  assert.equal(r.status, 0);
  assert.equal(r.stdout.includes('Failed tests'), false);
  assert.equal(r.stdout.trim().split('\n').at(-1), '3 passed, 0 failed');
});

test('names a failed check, a suite that crashed without a failed test and one that left no report', () => {
  const r = summarize({
    'checks.txt': 'pass: build\nfail: lint\n',
    'exited-nonzero.txt': 'web\nserver\n',
    'suites.txt': 'web\nserver\n',
    'web.json': { numPassedTests: 4, numFailedTests: 0, testResults: [] },
  });
  assert.equal(r.status, 1);
  assert.deepEqual(r.stdout.trim().split('\n').slice(-5), [
    'Failed tests:',
    '  check: lint',
    '  web: exited non-zero with no failed test (an unhandled error or a crash: see its output)',
    '  server: no report (the suite did not run)',
    '5 passed, 3 failed',
  ]);
});
