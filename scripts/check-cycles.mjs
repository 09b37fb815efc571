#!/usr/bin/env node
// Keeps the packages free of import cycles (issue 7: "no import cycles"), which habit alone had
// not: a module imported by the module it imports is evaluated half-initialised, and a cycle
// ties modules that should be movable on their own.
//   - Counted: every import and re-export a module keeps at run time, between the source files
//     of one package (packages/*/src), relative paths only (`./x.js`, `../settings`).
//   - Not counted: `import type` and `export type` (erased before run time), and `import()`,
//     which loads on first use and is how a screen is split into a chunk of its own.
// Usage: node scripts/check-cycles.mjs   (exits 1 and lists every cycle)
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { repositoryFiles } from './lib/repository-files.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(ts|tsx)$/;
const PACKAGE_SOURCE = /^packages\/[^/]+\/src\//;

/** The relative specifiers of the run-time imports and re-exports in `source`. */
export function runtimeImports(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of file.statements) {
    let specifier;
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      specifiers.push(specifier.text);
    }
  }
  return specifiers;
}

/** The file a relative specifier names, as TypeScript resolves it: `.js` is the `.ts` source. */
function resolve(from, specifier, files) {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const stem = base.replace(/\.js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => files.has(c));
}

/**
 * The cycles among `files` (repository paths mapped to their source), each as the list of its
 * modules: the strongly connected components of more than one module, or of one that imports itself.
 */
export function findCycles(sources) {
  const files = new Set(sources.keys());
  const graph = new Map();
  for (const [file, source] of sources) {
    const targets = runtimeImports(file, source).map((s) => resolve(file, s, files));
    graph.set(file, [...new Set(targets.filter(Boolean))]);
  }
  // Tarjan's algorithm, iterative so that no chain of imports can overflow the stack.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work = [[root, 0]];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node);
      if (i < edges.length) {
        frame[1]++;
        const target = edges[i];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]), low.get(node)));
      if (low.get(node) !== index.get(node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.includes(node)) cycles.push(component.sort());
    }
  }
  return cycles;
}

function main() {
  const paths = repositoryFiles(ROOT).filter(
    (p) => PACKAGE_SOURCE.test(p) && SOURCE.test(p) && !p.endsWith('.d.ts'),
  );
  const sources = new Map(paths.map((p) => [p, readFileSync(`${ROOT}/${p}`, 'utf8')]));
  const cycles = findCycles(sources);
  for (const cycle of cycles) console.error(`import cycle among: ${cycle.join(', ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log(`check-cycles: ${sources.size} modules, no import cycle`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
