/**
 * Part of the `cluster` project's globalSetup: bundles the built server once for the run, as
 * `npm start` does (scripts/bundle-server.mjs), so the node processes of the failover tests run
 * what production runs and each starts in about half the CPU of `dist/main.js` (module loading is
 * most of a start; docs/testing.md). The bundle is made from the current `dist/`, so it is never
 * older than the build the other tests run. Tests read its entry point with `inject('serverMain')`.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The entry point node processes run (`test/support/node-process.ts`); absent: `dist/main.js`. */
    serverMain?: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  // Below packages/server, so the modules left out of the bundle resolve from its node_modules.
  const outDir = `dist-bundle-test-run-${process.pid}`;
  const absolute = path.join(root, 'packages/server', outDir);
  // Without a build there is nothing to bundle: the tests that start node processes say so
  // (node-process.ts), the others run from the sources.
  if (!existsSync(path.join(root, 'packages/server/dist/main.js'))) return async () => {};
  await promisify(execFile)(process.execPath, [path.join(root, 'scripts/bundle-server.mjs')], {
    env: { ...process.env, BUNDLE_OUT: outDir },
  });
  provide('serverMain', path.join(absolute, 'main.js'));
  return () => rm(absolute, { recursive: true, force: true });
}
