/**
 * An acknowledged message survives a crash: a real server process is killed with SIGKILL in the
 * middle of a burst of sends, restarted on the same data, and must hold every message it
 * acknowledged; a client resuming with its `after_mid` then gets exactly the ones it had not seen.
 */
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestStore, type TestStore } from './support/databases.js';
import { openTestStream } from './support/sse.js';
import { START_TIMEOUT_MS, startNodeProcess, type NodeProcess } from './support/node-process.js';
import { freePort } from './support/ports.js';

/** The server process opens the database itself, from the same settings as this test's store. */
const startNode = (port: number) =>
  startNodeProcess({
    port,
    env: { DATA_DIR: db.dataDir, LOG_LEVEL: 'error', DATABASE_URL: db.databaseUrl },
    logFile: path.join(db.dataDir, 'node.log'),
  });

let db: TestStore;
let child: NodeProcess | undefined;

beforeEach(async () => {
  // Durable like production, though the server process opens its own: this file tests crashes.
  db = await createTestStore({ durable: true });
  // The server process opens the database itself; this store only prepared (migrated) it.
  await db.store.close();
});
afterEach(async () => {
  await child?.signal('SIGKILL');
  await db.cleanup();
});

const api =
  (port: number) => async (method: string, p: string, token?: string, body?: unknown, text?: string) => {
    const headers: Record<string, string> = {};
    if (token) headers['x-api-key'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (text !== undefined) headers['content-type'] = 'text/plain';
    const res = await fetch(`http://127.0.0.1:${port}/api${p}`, {
      method,
      headers,
      body: body !== undefined ? JSON.stringify(body) : text,
    });
    return { status: res.status, json: (await res.json().catch(() => undefined)) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

it(
  'keeps every acknowledged message through a SIGKILL and replays the missed ones exactly once',
  async () => {
    const port = await freePort();
    child = await startNode(port);
    let call = api(port);
    const admin = { email: 'admin@example.com', name: 'Admin', password: 'durable password', gender: 0 };
    expect((await call('POST', '/admin/system/create_admin', undefined, admin)).status).toBe(200);
    const login = async () =>
      (
        await call('POST', '/token/login', undefined, {
          credential: { type: 'password', email: admin.email, password: admin.password },
          device: 'durability',
          device_token: '',
        })
      ).json as { token: string };
    let { token } = await login();
    const gid = (await call('POST', '/group', token, { name: 'general', is_public: true })).json
      .gid as number;
    const seen = (await call('POST', `/group/${gid}/send`, token, undefined, 'before the crash'))
      .json as number;

    // Four senders in parallel; the node is killed while they are sending.
    const acknowledged: number[] = [];
    let stop = false;
    const sender = async (n: number) => {
      for (let i = 0; !stop && i < 500; i++) {
        try {
          const res = await call('POST', `/group/${gid}/send`, token, undefined, `burst ${n}.${i}`);
          if (res.status === 200) acknowledged.push(res.json as number);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const senders = [1, 2, 3, 4].map(sender);
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 5));
    await child.signal('SIGKILL');
    stop = true;
    await Promise.all(senders);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    child = await startNode(port);
    call = api(port);
    ({ token } = await login());
    const history = (await call('GET', `/group/${gid}/history?limit=1000`, token)).json as { mid: number }[];
    const stored = new Set(history.map((m) => m.mid));
    expect(acknowledged.filter((mid) => !stored.has(mid))).toEqual([]);

    // A client that had seen only the first message resumes and gets everything after it, once each.
    const stream = await openTestStream(`http://127.0.0.1:${port}`, token, { after_mid: seen });
    await stream.ready();
    const replayed = stream.events.filter((e) => e.type === 'chat').map((e) => (e as { mid: number }).mid);
    expect(replayed).toEqual(history.map((m) => m.mid).filter((mid) => mid > seen));
    expect(new Set(replayed).size).toBe(replayed.length);
    stream.close();
    // Two process starts, each bounded by its own readiness deadline: the default 20 s for the whole
    // test was shorter than one start on a loaded machine.
  },
  3 * START_TIMEOUT_MS,
);
