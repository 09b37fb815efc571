#!/usr/bin/env node
// Keeps the Markdown of this repository true to the code (issue 7, item 5): every inline-code
// file path must name a file or folder of the repository, and every `ctx.<field>` a field of the
// services' context (`Ctx` in packages/server/src/context.ts).
//   - A path is a backticked word with a source or document extension (`store/dialect.ts`,
//     `docs/deploy.md`, `app.ts:12`). With a folder it is looked up from the repository root, from
//     each package and from each package's `src` and `test`; a bare file name anywhere.
//     A package's own name may lead (`protocol/errors.ts` is packages/protocol/src/errors.ts).
//   - Passed over, as not the repository's files: absolute paths (`/ready`), URLs, words with
//     placeholders or globs (`<id>`, `{gid}`, `*`, `…`), paths that leave the repository
//     (`../shared/…`) and build output git ignores (`packages/server/dist/main.js`).
//   - Fenced code blocks are commands and output, not references, and are passed over too.
// Usage: node scripts/check-docs.mjs   (exits 1 and lists every problem)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { repositoryFiles } from './lib/repository-files.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONTEXT_FILE = 'packages/server/src/context.ts';
const EXTENSIONS =
  /\.(ts|tsx|mts|mjs|js|cjs|d\.mts|json|md|css|html|sh|conf|ya?ml|sql|service|env\.example)$/;
const NOT_A_REPO_PATH = /^\/|:\/\/|[\s*<>{}…$=,()[\]]|^~/;

/** The fields of `interface Ctx { … }` in the context module's source. */
export function ctxFieldsOf(source) {
  const body = /export interface Ctx \{([\s\S]*?)\n\}/.exec(source)?.[1];
  if (!body) throw new Error(`${CONTEXT_FILE}: no \`export interface Ctx { … }\``);
  return new Set([...body.matchAll(/^\s*(?:readonly\s+)?(\w+)\??:/gm)].map((m) => m[1]));
}

/** Inline code spans outside fenced blocks, with their 1-based line numbers. */
export function inlineCode(markdown) {
  const spans = [];
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const m of line.matchAll(/(`+)(.+?)(?<!`)\1(?!`)/g)) spans.push({ code: m[2].trim(), line: i + 1 });
  });
  return spans;
}

/**
 * The problems in `docs` ({ path, text }[]), given the repository's files (paths relative to the
 * root, `/`-separated), the context's fields, and which paths git ignores.
 */
export function findProblems(docs, files, ctxFields, isIgnored = () => false) {
  const known = new Set(files);
  for (const file of files)
    for (let dir = posix.dirname(file); dir !== '.'; dir = posix.dirname(dir)) known.add(dir);
  const names = new Set(files.map((f) => posix.basename(f)));
  // Where a relative path in prose may start: each package (a folder with a package.json), its
  // `src` and its `test`; the root and the document's own folder are tried first.
  const packages = files.filter((f) => f.endsWith('/package.json')).map((f) => posix.dirname(f));
  const bases = packages.flatMap((p) => [p, `${p}/src`, `${p}/test`]);
  const exists = (ref, from) => {
    const path = ref.replace(/:\d+(-\d+)?$/, '').replace(/\/$/, '');
    if (!path.includes('/')) return names.has(path) || known.has(path);
    const [first, ...rest] = path.split('/');
    const candidates = [
      path,
      posix.join(posix.dirname(from), path),
      ...bases.map((b) => posix.join(b, path)),
      posix.join('packages', first, 'src', ...rest),
    ].map((c) => posix.normalize(c));
    if (candidates.some((c) => known.has(c))) return true;
    // Outside the repository, or generated: nothing here to check it against.
    return candidates.slice(0, 2).some((c) => c.startsWith('../') || isIgnored(c));
  };

  const problems = [];
  for (const doc of docs) {
    for (const { code, line } of inlineCode(doc.text)) {
      const where = `${doc.path}:${line}`;
      for (const m of code.matchAll(/\bctx\.(\w+)/g)) {
        if (!ctxFields.has(m[1])) problems.push(`${where}: \`${code}\`: Ctx has no field "${m[1]}"`);
      }
      if (NOT_A_REPO_PATH.test(code) || code.startsWith('ctx.')) continue;
      const path = code.replace(/:\d+(-\d+)?$/, '');
      if (!EXTENSIONS.test(path)) continue;
      if (!exists(code, doc.path)) problems.push(`${where}: \`${code}\` names no file of the repository`);
    }
  }
  return problems;
}

/** Whether git ignores `path` (relative to `root`), whether or not it exists. */
function gitIgnores(root, path) {
  try {
    execFileSync('git', ['check-ignore', '--no-index', '-q', path], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function main() {
  const files = repositoryFiles(ROOT);
  const docs = files
    .filter((f) => f.endsWith('.md') && !f.split('/').includes('node_modules'))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
  const ctxFields = ctxFieldsOf(readFileSync(join(ROOT, CONTEXT_FILE), 'utf8'));
  const problems = findProblems(docs, files, ctxFields, (path) => gitIgnores(ROOT, path));
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`check-docs: ${problems.length} reference(s) in Markdown name nothing that exists`);
    process.exit(1);
  }
  console.log(`check-docs: ${docs.length} Markdown files, every path and ctx field exists`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
