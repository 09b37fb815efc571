import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The built modules: V8's flags are process-wide, so each case runs in a node process of its own. */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const MODULE = path.join(DIST, 'startup-heap.js');
const WRITER = path.join(DIST, 'store/sqlite-writer.js');

/**
 * Imports startup-heap.js, runs the steps, and returns the new space's committed size in MB after
 * each `churn` (allocations with survivors, as a start makes).
 */
function newSpaceAfter(steps: string[]): number[] {
  const script = `
    import v8 from 'node:v8';
    import os from 'node:os';
    import path from 'node:path';
    import { mkdtempSync, rmSync } from 'node:fs';
    import { Worker } from 'node:worker_threads';
    const heap = await import(${JSON.stringify(MODULE)});
    const sizes = [];
    const churn = () => {
      let keep = [];
      for (let i = 0; i < 2e6; i++) {
        keep.push({ i, s: 'x' + i });
        if (keep.length > 100000) keep = [];
      }
      const s = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space');
      sizes.push(s.physical_space_size / 2 ** 20);
    };
    for (const step of ${JSON.stringify(steps)}) {
      if (step === 'churn') churn();
      if (step === 'worker') {
        const w = new Worker("require('node:worker_threads').parentPort.postMessage('up')", { eval: true });
        await new Promise((resolve) => w.once('message', resolve));
        await w.terminate();
      }
      if (step === 'writer') {
        const { SqliteWriter } = await import(${JSON.stringify(WRITER)});
        const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-startup-heap-'));
        const writer = new SqliteWriter(path.join(dir, 'db.sqlite'), 'FULL');
        await writer.ready;
        await writer.close();
        rmSync(dir, { recursive: true, force: true });
      }
      if (step === 'beginStartup') heap.beginStartup();
      if (step === 'workerStarted') heap.workerStarted();
      if (step === 'endStartup') heap.endStartup();
    }
    console.log(JSON.stringify(sizes));
  `;
  // A file, not `--input-type=module -e`: worker threads inherit that flag, and the writer's is CommonJS.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-startup-heap-'));
  try {
    writeFileSync(path.join(dir, 'case.mjs'), script);
    const out = execFileSync(process.execPath, [path.join(dir, 'case.mjs')], { encoding: 'utf8' });
    return JSON.parse(out) as number[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('startup-heap', () => {
  it('leaves V8 alone in a process that builds the server without main.ts (tests, benches)', () => {
    // The SQLite writer calls workerStarted wherever it runs: without beginStartup that holds nothing.
    const [size] = newSpaceAfter(['workerStarted', 'churn']);
    expect(size).toBeGreaterThan(8);
  });

  it('holds the new space at its initial size until endStartup, then lets it grow', () => {
    const [starting, ended] = newSpaceAfter(['beginStartup', 'churn', 'endStartup', 'churn']);
    expect(starting).toBeLessThanOrEqual(4);
    expect(ended).toBeGreaterThan(8);
  });

  it('a worker thread undoes the hold, and workerStarted restores it', () => {
    const [afterWorker] = newSpaceAfter(['beginStartup', 'worker', 'churn']);
    expect(afterWorker).toBeGreaterThan(8);
    const [restored] = newSpaceAfter(['beginStartup', 'worker', 'workerStarted', 'churn']);
    expect(restored).toBeLessThanOrEqual(4);
  });

  it("the SQLite writer's thread starting during the start keeps the hold", () => {
    const [size] = newSpaceAfter(['beginStartup', 'writer', 'churn']);
    expect(size).toBeLessThanOrEqual(4);
  });
});
