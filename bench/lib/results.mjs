/**
 * Where a run's raw results go (bench/results, git-ignored), with the printed report inside, so an
 * earlier run's tables can be printed again with `--report` after the report code changed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(benchDir, '..');

/** Saves `result` as results/<prefix><date>-<time>-<commit>.json and prints the report. */
export function saveRun(result, text, { prefix = '', gitSha }) {
  const dir = path.join(benchDir, 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = result.startedAt.replace(/[:.]/g, '').replace('T', '-').slice(0, 15);
  const file = path.join(dir, `${prefix}${stamp}-${gitSha}.json`);
  writeFileSync(file, JSON.stringify({ ...result, report: text }, null, 2));
  console.log(`\n${text}\n`);
  console.log(`Total ${(result.wallMs / 1000).toFixed(0)} s. Raw results: ${path.relative(root, file)}`);
}

/** The tables of the results file named on the command line, built by today's `report`. */
export const reprint = (report, file) => console.log(report(JSON.parse(readFileSync(file, 'utf8'))));
