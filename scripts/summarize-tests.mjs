// Adds up the JSON reports of every suite (Vitest and Playwright) plus the check steps, prints a
// line per suite and, last, the totals as "N passed, N failed". Exits non-zero on any failure.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;

for (const line of readFileSync(path.join(dir, 'checks.txt'), 'utf8').split('\n').filter(Boolean)) {
  if (line.startsWith('pass:')) passed++;
  else failed++;
}

const expected = ['web.json', 'server-sqlite.json', 'server-postgres.json', 'e2e.json'];
for (const file of expected) {
  const full = path.join(dir, file);
  if (!existsSync(full)) {
    console.log(`${file.replace('.json', '')}: no report (the suite did not run)`);
    failed++;
    continue;
  }
  const report = JSON.parse(readFileSync(full, 'utf8'));
  const counts = report.suites !== undefined && report.stats ? playwright(report) : vitest(report);
  console.log(
    `${file.replace('.json', '')}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
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
