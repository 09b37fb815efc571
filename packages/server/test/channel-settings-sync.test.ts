/**
 * Channel settings seen by a client (verify-action, test/support/verify-action.ts): the switches and
 * the overview fields of `PUT /group/{gid}`, and an owner transfer, reduce from live `group_changed`
 * to the same state a fresh device builds from `related_groups`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCastWithChannels } from './support/cast.js';
import { useTestServer, type TestUser } from './support/server.js';
import { verifyAction } from './support/verify-action.js';

const t = useTestServer();
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let priv: number;
beforeAll(async () => {
  ({ alice, bob, carol, priv } = await createCastWithChannels(t));
});

const put = (user: TestUser, json: unknown) => async () => {
  const res = await t.request('PUT', `/group/${priv}`, { token: user.token, json });
  expect(res.status, res.text).toBe(200);
};

describe('channel settings, live and fresh', () => {
  it('turning every switch and the ext_setting', async () => {
    const change = put(alice, {
      only_owner_can_send_msg: true,
      add_friend: false,
      dm_to_member: false,
      show_email: true,
      ext_setting: '{"k":true}',
    });
    await verifyAction(t, bob, change, { peer: carol, events: ['group_changed'] });
  });

  it('renaming, describing, and handing the channel to another member', async () => {
    await verifyAction(t, bob, put(alice, { name: 'renamed', description: 'about it' }), {
      peer: carol,
      events: ['group_changed'],
    });
    await verifyAction(t, bob, put(alice, { owner: bob.uid }), { peer: carol, events: ['group_changed'] });
  });
});
