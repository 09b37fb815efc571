/**
 * The SQLite writer thread (`src/store/sqlite-writer.ts`) dying under a send: the send is
 * answered 503 with Retry-After (not 500), nothing of it is stored, and the node recovers on its
 * own — the next statement starts a new writer thread, and sending works again.
 */
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteWriter } from '../src/store/sqlite-writer.js';
import { SQLITE_FILE_NAME } from '../src/store/index.js';
import { testDatabase } from './support/databases.js';
import { createAdmin, createChannel, sendText, useTestServer } from './support/server.js';

describe.runIf(testDatabase() === 'sqlite')('a dying SQLite writer thread', () => {
  const t = useTestServer({ fresh: true });

  const writerOfServer = (): SqliteWriter => {
    const writer = [...SqliteWriter.open].find((w) => w.file.startsWith(t.db.dataDir));
    if (!writer) throw new Error('no writer thread for the test database');
    return writer;
  };

  it('answers 503 to the send it took down, stores nothing of it, and recovers', async () => {
    const admin = await createAdmin(t);
    const gid = await createChannel(t, admin, { name: 'crash', is_public: true });
    expect((await sendText(t, admin, { gid }, 'before')).status).toBe(200);

    // The thread dies inside the send's transaction: after its `begin`, at the insert.
    const writer = writerOfServer();
    const run = writer.run.bind(writer);
    let killed = false;
    writer.run = async (sql, params) => {
      if (!killed && sql.startsWith('insert into "messages"')) {
        killed = true;
        await writer.worker.terminate();
      }
      return run(sql, params);
    };
    const lost = await sendText(t, admin, { gid }, 'lost with the thread');
    expect(lost.status, lost.text).toBe(503);
    expect(lost.headers.get('retry-after')).toBeTruthy();
    expect(writer.alive).toBe(false);
    expect(killed).toBe(true);

    const after = await sendText(t, admin, { gid }, 'after');
    expect(after.status, after.text).toBe(200);
    expect(writerOfServer()).not.toBe(writer);

    const history = await t.request('GET', `/group/${gid}/history?limit=100`, { token: admin.token });
    const texts = (history.json as { detail: { content?: string } }[]).map((m) => m.detail.content);
    expect(texts).toEqual(['before', 'after']);
    const db = new BetterSqlite3(join(t.db.dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});
