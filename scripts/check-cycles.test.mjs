// node --test scripts/check-cycles.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findCycles, runtimeImports } from './check-cycles.mjs';

/** The cycles among `files`, given as repository path → source. */
const cyclesOf = (files) => findCycles(new Map(Object.entries(files)));

test('counts run-time imports and re-exports, not type-only ones, dynamic ones or packages', () => {
  const source = [
    "import { a } from './a.js';",
    "import type { B } from './b.js';",
    "import { type C } from './c.js';",
    "export { d } from './d.js';",
    "export type { E } from './e.js';",
    "export * from './f';",
    "import './g.js';",
    "import { h } from '@parley/protocol';",
    "const lazy = () => import('./i.js');",
    '// import { j } from "./j.js";',
  ].join('\n');
  // `import { type C }` stays an import at run time under verbatimModuleSyntax (it loads ./c.js).
  assert.deepEqual(runtimeImports('x.ts', source), ['./a.js', './c.js', './d.js', './f', './g.js']);
});

test('finds a two-module cycle, resolving .js to the .ts source', () => {
  const cycles = cyclesOf({
    'p/src/users.ts': "import { x } from './invites.js';",
    'p/src/invites.ts': "import { y } from './users.js';",
    'p/src/other.ts': "import { y } from './users.js';",
  });
  assert.deepEqual(cycles, [['p/src/invites.ts', 'p/src/users.ts']]);
});

test('finds a long cycle through folders and index files, and a module importing itself', () => {
  const cycles = cyclesOf({
    'w/src/a/index.ts': "export { page } from './page';",
    'w/src/a/page.tsx': "import { nav } from '../b';",
    'w/src/b/index.ts': "export { nav } from './nav.js';",
    'w/src/b/nav.ts': "import { page } from '../a/index.js';",
    'w/src/self.ts': "import './self.js';",
  });
  assert.deepEqual(cycles.map((c) => c.length).sort(), [1, 4]);
  assert.deepEqual(
    cycles.find((c) => c.length === 4),
    ['w/src/a/index.ts', 'w/src/a/page.tsx', 'w/src/b/index.ts', 'w/src/b/nav.ts'],
  );
});

test('passes a cycle closed only by a type import or a dynamic import', () => {
  const cycles = cyclesOf({
    'p/src/a.ts': "import { b } from './b.js';",
    'p/src/b.ts': "import type { A } from './a.js';\nexport const load = () => import('./a.js');",
  });
  assert.deepEqual(cycles, []);
});

test('a chain of 20,000 imports is walked without overflowing the stack', () => {
  const chain = new Map(
    Array.from({ length: 20_000 }, (_, i) => [`p/src/m${i}.ts`, `import './m${i + 1}.js';`]),
  );
  assert.deepEqual(findCycles(chain), []);
});

test('the repository’s own packages pass', () => {
  const script = fileURLToPath(new URL('check-cycles.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'pipe' });
});
