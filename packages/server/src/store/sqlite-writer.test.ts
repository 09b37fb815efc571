/**
 * The write connection's settings: its page cache is bounded (better-sqlite3's default of 16 MB
 * grew with every send and stayed, docs/benchmarks.md "Memory after send bursts") and the bound
 * does not trade durability.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteWriter, WRITER_CACHE_KIB } from './sqlite-writer.js';

describe('the SQLite writer thread', () => {
  let dir: string | undefined;
  let writer: SqliteWriter | undefined;
  afterEach(async () => {
    await writer?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const open = async (): Promise<SqliteWriter> => {
    dir = mkdtempSync(join(tmpdir(), 'parley-writer-'));
    writer = new SqliteWriter(join(dir, 'test.db'), 'FULL');
    await writer.ready;
    return writer;
  };

  it('keeps its page cache to WRITER_CACHE_KIB, below the driver default, and commits with synchronous=FULL', async () => {
    const w = await open();
    const cache = await w.run('pragma cache_size', []);
    expect(cache.rows).toEqual([{ cache_size: -WRITER_CACHE_KIB }]);
    expect(WRITER_CACHE_KIB).toBeLessThan(16_000);
    // 2 = FULL: the bound changes what is kept in memory, not when a commit is on disk.
    expect((await w.run('pragma synchronous', [])).rows).toEqual([{ synchronous: 2 }]);
    expect((await w.run('pragma journal_mode', [])).rows).toEqual([{ journal_mode: 'wal' }]);
  });

  it('writes and reads back more rows than its cache holds', async () => {
    const w = await open();
    await w.run('create table t (id integer primary key, body text not null)', []);
    const body = 'x'.repeat(1000);
    // ~4 MB of rows, twice what the cache holds, in one transaction: pages spill and are read back.
    const rows = Math.ceil((2 * WRITER_CACHE_KIB * 1024) / body.length);
    await w.run('begin', []);
    for (let i = 0; i < rows; i++) await w.run('insert into t (body) values (?)', [body]);
    await w.run('commit', []);
    const count = await w.run('select count(*) as n, sum(length(body)) as bytes from t', []);
    expect(count.rows).toEqual([{ n: rows, bytes: rows * body.length }]);
  });
});
