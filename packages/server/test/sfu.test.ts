/**
 * Parley's SFU path (docs/voice.md, SFU): the server-side Janus client against a real Janus
 * (Debian's `janus`, started by test/support/janus.ts; it fails, not skips, when janus is missing).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { JanusError, VideoRoomClient } from '../src/services/sfu/janus.js';
import { startJanus } from './support/janus.js';
import { sdpOffer as offer } from './support/sdp-offer.js';

const janus = await startJanus();
const client = await VideoRoomClient.connect(janus.url);
afterAll(async () => {
  await client.close();
  await janus.stop();
});

describe('Janus VideoRoom client', () => {
  it('creates a room once, lists it empty and destroys it (twice is fine)', async () => {
    await client.ensureRoom('parley-g1', 16);
    await client.ensureRoom('parley-g1', 16);
    expect(await client.participants('parley-g1')).toEqual([]);
    await client.destroyRoom('parley-g1');
    await client.destroyRoom('parley-g1');
    await expect(client.participants('parley-g1')).rejects.toBeInstanceOf(JanusError);
  });

  it('publishes an offer (answer back); the feed is not subscribable before its media flows', async () => {
    await client.ensureRoom('parley-g2', 16);
    const alice = await client.publish('parley-g2', 'u2', 'alice', offer());
    expect(alice.answer?.type).toBe('answer');
    expect(alice.answer?.sdp).toMatch(/m=audio/);
    expect(alice.answer?.sdp).toMatch(/m=video/);
    // Half-trickle: Janus's answer carries its host candidates.
    expect(alice.answer?.sdp).toMatch(/a=candidate:\S+ 1 udp \d+ \S+ \d+ typ host/);
    const participants = await client.participants('parley-g2');
    // `publisher` turns true once media flows (ICE + DTLS with a real peer: the e2e's part).
    expect(participants).toEqual([expect.objectContaining({ id: 'u2', display: 'alice', publisher: false })]);

    // Until then nobody can subscribe to it (Janus 428 "No such feed").
    await expect(client.subscribe('parley-g2', ['u2'])).rejects.toMatchObject({ code: 428 });

    await client.leave(alice.handle);
    await client.destroyRoom('parley-g2');
  });

  it('refuses a subscription to a feed that is not there, with a Janus error (no hang)', async () => {
    await client.ensureRoom('parley-g3', 16);
    await expect(client.subscribe('parley-g3', ['nobody'])).rejects.toBeInstanceOf(JanusError);
    await client.destroyRoom('parley-g3');
  });
});
