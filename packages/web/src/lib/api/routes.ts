import type { ApiRouteRules } from '@parley/protocol';

/**
 * Method, path, authentication and reply kind of every endpoint, from the protocol's route table.
 * The build inlines it as plain data (vite.config.ts), so the schemas and TypeBox stay on the server.
 */
export const ROUTES: ApiRouteRules = __PARLEY_API_ROUTES__;
