/**
 * `kill -9` at twenty points while four clients send: after each restart every acknowledged
 * message is stored once and unchanged, and the database passes `PRAGMA integrity_check`.
 */
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

const KILL_POINTS = 20;

let dataDir: string;
let child: NodeProcess | undefined;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-faults-'));
});
afterAll(async () => {
  await child?.signal('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

it(`keeps every acknowledged message through SIGKILL at ${KILL_POINTS} points during concurrent sends`, async () => {
  const port = await freePort();
  child = await startNode(port, dataDir);
  const first = await onboard(port);
  const { gid, uid } = first;
  let { token } = first;
  const acknowledged: Acknowledged = new Map();
  for (let round = 0; round < KILL_POINTS; round++) {
    const before = acknowledged.size;
    const senders = startSenders(port, token, gid, `round ${round}`, acknowledged);
    // Twenty different points: after 1, 3, 5 … 39 acknowledgements of this burst, plus a few
    // milliseconds that vary, so the kill lands in a batch's commit as well as between batches.
    while (acknowledged.size < before + 1 + round * 2) await new Promise((r) => setTimeout(r, 1));
    await new Promise((r) => setTimeout(r, round % 4));
    await child.signal('SIGKILL');
    await senders.done;
    expect(integrityCheck(dataDir)).toBe('ok');
    child = await startNode(port, dataDir);
    token = await signIn(port);
    await expectAllStored(port, token, gid, uid, acknowledged);
  }
  console.info(`faults: ${acknowledged.size} acknowledged messages over ${KILL_POINTS} kills, none lost`);
  expect(acknowledged.size).toBeGreaterThan(KILL_POINTS * 5);
}, 300_000);
