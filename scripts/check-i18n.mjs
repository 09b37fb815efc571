#!/usr/bin/env node
// Checks the web client's translations (docs: ARCHITECTURE.md "Web client", STYLE.md §8):
//   - every locale has every namespace file, with exactly the keys of `en` (plural forms may differ),
//   - no value is empty and no translation uses an interpolation variable that `en` does not have,
//   - every key the source uses (`t('key')`, `t('ns:key')`, or any 'ns:key' string literal) exists in `en`.
// Usage: node scripts/check-i18n.mjs [--print-used]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOCALES_DIR = join(ROOT, 'packages/web/public/locales');
const SRC_DIR = join(ROOT, 'packages/web/src');
const BASE = 'en';
// The client's own lists (`lib/i18n/languages.ts`) are the one source: a namespace is added there.
const LANGUAGES_TS = readFileSync(join(SRC_DIR, 'lib/i18n/languages.ts'), 'utf8');
const LANGUAGES = [...LANGUAGES_TS.matchAll(/code: '([a-z-]+)'/g)].map((m) => m[1]);
const NAMESPACES = [
  ...(/export const NAMESPACES = \[([^\]]*)\]/.exec(LANGUAGES_TS)?.[1] ?? '').matchAll(/'([\w-]+)'/g),
].map((m) => m[1]);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const errors = [];
const fail = (message) => errors.push(message);

function flatten(value, prefix, out, where) {
  if (typeof value === 'string') {
    out.set(prefix, value);
    return;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    fail(`${where}: "${prefix}" must be a string or an object`);
    return;
  }
  for (const [key, child] of Object.entries(value))
    flatten(child, prefix ? `${prefix}.${key}` : key, out, where);
}

function loadLocale(language) {
  const keys = new Map();
  for (const namespace of NAMESPACES) {
    const file = join(LOCALES_DIR, language, `${namespace}.json`);
    const where = relative(ROOT, file);
    let data;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      fail(`${where}: ${error.code === 'ENOENT' ? 'missing file' : `invalid JSON (${error.message})`}`);
      continue;
    }
    const flat = new Map();
    flatten(data, '', flat, where);
    for (const [key, value] of flat) keys.set(`${namespace}:${key}`, value);
  }
  return keys;
}

const baseKey = (key) => key.replace(PLURAL_SUFFIX, '');
const variables = (text) =>
  new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]));

/** Groups keys by their plural-free base: base -> Map(fullKey -> value). */
function byBase(keys) {
  const groups = new Map();
  for (const [key, value] of keys) {
    const base = baseKey(key);
    if (!groups.has(base)) groups.set(base, new Map());
    groups.get(base).set(key, value);
  }
  return groups;
}

if (LANGUAGES.length === 0 || NAMESPACES.length === 0)
  fail('lib/i18n/languages.ts: no languages or namespaces found');
for (const file of readdirSync(join(LOCALES_DIR, BASE))) {
  if (!NAMESPACES.includes(file.replace(/\.json$/, '')))
    fail(`${BASE}/${file}: not a namespace in lib/i18n/languages.ts`);
}
const locales = new Map(LANGUAGES.map((language) => [language, loadLocale(language)]));
const baseGroups = byBase(locales.get(BASE));

for (const [language, keys] of locales) {
  const groups = byBase(keys);
  for (const [key, value] of keys) {
    if (value.trim() === '') fail(`${language}: empty value for ${key}`);
  }
  for (const [base, forms] of groups) {
    const isPlural = [...forms.keys()].some((key) => PLURAL_SUFFIX.test(key));
    if (isPlural && !forms.has(`${base}_other`)) fail(`${language}: plural ${base} has no _other form`);
  }
  if (language === BASE) continue;
  for (const [base, forms] of baseGroups) {
    const translated = groups.get(base);
    if (!translated) {
      fail(`${language}: missing ${base}`);
      continue;
    }
    const known = new Set([...forms.values()].flatMap((text) => [...variables(text)]));
    for (const [key, text] of translated) {
      for (const name of variables(text)) {
        if (!known.has(name)) fail(`${language}: ${key} uses {{${name}}}, which en does not provide`);
      }
    }
    const used = new Set([...translated.values()].flatMap((text) => [...variables(text)]));
    for (const name of known) {
      if (name !== 'count' && !used.has(name)) fail(`${language}: ${base} drops {{${name}}}`);
    }
  }
  for (const base of groups.keys()) {
    if (!baseGroups.has(base)) fail(`${language}: extra key ${base} (not in en)`);
  }
}

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const NS_PATTERN = NAMESPACES.join('|');
const LITERAL_KEY = new RegExp(`(['"\`])((?:${NS_PATTERN}):[A-Za-z0-9_.-]+)\\1`, 'g');
const T_CALL = /(?<![\w$.])t\(\s*(['"`])((?:(?!\1)[^$\\])+)\1/g;
const HOOK_NS = /useTranslation\(\s*\[?\s*['"](\w+)['"]/;

const used = new Map();
for (const file of sourceFiles(SRC_DIR)) {
  const text = readFileSync(file, 'utf8');
  const where = relative(ROOT, file);
  const defaultNs = text.match(HOOK_NS)?.[1] ?? 'common';
  const add = (key, line) => {
    if (!used.has(key)) used.set(key, []);
    used.get(key).push(`${where}:${line}`);
  };
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(LITERAL_KEY)) add(match[2], lineOf(match.index));
  for (const match of text.matchAll(T_CALL)) {
    const key = match[2];
    if (new RegExp(`^(${NS_PATTERN}):`).test(key)) continue;
    add(`${defaultNs}:${key}`, lineOf(match.index));
  }
}

if (process.argv.includes('--print-used')) {
  for (const key of [...used.keys()].sort()) console.log(key);
}

const baseKeys = locales.get(BASE);
for (const [key, places] of used) {
  if (baseKeys.has(key) || baseGroups.has(key)) continue;
  fail(`en: ${key} is used but not defined (${places.join(', ')})`);
}

if (errors.length > 0) {
  for (const message of errors) console.error(`✗ ${message}`);
  console.error(`i18n check failed: ${errors.length} problem(s).`);
  process.exit(1);
}
console.log(
  `i18n check passed: ${LANGUAGES.length} locales × ${NAMESPACES.length} namespaces, ${baseGroups.size} keys, ${used.size} used keys found in en.`,
);
