/**
 * Resource limits (docs/deploy.md, "Limits"): a user's send rate, per-address limits on
 * registration and anonymous look-ups, streams and devices per user, and the request timeout.
 * In the `cluster` project the requests are spread over three nodes, so every count must be
 * shared (Redis).
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createUser,
  login,
  sendText,
  startTestServer,
  type TestResponse,
  type TestServer,
} from './support/server.js';
import { openTestStream, streamsClosedAfterEach } from './support/sse.js';

let t: TestServer;
afterEach(async () => {
  await t?.close();
});
const streams = streamsClosedAfterEach();

function expectLimited(res: TestResponse, text: string) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(res.text).toBe(text);
}

describe('send rate', () => {
  it('lets a burst through, then answers 429 with Retry-After and stores nothing more', async () => {
    // A refill this slow adds nothing during the test: exactly the burst gets through.
    t = await startTestServer({ env: { SEND_RATE: '0.01', SEND_BURST: '30' } });
    await createAdmin(t);
    const alice = await createUser(t, 'alice');
    const bob = await createUser(t, 'bob');
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => sendText(t, alice, { uid: bob.uid }, `flood ${i}`)),
    );
    const ok = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status === 429);
    expect(ok).toHaveLength(30);
    expect(limited).toHaveLength(30);
    expectLimited(limited[0]!, 'sending too fast, slow down');
    // One token back at 0.01/s: up to 100 s, less the time the burst itself took.
    const retryAfter = Math.max(...limited.map((r) => Number(r.headers.get('retry-after'))));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(100);
    const history = await t.request('GET', `/user/${bob.uid}/history?limit=300`, { token: alice.token });
    expect(history.json).toHaveLength(30);
    // The rate is the sender's own: bob still sends.
    expect((await sendText(t, bob, { uid: alice.uid }, 'hello')).status).toBe(200);
  });
});

describe('per-address limits', () => {
  it('limits registrations per address; a refused one creates nothing', async () => {
    t = await startTestServer({ env: { REGISTER_LIMIT: '5/1h' } });
    await createAdmin(t);
    const register = (i: number, address: string) =>
      t.request('POST', '/user/register', {
        json: { email: `flood${i}@example.com`, password: 'a good password', name: `flood${i}` },
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < 5; i++) expect((await register(i, '198.51.100.4')).status).toBe(200);
    expectLimited(
      await register(5, '198.51.100.4'),
      'too many registrations from this address, try again later',
    );
    const check = await t.request('GET', '/user/check_email?email=flood5@example.com', {
      headers: { 'x-forwarded-for': '198.51.100.99' },
    });
    expect(check.json).toBe(true);
    expect((await register(6, '198.51.100.5')).status).toBe(200);
  });

  it('limits check_email and check_magic_token per address, together', async () => {
    t = await startTestServer({ env: { LOOKUP_LIMIT: '10/1h' } });
    await createAdmin(t);
    const lookUp = (i: number, address: string) =>
      i % 2 === 0
        ? t.request('GET', `/user/check_email?email=probe${i}@example.com`, {
            headers: { 'x-forwarded-for': address },
          })
        : t.request('POST', '/user/check_magic_token', {
            json: { magic_token: `guess${i}` },
            headers: { 'x-forwarded-for': address },
          });
    for (let i = 0; i < 10; i++) expect((await lookUp(i, '203.0.113.20')).status).toBe(200);
    expectLimited(await lookUp(10, '203.0.113.20'), 'too many look-ups, try again later');
    expectLimited(await lookUp(11, '203.0.113.20'), 'too many look-ups, try again later');
    expect((await lookUp(10, '203.0.113.21')).status).toBe(200);
  });
});

describe('streams and devices per user', () => {
  it('refuses a stream beyond the cap with 429, and opens one again once a stream closes', async () => {
    t = await startTestServer({ env: { MAX_STREAMS_PER_USER: '3' } });
    await createAdmin(t);
    const alice = await createUser(t, 'alice');
    const devices = [
      alice,
      ...(await Promise.all([1, 2, 3].map(() => login(t, alice.email, alice.password)))),
    ];
    const open = await Promise.all(devices.slice(0, 3).map((d) => streams.ready(t.url, d.token)));
    const refused = await openTestStream(t.url, devices[3]!.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    open[0]!.close();
    // The close reaches the server (and its count) a moment later.
    for (let attempt = 0; ; attempt++) {
      const s = await streams.open(t.url, devices[3]!.token);
      if (s.status === 200) {
        await s.ready();
        break;
      }
      expect(attempt).toBeLessThan(100);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('holds the cap when many streams open at once', async () => {
    t = await startTestServer({ env: { MAX_STREAMS_PER_USER: '3' } });
    await createAdmin(t);
    const alice = await createUser(t, 'alice');
    // One at a time: sign-ins in flight count against the login limit until they succeed.
    const devices = [];
    for (let i = 0; i < 12; i++) devices.push(await login(t, alice.email, alice.password));
    const opened = await Promise.all(devices.map((d) => streams.open(t.url, d.token)));
    const outcomes = await Promise.all(
      opened.map((s) =>
        s.status !== 200
          ? Promise.resolve('refused')
          : Promise.race([s.ready(10_000).then(() => 'ready'), s.ended.then(() => 'ended')]),
      ),
    );
    expect(outcomes.filter((o) => o === 'ready').length).toBeLessThanOrEqual(3);
    expect(outcomes.filter((o) => o === 'ready').length).toBeGreaterThanOrEqual(1);
  });

  it('signs out the least recently used devices beyond the cap, streams included', async () => {
    t = await startTestServer({ env: { MAX_DEVICES_PER_USER: '3' } });
    await createAdmin(t);
    const alice = await createUser(t, 'alice');
    const oldest = await streams.ready(t.url, alice.token);
    const sessions = [alice];
    for (let i = 0; i < 4; i++) {
      // Sign-ins a few ms apart, so "least recently used" has one answer.
      await new Promise((r) => setTimeout(r, 5));
      sessions.push(await login(t, alice.email, alice.password));
    }
    await oldest.waitFor((e) => e.type === 'kick');
    await oldest.ended;
    const me = (token: string) => t.request('GET', '/user/me', { token });
    expect((await Promise.all(sessions.map((s) => me(s.token)))).map((r) => r.status)).toEqual([
      401, 401, 200, 200, 200,
    ]);
    const renew = await t.request('POST', '/token/renew', {
      json: { token: sessions[0]!.token, refresh_token: sessions[0]!.refreshToken },
    });
    expect(renew.status).toBe(401);
  });
});

describe('request timeout', () => {
  it('answers 408 and closes a connection whose body trickles in', async () => {
    t = await startTestServer({ env: { REQUEST_TIMEOUT_MS: '1500' } });
    // Straight to a node: a balancer in front has body timeouts of its own.
    const { hostname, port } = new URL(t.nodeUrls[0]!);
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      'POST /api/token/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    // One byte every 400 ms: far more than the timeout needs, never the whole body.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 400);
    await closed;
    clearInterval(trickle);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });
});
