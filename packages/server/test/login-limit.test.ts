/**
 * The login rate limit (API.md, Parley's rule): 10 failed attempts in 5 minutes per address and
 * per account → 429 with Retry-After; while limited even the right password is refused. In the
 * `cluster` project the attempts are spread over three nodes by the balancer, so the counts must
 * be shared (Redis).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type TestServer, type TestUser, useTestServer } from './support/server.js';

// One server for the file: each test has accounts of its own and uses addresses no other test
// fails from, so no test meets another's counts.
const t = useTestServer();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  await createAdmin(t);
});
beforeEach(async () => {
  alice = await createUser(t, 'alice');
  bob = await createUser(t, 'bob');
});

function attempt(email: string, password: string, address: string, on: TestServer = t) {
  return on.request('POST', '/token/login', {
    json: { credential: { type: 'password', email, password }, device: 'web' },
    headers: { 'x-forwarded-for': address },
  });
}

function expectLimited(res: { status: number; headers: Headers; text: string }) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(300);
  expect(res.text).toBe('too many failed sign-in attempts, try again later');
}

describe('login rate limit', () => {
  it('locks an account after 10 failures from any addresses, even for the right password', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await attempt(alice.email, 'wrong password', `198.51.100.${i}`)).status).toBe(401);
    }
    expectLimited(await attempt(alice.email, alice.password, '203.0.113.7'));
    // The address itself is not limited: another account signs in from it.
    expect((await attempt(bob.email, bob.password, '203.0.113.7')).status).toBe(200);
  });

  it('limits an address after 10 failures over any accounts, unknown ones included', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await attempt(`nobody${i}@example.com`, 'guess', '192.0.2.9');
      expect(res.status).toBe(404);
    }
    expectLimited(await attempt(bob.email, bob.password, '192.0.2.9'));
    expect((await attempt(bob.email, bob.password, '192.0.2.10')).status).toBe(200);
  });

  it('lets a user with fewer than 10 failures in the window sign in', async () => {
    for (let i = 0; i < 9; i++) expect((await attempt(alice.email, 'nope', '192.0.2.50')).status).toBe(401);
    expect((await attempt(alice.email, alice.password, '192.0.2.50')).status).toBe(200);
  });
});

describe('login rate limit under concurrency', () => {
  it('checks at most 10 guesses of a parallel burst; the rest, the right password included, get 429', async () => {
    const burst = Array.from({ length: 60 }, (_, i) => attempt(alice.email, `guess ${i}`, '198.51.100.77'));
    const right = attempt(alice.email, alice.password, '198.51.100.77');
    const results = await Promise.all([...burst, right]);
    const checked = results.filter((r) => r.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(51);
    for (const r of checked) expect([200, 401]).toContain(r.status);
    expectLimited(await attempt(alice.email, alice.password, '203.0.113.70'));
  });

  it('counts wrong old passwords of change_password against the same limit', async () => {
    const change = (old: string) =>
      t.request('POST', '/user/change_password', {
        token: alice.token,
        json: { old_password: old, new_password: 'a new password 1' },
        headers: { 'x-forwarded-for': '198.51.100.88' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await change(`wrong ${i}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Limited: even the right old password is refused, and the password is unchanged.
    expect((await change(alice.password)).status).toBe(429);
    expectLimited(await attempt(alice.email, alice.password, '203.0.113.71'));
  });
});

describe('login rate limit log', () => {
  const lines: string[] = [];
  const logged = useTestServer({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (l) => void lines.push(l) },
  });

  it('records each failed attempt and each refusal with address, account and check, never a password', async () => {
    await createAdmin(logged);
    const carol = await createUser(logged, 'carol');
    const address = '198.51.100.201';
    const guesses = Array.from({ length: 10 }, (_, i) => `secret guess number ${i}`);
    for (const guess of guesses)
      expect((await attempt(carol.email, guess, address, logged)).status).toBe(401);
    expectLimited(await attempt(carol.email, carol.password, address, logged));

    const entries = lines
      .flatMap((l) => l.split('\n'))
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const failed = entries.filter((e) => e.msg === 'sign-in attempt failed');
    const refused = entries.filter((e) => e.msg === 'sign-in attempt refused: rate limited');
    expect(failed).toHaveLength(guesses.length);
    for (const e of failed) {
      expect(e).toMatchObject({ address, account: carol.email, check: 'login', reason: 'wrong password' });
    }
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ address, account: carol.email, check: 'login' });
    expect(refused[0]!.retryAfter).toBeGreaterThan(0);
    const text = lines.join('');
    for (const secret of [...guesses, carol.password]) expect(text).not.toContain(secret);
  });
});
