/**
 * The read cache (`src/store/read-cache.ts`) never serves a permission that a write has taken
 * away: each case warms the cache on one node with a request that succeeds, changes the
 * permission through another node (the same node outside the `cluster` project), and at once
 * sends through the first node again. A stale cache would accept that send.
 */
import type { ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createAdmin,
  createChannel,
  createUser,
  login,
  sendText,
  useTestServer,
  type ApiClient,
} from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';

const t = useTestServer({ fresh: true });
const streams = streamsClosedAfterEach();

/** The node that reads (and caches), and the node that writes: different ones when there are several. */
const nodes = (): { reader: ApiClient; writer: ApiClient } => ({
  reader: apiClient(t.nodeUrls[0]!),
  writer: apiClient(t.nodeUrls[t.nodeUrls.length - 1]!),
});

const chatMids = (events: readonly ServerEvent[]) =>
  events.flatMap((e) => (e.type === 'chat' ? [e.mid] : []));

describe('the read cache after a write on another node', () => {
  it('refuses a removed member’s send right after the removal, and stores nothing', async () => {
    const { reader, writer } = nodes();
    await createAdmin(t);
    const alice = await createUser(t, 'alice');
    const bob = await createUser(t, 'bob');
    const gid = await createChannel(t, alice, { name: 'private', is_public: false, members: [bob.uid] });
    const owner = await streams.ready(t.nodeUrls[0]!, alice.token);
    for (let i = 0; i < 3; i++) expect((await sendText(reader, bob, { gid }, `warm ${i}`)).status).toBe(200);

    const removed = await writer.request('POST', `/group/${gid}/members/remove`, {
      token: alice.token,
      json: [bob.uid],
    });
    expect(removed.status, removed.text).toBe(200);
    const refused = await sendText(reader, bob, { gid }, 'after removal');
    expect(refused.status, refused.text).toBe(403);

    const marker = (await sendText(reader, alice, { gid }, 'marker')).json as number;
    await owner.waitFor((e) => e.type === 'chat' && e.mid === marker);
    const history = await reader.request('GET', `/group/${gid}/history?limit=100`, { token: alice.token });
    const texts = (history.json as { detail: { content?: string } }[]).map((m) => m.detail.content);
    expect(texts).not.toContain('after removal');
    // The warm-up sends and the marker, nothing else.
    expect(chatMids(owner.events)).toHaveLength(4);
  });

  it('answers 401 to a token of a device that logged out, and to a frozen member', async () => {
    const { reader, writer } = nodes();
    const admin = await createAdmin(t);
    const carol = await createUser(t, 'carol');
    const dave = await createUser(t, 'dave');
    const gid = await createChannel(t, admin, { name: 'open', is_public: true });
    expect((await sendText(reader, carol, { gid }, 'warm')).status).toBe(200);
    expect((await sendText(reader, dave, { gid }, 'warm')).status).toBe(200);

    expect((await writer.request('GET', '/token/logout', { token: carol.token })).status).toBe(200);
    expect((await sendText(reader, carol, { gid }, 'after logout')).status).toBe(401);

    const frozen = await writer.request('PUT', `/admin/user/${dave.uid}`, {
      token: admin.token,
      json: { status: 'frozen' },
    });
    expect(frozen.status, frozen.text).toBe(200);
    expect((await sendText(reader, dave, { gid }, 'after freezing')).status).toBe(401);
  });

  it('refuses a token of the session a new login on the same device replaced', async () => {
    const { reader, writer } = nodes();
    await createAdmin(t);
    const erin = await createUser(t, 'erin');
    expect((await reader.request('GET', '/user/me', { token: erin.token })).status).toBe(200);
    const again = await login(writer, erin.email, erin.password, erin.device);
    expect((await reader.request('GET', '/user/me', { token: erin.token })).status).toBe(401);
    expect((await reader.request('GET', '/user/me', { token: again.token })).status).toBe(200);
  });

  it('applies a channel switch and a burn-after-reading setting to the very next send', async () => {
    const { reader, writer } = nodes();
    await createAdmin(t);
    const alice = await createUser(t, 'alice');
    const bob = await createUser(t, 'bob');
    const gid = await createChannel(t, alice, { name: 'switches', is_public: false, members: [bob.uid] });
    expect((await sendText(reader, bob, { gid }, 'warm')).status).toBe(200);
    expect((await sendText(reader, alice, { gid }, 'warm')).status).toBe(200);

    const locked = await writer.request('PUT', `/group/${gid}`, {
      token: alice.token,
      json: { only_owner_can_send_msg: true },
    });
    expect(locked.status, locked.text).toBe(200);
    expect((await sendText(reader, bob, { gid }, 'not the owner')).status).toBe(403);

    const burn = await writer.request('POST', '/user/burn-after-reading', {
      token: alice.token,
      json: { groups: [{ gid, expires_in: 300 }] },
    });
    expect(burn.status, burn.text).toBe(200);
    const mid = (await sendText(reader, alice, { gid }, 'burns')).json as number;
    const history = await reader.request('GET', `/group/${gid}/history?limit=100`, { token: alice.token });
    const sent = (history.json as { mid: number; detail: { expires_in?: number | null } }[]).find(
      (m) => m.mid === mid,
    );
    expect(sent?.detail.expires_in).toBe(300);
  });

  it('serves the repeated reads of a send from memory', async () => {
    const { reader } = nodes();
    await createAdmin(t);
    const alice = await createUser(t, 'alice');
    const gid = await createChannel(t, alice, { name: 'warm', is_public: false });
    const stats = t.nodes[0]!.readCache!;
    expect((await sendText(reader, alice, { gid }, 'first')).status).toBe(200);
    const hits = stats.hits;
    for (let i = 0; i < 5; i++) expect((await sendText(reader, alice, { gid }, `#${i}`)).status).toBe(200);
    // Device, user, channel, members and the burn setting: five per send, from memory.
    expect(stats.hits - hits).toBeGreaterThanOrEqual(25);
  });
});
