/**
 * `npm run backup` and `npm run restore` on the embedded store: a backup taken while four clients
 * keep sending is one consistent snapshot (every message acknowledged before it began, and no
 * holes), restores into a new data directory, and a server starts on it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase } from './support/databases.js';
import type { NodeProcess } from './support/node-process.js';
import { freePort } from './support/ports.js';
import {
  allHistory,
  expectAllStored,
  integrityCheck,
  onboard,
  signIn,
  startNode,
  startSenders,
  type Acknowledged,
} from './faults/senders.js';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let base: string;
const nodes: NodeProcess[] = [];
beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'parley-backup-'));
});
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.signal('SIGKILL')));
  await rm(base, { recursive: true, force: true });
});

/** The command as an operator types it, from the repository root. */
const npmRun = (script: 'backup' | 'restore', file: string, dataDir: string) =>
  run('npm', ['run', '--silent', script, '--', file], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, HOME: process.env.HOME },
  });

it.skipIf(testDatabase() !== 'sqlite')(
  'restores a backup taken in the middle of a burst of sends',
  async () => {
    const live = path.join(base, 'live');
    const restored = path.join(base, 'restored');
    const file = path.join(base, 'parley-backup.db');
    const port = await freePort();
    const node = await startNode(port, live, base);
    nodes.push(node);
    const { token, gid, uid } = await onboard(port);
    const acknowledged: Acknowledged = new Map();
    const senders = startSenders(port, token, gid, 'burst', acknowledged);
    while (acknowledged.size < 30) await new Promise((r) => setTimeout(r, 5));
    const before: Acknowledged = new Map(acknowledged);
    const backup = await npmRun('backup', file, live);
    expect(backup.stdout).toMatch(/backed up/);
    // Sends went on during the backup.
    const during = acknowledged.size - before.size;
    await senders.stop();
    const original = await allHistory(port, token, gid);

    const restore = await npmRun('restore', file, restored);
    expect(restore.stdout).toMatch(/restored/);
    expect(integrityCheck(restored)).toBe('ok');
    const port2 = await freePort();
    nodes.push(await startNode(port2, restored, base));
    const token2 = await signIn(port2);
    await expectAllStored(port2, token2, gid, uid, before);
    // A snapshot: exactly the original's messages up to the last one it holds, nothing else.
    const copy = await allHistory(port2, token2, gid);
    const last = copy.at(-1)!.mid;
    expect(copy).toEqual(original.filter((m) => m.mid <= last));
    console.info(
      `backup: ${copy.length} of ${original.length} messages; ${during} acknowledged during the backup`,
    );
  },
  120_000,
);

it.skipIf(testDatabase() !== 'sqlite')(
  'refuses to restore a file that is not a Parley database',
  async () => {
    const target = path.join(base, 'untouched');
    await expect(npmRun('restore', path.join(ROOT, 'package.json'), target)).rejects.toMatchObject({
      stderr: expect.stringMatching(/restore failed/),
    });
  },
);
