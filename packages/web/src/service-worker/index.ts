/**
 * The service worker, built to `/sw.js` (vite.config.ts). Minimal on this branch: it only installs
 * the push handlers (`push.ts`); the client engineer's worker takes this file over.
 */
import { installPushHandlers, type PushScope } from './push';

installPushHandlers(self as unknown as PushScope);
