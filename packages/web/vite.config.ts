import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { apiRouteRules } from '@parley/protocol';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugin-compress';
import { serviceWorker } from './vite-plugin-service-worker';
import { widget } from './vite-plugin-widget';

const API_TARGET = 'http://localhost:3000';
const protocolDir = fileURLToPath(new URL('../protocol/', import.meta.url));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
  base: './',
  // The route table as plain data (src/lib/api/routes.ts): the client gets no schemas, no TypeBox,
  // and not the bot API, which takes bot keys that a browser never holds.
  define: {
    __PARLEY_API_ROUTES__: JSON.stringify(
      Object.fromEntries(Object.entries(apiRouteRules()).filter(([, rule]) => rule.auth !== 'bot')),
    ),
  },
  // The widget and then the worker are built after the app (the worker lists the app's files),
  // before precompression.
  plugins: [react(), widget(), serviceWorker(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Read by scripts/check-size-budget.mjs to find the chunks each screen loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Brotli compresses one file better than many (one shared window), so the first chat
            // screen (scripts/check-size-budget.mjs) loads few chunks: what the entry imports
            // statically (React, the router, i18next, the store, the API client) as one, and the
            // signed-in shell with the chat route and what they import statically as another.
            // A group takes its modules' static imports only; dynamic imports still load on demand.
            { name: 'core', test: /\/src\/main\.tsx$/, priority: 2 },
            {
              name: 'chat-screen',
              test: /\/src\/(app\/shell\/app-shell\.tsx|features\/chat\/index\.ts)$/,
              priority: 1,
            },
          ],
        },
      },
      treeshake: {
        // The protocol package only declares schemas and constants; marking it side-effect free keeps
        // TypeBox out of the bundle when the client imports nothing but constants from it.
        moduleSideEffects: [{ test: new RegExp(`^${escapeRegExp(protocolDir)}`), sideEffects: false }],
      },
    },
  },
  server: {
    port: 3009,
    proxy: {
      '/api': {
        target: API_TARGET,
        changeOrigin: true,
        configure: (proxy) => {
          // The event stream must reach the browser event by event, never buffered or compressed.
          proxy.on('proxyRes', (proxyRes, req) => {
            if (req.url?.startsWith('/api/user/events')) {
              proxyRes.headers['cache-control'] = 'no-cache, no-transform';
              proxyRes.headers['x-accel-buffering'] = 'no';
              req.socket.setNoDelay(true);
            }
          });
        },
      },
    },
  },
  preview: { port: 4173 },
});
