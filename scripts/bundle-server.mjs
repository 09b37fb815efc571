#!/usr/bin/env node
/**
 * Bundles the built server (packages/server/dist/main.js) with its dependencies into
 * packages/server/dist-bundle/ with rolldown (installed with vite), for `npm start`
 * (docs/benchmarks.md, "A bundled server"). Left out, loaded from node_modules as before: the
 * native packages (better-sqlite3, argon2, sharp) and the ones the server loads only when a
 * feature is used (lazy-module.ts, scaled mode, S3), the two Swagger plugins, which read files
 * next to their own code, and Fastify's schema compilers, which a server at rest never runs.
 * The server's own lazy imports become chunks
 * that still load on first use. Tests keep running the unbundled build, except the node processes
 * of the `cluster` project (packages/server/test/support/bundle-global-setup.ts).
 *
 *   node scripts/bundle-server.mjs            (after `tsc -b packages/protocol packages/server`)
 *   BUNDLE_MINIFY=1 node scripts/bundle-server.mjs
 */
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'packages/server');
const outDir = path.join(server, process.env.BUNDLE_OUT ?? 'dist-bundle');

const EXTERNAL = [
  // native
  'better-sqlite3',
  '@node-rs/argon2',
  'sharp',
  // loaded on first use
  'nodemailer',
  'web-push',
  'agora-token',
  'viem',
  'openid-client',
  'pg',
  'ioredis',
  '@aws-sdk/client-s3',
  // read files next to their own code (__dirname): the Swagger UI's assets, the package.json
  '@fastify/swagger',
  '@fastify/swagger-ui',
  // required by @fastify/swagger-ui from node_modules: bundled too, it would be loaded twice
  '@fastify/static',
  // Fastify's Ajv validator compiler (never used: src/http/validation.ts) and its serializer
  // compiler (loaded from node_modules on a first reply, src/http/serialization.ts): bundled, their
  // ~1 MB of source (Ajv and fast-uri, twice) would be in memory at rest: V8 keeps a script's
  // whole source, run or not. Resolved from node_modules at the top, where npm hoists them.
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'fast-json-stringify',
];
const isExternal = (id) => EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`));

// The bundle loads Fastify's compilers from the server's node_modules, Fastify from its own: they
// must be the same copies, or the bundle would run another version than Fastify was built with.
// If npm ever nests them under fastify, bundling fails and `npm start` runs the unbundled build.
const fromServer = createRequire(path.join(server, 'package.json'));
const fromFastify = createRequire(fromServer.resolve('fastify'));
for (const name of [
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'fast-json-stringify',
]) {
  if (fromServer.resolve(name) !== fromFastify.resolve(name)) {
    throw new Error(
      `${name}: fastify uses ${fromFastify.resolve(name)}, the bundle would load ${fromServer.resolve(name)}`,
    );
  }
}

const started = performance.now();
rmSync(outDir, { recursive: true, force: true });
const bundle = await rolldown({
  input: path.join(server, 'dist/main.js'),
  platform: 'node',
  external: isExternal,
  logLevel: 'warn',
});
const { output } = await bundle.write({
  dir: outDir,
  format: 'esm',
  entryFileNames: 'main.js',
  minify: process.env.BUNDLE_MINIFY === '1',
  // V8 keeps each script's source in memory: all-ASCII text is stored one byte per character
  // (one non-ASCII character makes the whole 3.7 MB string two bytes per character), and comments
  // other than licences are dropped.
  charset: 'ascii',
  comments: { legal: true, annotation: false, jsdoc: false },
  sourcemap: false,
});
await bundle.close();
// `charset: 'ascii'` leaves licence comments as they are; one `ä` there would undo it.
for (const o of output) {
  if (o.type !== 'chunk' || !/[\u0080-\uffff]/.test(o.code)) continue;
  const ascii = o.code.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  writeFileSync(path.join(outDir, o.fileName), ascii);
}
const bytes = output.reduce((n, o) => n + (o.type === 'chunk' ? Buffer.byteLength(o.code) : 0), 0);
console.log(
  `bundled ${path.relative(root, path.join(outDir, 'main.js'))}: ${output.length} files, ${(bytes / 2 ** 20).toFixed(1)} MB, ${(performance.now() - started).toFixed(0)} ms`,
);
