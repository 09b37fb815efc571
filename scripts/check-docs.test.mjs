// node --test scripts/check-docs.test.mjs (a step of scripts/test.sh)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ctxFieldsOf, findProblems, inlineCode } from './check-docs.mjs';

const FILES = [
  'README.md',
  'docs/events.md',
  'packages/protocol/package.json',
  'packages/protocol/src/errors.ts',
  'packages/server/package.json',
  'packages/server/src/store/dialect.ts',
  'packages/server/src/realtime/presence.ts',
  'packages/server/test/support/sse.ts',
];
const CTX = ctxFieldsOf(`export interface Ctx {
  readonly store: Store;
  /** the send queue */
  readonly sends: SendQueue;
  now: () => number;
}`);
const check = (text, isIgnored) => findProblems([{ path: 'docs/events.md', text }], FILES, CTX, isIgnored);

test('reads the fields of Ctx', () => {
  assert.deepEqual([...CTX].sort(), ['now', 'sends', 'store']);
});

test('accepts paths from the root, the document, a package, its src and test, and bare names', () => {
  const text = [
    '`docs/events.md`, `events.md`, `../README.md`, `store/dialect.ts:12`, `src/store/dialect.ts`,',
    '`support/sse.ts`, `protocol/errors.ts`, `presence.ts`, `packages/server/src/store/`, `ctx.sends`,',
    '`ctx.store.users.get(1)` and `ctx.now()`.',
  ].join('\n');
  assert.deepEqual(check(text), []);
});

test('reports a missing file and an unknown ctx field, with the line', () => {
  assert.deepEqual(check('intro\nrun under `ctx.sendLock` in `store/gone.ts` and `gone.ts`'), [
    'docs/events.md:2: `ctx.sendLock`: Ctx has no field "sendLock"',
    'docs/events.md:2: `store/gone.ts` names no file of the repository',
    'docs/events.md:2: `gone.ts` names no file of the repository',
  ]);
});

test('passes over runtime paths, outside and ignored paths, commands and fenced blocks', () => {
  const text = [
    '`/ready`, `/etc/nginx/nginx.conf`, `https://x.test/a.md`, `parley:{<id>}:events`, `data/*.ts`,',
    '`../shared/spec/API.md`, `packages/server/dist/main.js`, `npm run lint`, `DATA_DIR/blobs`',
    '```sh',
    'node `gone/script.mjs`',
    '```',
  ].join('\n');
  assert.deepEqual(
    check(text, (p) => p.includes('/dist/')),
    [],
  );
});

test('finds inline code spans, double backticks included, outside fences', () => {
  assert.deepEqual(inlineCode('a `x.ts` b ``y `z` .ts``\n```\n`no.ts`\n```\n`w.md`'), [
    { code: 'x.ts', line: 1 },
    { code: 'y `z` .ts', line: 1 },
    { code: 'w.md', line: 5 },
  ]);
});

test('the repository’s own Markdown passes', () => {
  const script = fileURLToPath(new URL('check-docs.mjs', import.meta.url));
  assert.match(
    execFileSync(process.execPath, [script], { encoding: 'utf8' }),
    /every path and ctx field exists/,
  );
});
