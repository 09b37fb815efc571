import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const ENTRY = fileURLToPath(new URL('./widget.html', import.meta.url));

/**
 * Builds the embeddable widget's page (`widget.html`, docs/widget.md) on its own, after the app
 * and before the service worker lists the app's files: a second entry in the app's own build
 * made Rolldown split the app's chunks differently (the first chat screen grew by 6 KB brotli),
 * and the widget shares nothing with the app anyway. Its files land under `assets/widget/`, so
 * they get the hashed files' caching.
 */
export function widget(): Plugin {
  let outDir = '';
  let root = '';
  let treeshake: ResolvedConfig['build']['rolldownOptions']['treeshake'];
  return {
    name: 'parley-widget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      // The app's rule that the protocol package has no side effects: the widget imports its
      // `LIMITS` without taking TypeBox along.
      treeshake = config.build.rolldownOptions.treeshake;
    },
    writeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        await build({
          configFile: false,
          root,
          base: './',
          logLevel: 'warn',
          publicDir: false,
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            manifest: false,
            assetsDir: 'assets/widget',
            rolldownOptions: { input: { widget: ENTRY }, treeshake },
          },
        });
      },
    },
  };
}
