/// <reference types="vite/client" />
import type { ApiRouteRules } from '@parley/protocol';

declare global {
  /** The route table without its schemas, inlined at build time by vite.config.ts. */
  const __PARLEY_API_ROUTES__: ApiRouteRules;
}
