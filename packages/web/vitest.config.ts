import { apiRouteRules } from '@parley/protocol';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __PARLEY_API_ROUTES__: JSON.stringify(apiRouteRules()) },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
