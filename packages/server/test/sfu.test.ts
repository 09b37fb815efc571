/**
 * Parley's SFU path (docs/voice.md, SFU): the server-side Janus client against a real Janus
 * (Debian's `janus`, started by test/support/janus.ts; it fails, not skips, when janus is missing).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { JanusError, VideoRoomClient } from '../src/services/sfu/janus.js';
import { startJanus } from './support/janus.js';

const janus = await startJanus();
const client = await VideoRoomClient.connect(janus.url);
afterAll(async () => {
  await client.close();
  await janus.stop();
});

/** A browser-like offer (audio + video, bundled, DTLS), enough for Janus to answer. */
function offer(): { type: string; sdp: string } {
  const fingerprint = Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).padStart(2, '0'))
    .join(':')
    .toUpperCase();
  const media = (kind: 'audio' | 'video', mid: string, pt: number, codec: string, ssrc: number) => [
    `m=${kind} 9 UDP/TLS/RTP/SAVPF ${pt}`,
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    'a=ice-ufrag:abcd',
    'a=ice-pwd:abcdefghijklmnopqrstuvwx',
    `a=fingerprint:sha-256 ${fingerprint}`,
    'a=setup:actpass',
    `a=mid:${mid}`,
    'a=sendonly',
    'a=rtcp-mux',
    `a=rtpmap:${pt} ${codec}`,
    `a=ssrc:${ssrc} cname:parley`,
  ];
  const sdp = [
    'v=0',
    'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'a=group:BUNDLE 0 1',
    'a=msid-semantic: WMS',
    ...media('audio', '0', 111, 'opus/48000/2', 1111),
    ...media('video', '1', 96, 'VP8/90000', 2222),
    '',
  ].join('\r\n');
  return { type: 'offer', sdp };
}

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
