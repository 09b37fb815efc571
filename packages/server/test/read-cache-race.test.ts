/**
 * A write answered by one node is seen by the very next request on another node, every time. The
 * other node hears of the write through an invalidation on its Redis connection, which is already
 * in its socket when the next request arrives; if both are ready in the same turn of the event
 * loop, the request must not run first (`src/app.ts`, the scaled-mode `onRequest` hook). CI caught
 * this as `email-change`'s guest case reading guest mode as off right after it was switched on.
 */
import { expect, it } from 'vitest';
import { apiClient, createAdmin, useTestServer } from './support/server.js';

const t = useTestServer({ fresh: true });

it('a setting switched through one node is in force at once on another, 100 times in a row', async () => {
  const admin = await createAdmin(t);
  const reader = apiClient(t.nodeUrls[0]!);
  const writer = apiClient(t.nodeUrls[t.nodeUrls.length - 1]!);
  const config = (await reader.request('GET', '/admin/login/config', { token: admin.token })).json as Record<
    string,
    unknown
  >;
  const stale: number[] = [];
  for (let i = 0; i < 100; i++) {
    const guest = i % 2 === 0;
    const set = await writer.request('POST', '/admin/login/config', {
      token: admin.token,
      json: { ...config, guest },
    });
    expect(set.status, set.text).toBe(200);
    const read = await reader.request('GET', '/admin/login/config', { token: admin.token });
    if ((read.json as { guest: boolean }).guest !== guest) stale.push(i);
  }
  expect(stale).toEqual([]);
});
