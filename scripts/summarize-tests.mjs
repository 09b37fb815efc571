// Adds up the JSON reports of every suite (Vitest and Playwright) and the checks (build, typecheck,
// lint, translations: one item each), prints a line per suite and, last, the totals as
// "N passed, N failed". Exits non-zero on any failure.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const lines = (file) => readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean);
let passed = 0;
let failed = 0;
let skipped = 0;

for (const line of lines('checks.txt')) {
  if (line.startsWith('pass:')) passed++;
  else failed++;
}

const exitedNonZero = new Set(lines('exited-nonzero.txt'));
// The suites scripts/test.sh started, in order.
const suites = lines('suites.txt');
if (suites.length === 0) {
  console.log('no suite ran');
  failed++;
}
for (const name of suites) {
  const file = path.join(dir, `${name}.json`);
  if (!existsSync(file)) {
    console.log(`${name}: no report (the suite did not run)`);
    failed++;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = report.suites !== undefined && report.stats ? playwright(report) : vitest(report);
  // A suite that crashed or hit an unhandled error fails even when no single test did.
  if (exitedNonZero.has(name) && counts.failed === 0) counts.failed = 1;
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
}

function vitest(r) {
  return {
    passed: r.numPassedTests ?? 0,
    failed:
      (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0),
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

function playwright(r) {
  const s = r.stats;
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
