/**
 * Backup and restore of the embedded store with SQLite's online backup API. A backup is taken
 * in one step, inside one read transaction, so it is a consistent snapshot even while the server
 * keeps committing sends (WAL lets them go on meanwhile); a restore checks the file and writes it
 * into the database through SQLite, so a leftover WAL cannot be replayed over it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SQLITE_FILE_NAME } from './index.js';

/** Every page in one step: a step is one read transaction, so the copy is one snapshot. */
const ALL_PAGES = 0x7fffffff;
/** A Parley database has these; anything else is refused before it replaces the live one. */
const REQUIRED_TABLES = ['users', 'groups', 'messages', 'settings'];

export const databaseFile = (dataDir: string): string => path.join(dataDir, SQLITE_FILE_NAME);

export async function backupSqlite(dataDir: string, target: string): Promise<{ pages: number }> {
  const source = databaseFile(dataDir);
  if (!existsSync(source)) throw new Error(`no database at ${source}`);
  if (existsSync(target)) throw new Error(`${target} exists; choose a new file`);
  const db = new BetterSqlite3(source, { fileMustExist: true, timeout: 5000 });
  try {
    const { totalPages } = await db.backup(target, { progress: () => ALL_PAGES });
    return { pages: totalPages };
  } finally {
    db.close();
  }
}

/** Checks `file` and makes it the database of `dataDir`. The server must be stopped. */
export async function restoreSqlite(file: string, dataDir: string): Promise<{ pages: number }> {
  const backup = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const check = backup.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} fails integrity_check: ${String(check)}`);
    const tables = new Set(
      (backup.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
    if (missing.length > 0) throw new Error(`${file} is not a Parley database (no ${missing.join(', ')})`);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const { totalPages } = await backup.backup(databaseFile(dataDir), { progress: () => ALL_PAGES });
    return { pages: totalPages };
  } finally {
    backup.close();
  }
}
