import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const ENTRY = fileURLToPath(new URL('./src/service-worker/index.ts', import.meta.url));
/** What the worker keeps for offline starts: the page, its scripts and styles, the manifest, the icons. */
const SHELL_FILE = /^(index\.html|manifest\.webmanifest|icons\/.+\.(png|svg)|assets\/.+\.(js|css))$/;

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory()
      ? filesUnder(full, base)
      : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/**
 * Builds `src/service-worker/index.ts` into `sw.js` at the root of the build (SPEC §2: a fixed path),
 * after the app itself, with the app shell's file list and a hash of those files' contents built in:
 * any change to the app changes `sw.js`, which is how the browser notices a new version. Runs in
 * `writeBundle`, before the precompress plugin's `closeBundle`, so `sw.js` gets its twins too.
 */
export function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'parley-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const shell = filesUnder(outDir)
        .filter((file) => SHELL_FILE.test(file))
        .sort();
      const hash = createHash('sha256');
      for (const file of shell) hash.update(file).update(readFileSync(path.join(outDir, file)));
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __PARLEY_SW_VERSION__: JSON.stringify(hash.digest('hex').slice(0, 16)),
          __PARLEY_SW_SHELL__: JSON.stringify(shell),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          lib: { entry: ENTRY, formats: ['iife'], name: 'parleyServiceWorker', fileName: () => 'sw.js' },
        },
      });
    },
  };
}
