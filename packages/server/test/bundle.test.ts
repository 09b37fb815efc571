/**
 * `npm start` runs the bundle of the server (scripts/bundle-server.mjs), not the dist/ build every
 * other test runs: this makes that bundle from the current build and drives it once through what
 * a first start needs — migrations, the first administrator, a channel, a send read back over
 * history and the event stream, a lazily loaded module (argon2 for the password) and the Swagger
 * UI, whose plugin reads files next to its own code.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { testDatabase } from './support/databases.js';
import { START_TIMEOUT_MS, startNodeProcess, type NodeProcess } from './support/node-process.js';
import { freePort } from './support/ports.js';
import { openTestStream } from './support/sse.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = `dist-bundle-test-${process.pid}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bundle-'));
let node: NodeProcess | undefined;

afterAll(async () => {
  await node?.signal('SIGKILL');
  rmSync(path.join(root, 'packages/server', outDir), { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

it.skipIf(testDatabase() !== 'sqlite')(
  'the bundle npm start runs serves a first start end to end',
  async () => {
    await promisify(execFile)(process.execPath, [path.join(root, 'scripts/bundle-server.mjs')], {
      env: { ...process.env, BUNDLE_OUT: outDir },
    });
    const port = await freePort();
    node = await startNodeProcess({
      port,
      main: path.join(root, 'packages/server', outDir, 'main.js'),
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'error' },
      logFile: path.join(dataDir, 'node.log'),
    });
    const url = `http://127.0.0.1:${port}`;
    const call = async (method: string, p: string, token?: string, body?: unknown, text?: string) => {
      const headers: Record<string, string> = {};
      if (token) headers['x-api-key'] = token;
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (text !== undefined) headers['content-type'] = 'text/plain';
      const res = await fetch(`${url}/api${p}`, {
        method,
        headers,
        body: body !== undefined ? JSON.stringify(body) : text,
      });
      return { status: res.status, json: (await res.json().catch(() => undefined)) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };

    const admin = { email: 'admin@example.com', name: 'Admin', password: 'bundle password', gender: 0 };
    expect((await call('POST', '/admin/system/create_admin', undefined, admin)).status).toBe(200);
    const login = await call('POST', '/token/login', undefined, {
      credential: { type: 'password', email: admin.email, password: admin.password },
      device: 'bundle',
      device_token: '',
    });
    expect(login.status).toBe(200);
    const token = login.json.token as string;
    const gid = (await call('POST', '/group', token, { name: 'general', is_public: true })).json
      .gid as number;
    const stream = await openTestStream(url, token);
    await stream.ready();
    const sent = await call('POST', `/group/${gid}/send`, token, undefined, 'from the bundle');
    expect(sent.status).toBe(200);
    await stream.waitFor((e) => e.type === 'chat' && e.mid === sent.json);
    const history = (await call('GET', `/group/${gid}/history`, token)).json as { mid: number }[];
    expect(history.map((m) => m.mid)).toContain(sent.json);
    stream.close();

    const swagger = await fetch(`${url}/api/swagger/`, { redirect: 'follow' });
    expect(swagger.status).toBe(200);
    expect(await swagger.text()).toContain('swagger');
  },
  START_TIMEOUT_MS + 120_000,
);
