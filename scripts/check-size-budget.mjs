#!/usr/bin/env node
// The size budget of the web client (issue 14, "Load fast"): the JavaScript a browser downloads to
// show the first chat screen, as transferred (the precompressed `.br` and `.gz` files the server
// sends), must stay within BUDGET_KB with brotli, which every current browser accepts over HTTPS and the
// server prefers. The gzip figure (older clients, plain HTTP) is printed too. Runs on packages/web/dist.
// The screen's chunks are read from Vite's manifest: the entry with everything it imports, plus the
// lazy routes the chat screen opens (the signed-in shell and the chat feature) with their imports.
// Usage: node scripts/check-size-budget.mjs [--json]
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../packages/web/dist', import.meta.url));
const BUDGET_KB = 150;
// The signed-in shell and the chat route are built into one `chat-screen` chunk (codeSplitting
// groups in packages/web/vite.config.ts); without the group each is its own manifest entry.
const FIRST_CHAT_SCREEN = [
  'index.html',
  ['src/app/shell/app-shell.tsx', 'chat-screen'],
  ['src/features/chat/index.ts', 'chat-screen'],
];

const manifestPath = join(DIST, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`size budget: ${manifestPath} is missing; run \`npm run build\` first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Every JS file a manifest entry loads before it runs: itself and its static imports, transitively. */
function chunkFiles(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`size budget: "${key}" is not in the build manifest`);
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, seen);
  return seen;
}

/** The manifest key of a module's chunk: its own entry, or else the named group chunk it was built into. */
function chunkKey(module) {
  const [source, group] = Array.isArray(module) ? module : [module];
  if (manifest[source] || !group) return source;
  const grouped = Object.keys(manifest).find((key) => manifest[key].name === group && key.endsWith('.js'));
  return grouped ?? source;
}

const keys = new Set(FIRST_CHAT_SCREEN.flatMap((module) => [...chunkFiles(chunkKey(module))]));
const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
const size = (file) => (existsSync(join(DIST, file)) ? statSync(join(DIST, file)).size : null);
const rows = files.map((file) => {
  const raw = size(file);
  // A twin the build left out (not smaller) is sent plain.
  return { file, raw, br: size(`${file}.br`) ?? raw, gzip: size(`${file}.gz`) ?? raw };
});
const total = (field) => rows.reduce((sum, row) => sum + row[field], 0);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const totals = { raw: total('raw'), br: total('br'), gzip: total('gzip') };

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ budget_kb: BUDGET_KB, files: rows, totals }, null, 2));
} else {
  for (const row of rows) {
    console.log(`${row.file.padEnd(40)} ${kb(row.raw)} KB raw, ${kb(row.br)} KB br, ${kb(row.gzip)} KB gzip`);
  }
  console.log(
    `first chat screen: ${kb(totals.raw)} KB raw, ${kb(totals.br)} KB brotli, ${kb(totals.gzip)} KB gzip (budget ${BUDGET_KB} KB)`,
  );
}
if (totals.br > BUDGET_KB * 1024) {
  console.error(`size budget: the first chat screen's JavaScript is over ${BUDGET_KB} KB with brotli`);
  process.exit(1);
}
