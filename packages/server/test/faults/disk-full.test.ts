/**
 * A disk that fills during sends: the server answers 507 (not 500) once nothing more fits, loses
 * nothing it acknowledged, and starts again on the same files once there is room.
 * The data directory is a small tmpfs; where mounting is not permitted the test is skipped.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NodeProcess } from '../support/node-process.js';
import { freePort } from '../support/ports.js';
import {
  expectAllStored,
  integrityCheck,
  onboard,
  signIn,
  startNode,
  startSenders,
  type Acknowledged,
} from './senders.js';

const SMALL = '3m';
const ROOM = '64m';

let base: string;
let mount: string;
let mounted = false;
let child: NodeProcess | undefined;

const tmpfs = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'parley-diskfull-'));
  mount = path.join(base, 'data');
  execFileSync('mkdir', ['-p', mount]);
  try {
    tmpfs('-t', 'tmpfs', '-o', `size=${SMALL}`, 'tmpfs', mount);
    mounted = true;
  } catch (err) {
    console.warn(`disk-full test skipped: cannot mount a tmpfs here (${String(err).split('\n')[0]})`);
  }
});
afterAll(async () => {
  await child?.signal('SIGKILL');
  if (mounted) execFileSync('umount', [mount]);
  await rm(base, { recursive: true, force: true });
});

it('answers 507 when the disk is full and loses nothing it acknowledged', async (test) => {
  if (!mounted) test.skip('mounting a tmpfs is not permitted here');
  const port = await freePort();
  // The log goes outside the small disk: only the database fills it.
  child = await startNode(port, mount, base);
  const { token, gid, uid } = await onboard(port);
  const acknowledged: Acknowledged = new Map();
  const senders = startSenders(port, token, gid, 'filling', acknowledged, { padding: 4000 });
  const deadline = Date.now() + 60_000;
  while (!senders.statuses.get(507) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await senders.stop();
  const statuses = Object.fromEntries(senders.statuses);
  console.info(`disk full: ${JSON.stringify(statuses)} (${acknowledged.size} acknowledged)`);
  expect(statuses[507], 'a full disk answers 507').toBeGreaterThan(0);
  expect(Object.keys(statuses).filter((s) => s !== '200' && s !== '507')).toEqual([]);
  // Still readable while full; then the same files on a larger disk after a crash.
  await expectAllStored(port, token, gid, uid, acknowledged);
  await child.signal('SIGKILL');
  tmpfs('-o', `remount,size=${ROOM}`, mount);
  expect(integrityCheck(mount)).toBe('ok');
  child = await startNode(port, mount, base);
  const again = await signIn(port);
  await expectAllStored(port, again, gid, uid, acknowledged);
  expect(
    (
      await fetch(`${child.url}/api/group/${gid}/send`, {
        method: 'POST',
        headers: { 'x-api-key': again, 'content-type': 'text/plain' },
        body: 'room again',
      })
    ).status,
  ).toBe(200);
}, 180_000);
