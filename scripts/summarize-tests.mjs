// Adds up the JSON reports of every suite (Vitest and Playwright) and the checks (build, typecheck,
// lint, translations: one item each), prints a line per suite and, last, the totals as
// "N passed, N failed". Exits non-zero on any failure. Each failure counted (a test with the first
// line of its error, a file that failed outside its tests, a check, a suite that crashed or left no
// report) is named just above the totals, because a CI log is often read from its tail alone.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = process.argv[2];
const lines = (file) => readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

for (const line of lines('checks.txt')) {
  if (line.startsWith('pass:')) passed++;
  else {
    failed++;
    failures.push(`check: ${line.replace(/^fail: /, '')}`);
  }
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
    failures.push(`${name}: no report (the suite did not run)`);
    failed++;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const isPlaywright = report.suites !== undefined && report.stats;
  const counts = isPlaywright ? playwright(report) : vitest(report);
  for (const f of isPlaywright ? playwrightFailures(report.suites) : vitestFailures(report)) {
    failures.push(`${name}: ${f}`);
  }
  // A suite that crashed or hit an unhandled error fails even when no single test did.
  if (exitedNonZero.has(name) && counts.failed === 0) {
    counts.failed = 1;
    failures.push(
      `${name}: exited non-zero with no failed test (an unhandled error or a crash: see its output)`,
    );
  }
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
}

function vitest(r) {
  // A file that failed outside its tests (a hook, an import) counts once, as it is listed once.
  const files = r.testResults ?? [];
  const fileOnly = files.filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  return {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + (files.length > 0 ? fileOnly : (r.numFailedTestSuites ?? 0)),
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

function playwright(r) {
  const s = r.stats;
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
}

function firstLine(text) {
  const plain = stripVTControlCharacters(String(text ?? ''));
  return (plain.split('\n').find((l) => l.trim() !== '') ?? '').trim().slice(0, 300);
}

function vitestFailures(r) {
  const out = [];
  for (const file of r.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) out.push(`${where} › ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed outside any test (a hook, an import) has no failed assertion to name.
    if (file.status === 'failed' && failedTests.length === 0)
      out.push(`${where} — ${firstLine(file.message)}`);
  }
  return out;
}

function playwrightFailures(suites, out = []) {
  for (const s of suites ?? []) {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results?.at(-1);
        out.push(
          `${spec.file}:${spec.line} › ${spec.title} — ${firstLine(last?.error?.message ?? last?.errors?.[0]?.message)}`,
        );
      }
    }
    playwrightFailures(s.suites, out);
  }
  return out;
}

if (failures.length > 0) {
  console.log('Failed tests:');
  for (const f of failures) console.log(`  ${f}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
