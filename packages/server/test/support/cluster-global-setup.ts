/**
 * vitest globalSetup of the `cluster` project: the test PostgreSQL and its template
 * (global-setup.ts), one Redis (redis-global-setup.ts) and the server bundle
 * (bundle-global-setup.ts), made at the same time: vitest would run three setup files one after
 * another, and each mostly waits on a child process.
 */
import type { TestProject } from 'vitest/node';
import bundleSetup from './bundle-global-setup.js';
import postgresSetup from './global-setup.js';
import redisSetup from './redis-global-setup.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = await Promise.allSettled([
    postgresSetup(project),
    redisSetup(project),
    bundleSetup(project),
  ]);
  const teardowns = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const teardown = async () => void (await Promise.allSettled(teardowns.map(async (t) => t())));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  return teardown;
}
