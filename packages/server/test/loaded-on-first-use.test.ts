/**
 * Libraries a server at rest never runs are loaded on first use, not at start (issue 9: idle RSS
 * against bare Node; docs/benchmarks.md, "Idle RSS: loaded on first use"). A fresh process builds
 * the server from dist/ on an empty SQLite directory and reports what it has loaded, then creates
 * the first administrator (a password hashed, a reply serialized), asks for the OpenAPI document
 * and reports again. A process of its own, because the test runner's process has loaded
 * everything other tests used.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { testDatabase } from './support/databases.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-first-use-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs in the child: `loaded()` names the watched libraries the process has loaded so far. */
const CHILD = `
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const require = createRequire(process.env.DIST + '/app.js');
const { buildServer } = await import(process.env.DIST + '/app.js');
const { loadConfig } = await import(process.env.DIST + '/config/index.js');
const loaded = () => ({
  serializerCompiler: Object.keys(require.cache).some((f) => f.endsWith('/fast-json-stringify/index.js')),
  ajv: Object.keys(require.cache).some((f) => f.includes('/ajv/')),
  argon2: readFileSync('/proc/self/maps', 'utf8').includes('argon2'),
  apiDocs: Object.keys(require.cache).some((f) => f.includes('/@fastify/swagger/') || f.includes('/yaml/')),
});
const server = await buildServer({
  config: loadConfig({ DATA_DIR: process.env.DATA_DIR, LOG_LEVEL: 'silent', PORT: '0' }),
  backgroundJobs: false,
});
await server.app.ready();
const atRest = loaded();
const res = await server.app.inject({
  method: 'POST',
  url: '/api/admin/system/create_admin',
  payload: { email: 'admin@example.com', name: 'Admin', password: 'first use', gender: 0 },
});
const spec = await server.app.inject({ method: 'GET', url: '/api/spec' });
const afterUse = loaded();
await server.close();
console.log(JSON.stringify({ atRest, status: res.statusCode, body: res.json(), spec: spec.statusCode, paths: Object.keys(spec.json().paths ?? {}).length, afterUse }));
`;

it.skipIf(testDatabase() !== 'sqlite')(
  'the serializer compiler, argon2 and the API documentation load on first use, not at start',
  async () => {
    // A file, not `--input-type=module -e`: the SQLite writer thread would inherit that flag.
    const script = path.join(dataDir, 'child.mjs');
    writeFileSync(script, CHILD);
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      env: { ...process.env, DIST: pathToFileURL(dist).href, DATA_DIR: dataDir },
    });
    const report = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(report.atRest).toEqual({ serializerCompiler: false, ajv: false, argon2: false, apiDocs: false });
    // The first use loads them, and they work: the password was hashed, the reply serialized.
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ email: 'admin@example.com', name: 'Admin' });
    expect(report.spec).toBe(200);
    expect(report.paths).toBeGreaterThan(100);
    expect(report.afterUse).toEqual({ serializerCompiler: true, ajv: true, argon2: true, apiDocs: true });
  },
  60_000,
);
