/**
 * The license user limit under concurrent sign-ups (docs/api.md "License"): the seat check and the
 * new account share a transaction, and the count is serialised (SQLite by its single writer,
 * PostgreSQL by a transaction-scoped advisory lock), so 20 sign-ups at once against a limit of
 * N leave exactly N accounts — on one node or on several behind the balancer. The HTTP rush alone
 * rarely races (sign-ups arrive spread out by password hashing), so a store-level case holds one
 * transaction open after its count and checks that a second count waits for its commit.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, useTestServer, type TestUser } from './support/server.js';
import { newUser } from './support/store-fixtures.js';
import { until } from './support/until.js';

const TOOL = fileURLToPath(new URL('../../../scripts/issue-license.mjs', import.meta.url));
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const keys = {
  pub: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64'),
  priv: privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(16).toString('base64'),
};
const issue = (users: number): string =>
  execFileSync(process.execPath, [TOOL, 'issue', '--users', String(users), '--days', '10'], {
    env: { ...process.env, LICENSE_PRIVATE_KEY: keys.priv },
    encoding: 'utf8',
  }).trim();

const SIGN_UPS = 20;
const FREE_SEATS = 5;

const t = useTestServer({ env: { LICENSE_PUBLIC_KEY: keys.pub } });
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
  const config = (await t.request('GET', '/admin/login/config')).json as Record<string, unknown>;
  const open = await t.request('POST', '/admin/login/config', {
    token: admin.token,
    json: { ...config, who_can_sign_up: 'EveryOne' },
  });
  expect(open.status).toBe(200);
});

const userCount = async (): Promise<number> =>
  ((await t.request('GET', '/admin/user', { token: admin.token })).json as unknown[]).length;

describe('license limit under concurrent sign-ups', () => {
  it(`lets exactly the free seats in when ${SIGN_UPS} sign up at once; the rest get 451`, async () => {
    const before = await userCount();
    const limit = before + FREE_SEATS;
    expect(
      (await t.request('PUT', '/license', { token: admin.token, json: { license: issue(limit) } })).status,
    ).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: SIGN_UPS }, (_, i) =>
        t.request('POST', '/user/register', {
          json: { email: `rush${i}@example.com`, password: 'a good password', name: `rush${i}`, gender: 0 },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(FREE_SEATS);
    expect(statuses.filter((s) => s === 451)).toHaveLength(SIGN_UPS - FREE_SEATS);
    for (const a of answers.filter((x) => x.status === 451)) {
      expect(a.text).toBe('Your license has reached the limit');
    }
    expect(await userCount()).toBe(limit);
  });
});

/** Whether some PostgreSQL session is waiting for an advisory lock (the second seat count). */
async function waitingOnAdvisoryLock(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
    );
    return (res.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

describe('seat count', () => {
  it('waits for the transaction that counted before it, and then sees its account', async () => {
    const store = t.db.store;
    let counted!: () => void;
    const hasCounted = new Promise<void>((resolve) => (counted = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = store.transaction(async (tx) => {
      const n = await tx.users.countForSeat();
      counted();
      await gate;
      await tx.users.create(newUser());
      return n;
    });
    await hasCounted;
    let secondDone = false;
    const second = store
      .transaction((tx) => tx.users.countForSeat())
      .finally(() => {
        secondDone = true;
      });
    const url = t.db.databaseUrl;
    // PostgreSQL: the second count is seen waiting on the lock (without it, it answers at once
    // with the stale count). SQLite: its transaction queues behind the first one's.
    if (url) await until(async () => secondDone || (await waitingOnAdvisoryLock(url)), 'second count');
    release();
    expect(await second).toBe((await first) + 1);
  });
});
