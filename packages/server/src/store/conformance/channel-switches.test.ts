import { DEFAULT_CHANNEL_SWITCHES } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { useTestStore } from '../../../test/support/databases.js';
import { newGroup } from '../../../test/support/store-fixtures.js';

describe('store conformance: channel switches (migration 0012)', () => {
  const db = useTestStore();
  const groups = () => db().store.groups;

  it('a group created without switches gets the defaults, as booleans', async () => {
    const g = await groups().create(newGroup());
    expect(g).toMatchObject(DEFAULT_CHANNEL_SWITCHES);
    for (const key of ['show_email', 'dm_to_member', 'add_friend', 'only_owner_can_send_msg'] as const) {
      expect(typeof g[key]).toBe('boolean');
    }
  });

  it('creates with given switches and updates each alone, leaving the others', async () => {
    const g = await groups().create(newGroup({ only_owner_can_send_msg: true, ext_setting: '{}' }));
    expect(g).toMatchObject({ only_owner_can_send_msg: true, ext_setting: '{}', add_friend: true });
    const updated = await groups().update(g.gid, { add_friend: false, ext_setting: null });
    expect(updated).toEqual({ ...g, add_friend: false, ext_setting: null });
    expect(await groups().get(g.gid)).toEqual(updated);
    const again = await groups().update(g.gid, { show_email: true, dm_to_member: false });
    expect(again).toEqual({ ...updated, show_email: true, dm_to_member: false });
  });
});
