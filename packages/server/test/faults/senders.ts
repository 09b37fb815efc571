/**
 * What the fault tests share: a built server process on a data directory, an admin with a public
 * channel, concurrent senders that remember exactly what was acknowledged, and the check that
 * every acknowledged message is stored once and unchanged.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { expect } from 'vitest';
import { SQLITE_FILE_NAME } from '../../src/store/index.js';
import { startNodeProcess, type NodeProcess } from '../support/node-process.js';

export const startNode = (port: number, dataDir: string, logDir = dataDir): Promise<NodeProcess> =>
  startNodeProcess({
    port,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    logFile: path.join(logDir, 'node.log'),
  });

export interface Reply {
  status: number;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export const api =
  (port: number) =>
  async (method: string, p: string, token?: string, body?: unknown, text?: string): Promise<Reply> => {
    const headers: Record<string, string> = {};
    if (token) headers['x-api-key'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (text !== undefined) headers['content-type'] = 'text/plain';
    const res = await fetch(`http://127.0.0.1:${port}/api${p}`, {
      method,
      headers,
      body: body !== undefined ? JSON.stringify(body) : text,
    });
    return { status: res.status, json: await res.json().catch(() => undefined) };
  };

const ADMIN = { email: 'admin@example.com', name: 'Admin', password: 'durable password', gender: 0 };

export async function signIn(port: number): Promise<string> {
  const res = await api(port)('POST', '/token/login', undefined, {
    credential: { type: 'password', email: ADMIN.email, password: ADMIN.password },
    device: 'faults',
  });
  if (res.status !== 200) throw new Error(`login: ${res.status}`);
  return res.json.token as string;
}

/** A fresh server's admin and public channel. */
export async function onboard(port: number): Promise<{ token: string; gid: number; uid: number }> {
  const call = api(port);
  expect((await call('POST', '/admin/system/create_admin', undefined, ADMIN)).status).toBe(200);
  const token = await signIn(port);
  const gid = (await call('POST', '/group', token, { name: 'general', is_public: true })).json.gid as number;
  const uid = (await call('GET', '/user/me', token)).json.uid as number;
  return { token, gid, uid };
}

/** mid → the text that was acknowledged under it. */
export type Acknowledged = Map<number, string>;

/**
 * `count` senders in parallel until `stop()` or a dead connection; every 200 is recorded with its
 * text. Other statuses are counted (a 507 is expected when the disk is full).
 */
export function startSenders(
  port: number,
  token: string,
  gid: number,
  label: string,
  acknowledged: Acknowledged,
  options: { count?: number; padding?: number } = {},
) {
  const statuses = new Map<number, number>();
  let stopped = false;
  const call = api(port);
  const one = async (n: number) => {
    for (let i = 0; !stopped; i++) {
      const text = `${label} ${n}.${i} ${'x'.repeat(options.padding ?? 0)}`;
      let res: Reply;
      try {
        res = await call('POST', `/group/${gid}/send`, token, undefined, text);
      } catch {
        return; // the connection died with the process
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200) acknowledged.set(res.json as number, text);
    }
  };
  const running = Array.from({ length: options.count ?? 4 }, (_, n) => one(n));
  return {
    statuses,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
    done: Promise.all(running),
  };
}

/** Every stored message of the channel, oldest first. */
export async function allHistory(
  port: number,
  token: string,
  gid: number,
): Promise<{ mid: number; from_uid: number; detail: { content: string } }[]> {
  const call = api(port);
  const pages: { mid: number; from_uid: number; detail: { content: string } }[][] = [];
  let before: number | undefined;
  for (;;) {
    const res = await call(
      'GET',
      `/group/${gid}/history?limit=1000${before ? `&before=${before}` : ''}`,
      token,
    );
    expect(res.status).toBe(200);
    const page = res.json as { mid: number; from_uid: number; detail: { content: string } }[];
    if (page.length === 0) break;
    pages.unshift(page);
    before = page[0]!.mid;
  }
  return pages.flat();
}

/** Every acknowledged message is stored exactly once, from its sender, with the text that was sent. */
export async function expectAllStored(
  port: number,
  token: string,
  gid: number,
  uid: number,
  acknowledged: Acknowledged,
): Promise<number> {
  const history = await allHistory(port, token, gid);
  const mids = history.map((m) => m.mid);
  expect(new Set(mids).size, 'a message stored twice').toBe(mids.length);
  const byMid = new Map(history.map((m) => [m.mid, m]));
  const missing = [...acknowledged.keys()].filter((mid) => !byMid.has(mid));
  expect(missing, 'acknowledged but lost').toEqual([]);
  const changed = [...acknowledged].filter(
    ([mid, text]) => byMid.get(mid)!.detail.content !== text || byMid.get(mid)!.from_uid !== uid,
  );
  expect(changed, 'stored differently from what was acknowledged').toEqual([]);
  return history.length;
}

/** `PRAGMA integrity_check` on the embedded database, with no server running on it. */
export function integrityCheck(dataDir: string): string {
  const db = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join('; ');
  } finally {
    db.close();
  }
}
