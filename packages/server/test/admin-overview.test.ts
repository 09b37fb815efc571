/**
 * The overview screen's server side (API.md §3): `PUT /admin/system/common` refuses unknown keys,
 * malformed values and non-JSON bodies and changes nothing then; a change reaches every client
 * as `server_config_changed`.
 */
import type { SystemCommon } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type TestUser, useTestServer } from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';

const t = useTestServer();
const streams = streamsClosedAfterEach();
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
  user = await createUser(t, 'user');
});

const common = async () =>
  (await t.request('GET', '/admin/system/common', { token: user.token })).json as SystemCommon;
const put = (json: unknown) => t.request('PUT', '/admin/system/common', { token: admin.token, json });

describe('PUT /admin/system/common', () => {
  it('refuses unknown keys, bad values, an empty change and non-JSON, changing nothing', async () => {
    const before = await common();
    const bad: unknown[] = [
      {},
      { no_such_setting: true },
      { show_user_online_status: false, typo_field: 1 },
      { ext_setting: 'not json' },
      { ext_setting: '[1,2]' },
      { ext_setting: 'x'.repeat(20_000) },
      { msg_smtp_notify_delay_seconds: -1 },
      { msg_smtp_notify_delay_seconds: 10_000_000 },
      { max_file_expiry_mode: 'Day2' },
      [],
      'text',
    ];
    for (const json of bad) expect((await put(json)).status, JSON.stringify(json).slice(0, 60)).toBe(400);
    const text = await t.request('PUT', '/admin/system/common', {
      token: admin.token,
      body: 'show_user_online_status=false',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
    expect(await common()).toEqual(before);
  });

  it('sends server_config_changed to every signed-in client, and the next GET agrees', async () => {
    const [sa, su] = await Promise.all([streams.ready(t.url, admin.token), streams.ready(t.url, user.token)]);
    const change = {
      show_user_online_status: false,
      max_file_expiry_mode: 'Day30',
      ext_setting: JSON.stringify({
        enable_msg_url_preview: false,
        only_admin_can_see_channel_members: true,
      }),
    } as const;
    expect((await put(change)).status).toBe(200);
    for (const s of [sa, su]) {
      const event = await s.waitFor(
        (e) => e.type === 'server_config_changed' && e.max_file_expiry_mode === 'Day30',
      );
      expect(event).toMatchObject({ ...change, organization_name: null });
    }
    expect(await common()).toMatchObject(change);
  });

  it('stays admin-only', async () => {
    expect(
      (await t.request('PUT', '/admin/system/common', { token: user.token, json: { dm_enable: false } }))
        .status,
    ).toBe(403);
  });
});
