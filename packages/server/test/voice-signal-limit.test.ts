/**
 * The voice signalling rate (docs/deploy.md, "Limits"): a device that floods `POST /voice/signal`
 * is refused with 429 and Retry-After once its burst is spent, nothing more is relayed from it,
 * and the other members of the room go on signalling. In the `cluster` project the requests are
 * spread over three nodes, so the count must be shared (Redis).
 */
import { beforeAll, expect, it } from 'vitest';
import { createCastWithChannels } from './support/cast.js';
import { useTestServer, type TestUser } from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';

const BURST = 20;
// A refill this slow adds nothing during the test: exactly the burst gets through.
const t = useTestServer({ env: { VOICE_SIGNAL_RATE: '0.01', VOICE_SIGNAL_BURST: String(BURST) } });
let alice: TestUser;
let bob: TestUser;
let pub: number;
beforeAll(async () => {
  ({ alice, bob, pub } = await createCastWithChannels(t));
});

const streams = streamsClosedAfterEach();
const quiet = { muted: false, deafened: false, video: false, screen: false };
const post = (user: TestUser, path: string, json?: unknown) =>
  t.request('POST', path, { token: user.token, json });

it('a flooding device gets 429 after its burst; the others in the room are unaffected', async () => {
  expect((await post(alice, '/voice/join', { gid: pub, ...quiet })).status).toBe(200);
  expect((await post(bob, '/voice/join', { gid: pub, ...quiet })).status).toBe(200);
  const [toBob, toAlice] = await Promise.all([
    streams.ready(t.url, bob.token),
    streams.ready(t.url, alice.token),
  ]);
  const flood = await Promise.all(
    Array.from({ length: BURST * 2 }, (_, i) =>
      post(alice, '/voice/signal', { to: bob.uid, signal: { kind: 'ice', candidate: `c${i}` } }),
    ),
  );
  const ok = flood.filter((r) => r.status === 200);
  const limited = flood.filter((r) => r.status === 429);
  expect(ok).toHaveLength(BURST);
  expect(limited).toHaveLength(BURST);
  expect(limited[0]!.text).toBe('signalling too fast, slow down');
  expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

  // Bob signals on: his device has its own bucket.
  for (let i = 0; i < 5; i++) {
    const res = await post(bob, '/voice/signal', {
      to: alice.uid,
      signal: { kind: 'ice', candidate: `b${i}` },
    });
    expect(res.status).toBe(200);
  }
  await toAlice.waitFor((e) => e.type === 'voice_signal' && e.signal.candidate === 'b4');
  // Exactly the burst reached Bob: the refused signals were not relayed (his last one, then, is
  // behind everything Alice's accepted ones published).
  expect((await post(bob, '/voice/leave')).status).toBe(200);
  await toBob.waitFor((e) => e.type === 'voice_room_changed' && !e.members.some((m) => m.uid === bob.uid));
  expect(toBob.events.filter((e) => e.type === 'voice_signal' && e.from === alice.uid)).toHaveLength(BURST);
  // Still refused (no refill yet), and a refused signal changes nothing.
  const again = await post(alice, '/voice/signal', { to: bob.uid, signal: { kind: 'hello' } });
  expect(again.status).toBe(429);
  await post(alice, '/voice/leave');
});
