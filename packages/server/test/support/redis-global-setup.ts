/**
 * Part of the `cluster` project's globalSetup (cluster-global-setup.ts): one throwaway Redis for the run. Test files share
 * it safely: every deployment's keys and channel carry its own server id (src/realtime/redis.ts).
 */
import type { TestProject } from 'vitest/node';
import { startRedis } from './redis.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `redis://127.0.0.1:<port>` */
    redisUrl: string;
  }
}

export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const redis = await startRedis();
  provide('redisUrl', redis.url);
  return () => redis.stop();
}
