/** The GitHub and Google stand-in of a test file (kept apart from it: the e2e suite imports that one). */
import { afterAll, beforeAll } from 'vitest';
import { startStandIn, type StandIn } from './social-stand-in.js';

/**
 * Starts the stand-in before the file's tests and closes it after. `env` is filled in when it
 * starts, so `useTestServer({ env })` called after this points the server at it; `standIn`
 * forwards to the running stand-in.
 */
export function useSocialStandIn(): { standIn: StandIn; env: Record<string, string> } {
  let current: StandIn | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    current = await startStandIn();
    Object.assign(env, current.env());
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const standIn = new Proxy({} as StandIn, {
    get(_, key) {
      if (!current) throw new Error('useSocialStandIn(): the stand-in exists only inside tests and hooks');
      return Reflect.get(current, key);
    },
  });
  return { standIn, env };
}
