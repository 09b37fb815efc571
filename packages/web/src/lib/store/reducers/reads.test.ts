import { describe, expect, it } from 'vitest';
import { events, loggedIn, run } from '../test/fixtures';

const settings = {
  type: 'user_settings' as const,
  mute_users: [],
  mute_groups: [],
  read_index_users: [{ uid: 2, mid: 10 }],
  read_index_groups: [{ gid: 5, mid: 20 }],
  burn_after_reading_users: [],
  burn_after_reading_groups: [],
  pinned_chats: [],
};

const settingsChanged = {
  type: 'user_settings_changed' as const,
  from_device: 'web:other',
  add_mute_users: [],
  remove_mute_users: [],
  add_mute_groups: [],
  remove_mute_groups: [],
  read_index_users: [],
  read_index_groups: [{ gid: 5, mid: 30 }],
  burn_after_reading_users: [],
  burn_after_reading_groups: [],
};

describe('reads reducer', () => {
  it('takes read indexes from user_settings and raises them from user_settings_changed', () => {
    const state = events(loggedIn(), settings, settingsChanged);
    expect(state.reads).toEqual({ users: { 2: 10 }, groups: { 5: 30 } });
  });

  it('never lowers a read index', () => {
    const state = run(events(loggedIn(), settings), { type: 'reads/marked', conv: 'g:5', mid: 3 });
    expect(state.reads.groups[5]).toBe(20);
    const raised = run(state, { type: 'reads/marked', conv: 'u:2', mid: 11 });
    expect(raised.reads.users[2]).toBe(11);
  });
});
