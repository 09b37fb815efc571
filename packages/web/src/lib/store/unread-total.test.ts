import { describe, expect, it } from 'vitest';
import { events, group, loggedIn, run, SELF, text } from './test/fixtures';
import { totalUnread, unreadTitle } from './unread-total';

const chat = (message: ReturnType<typeof text>) => ({ type: 'chat' as const, ...message });

describe('totalUnread', () => {
  const base = () =>
    events(
      loggedIn(),
      { type: 'related_groups', groups: [group(5)] },
      chat(text(10, 2, { gid: 5 })),
      chat(text(11, 2, { gid: 5 })),
      chat(text(12, SELF, { gid: 5 })),
      chat(text(13, 2, { uid: SELF })),
    );

  it('counts messages from others past each read index, across channels and DMs', () => {
    expect(totalUnread(base(), 0)).toBe(3);
    const read = run(base(), { type: 'reads/marked', conv: 'g:5', mid: 11 });
    expect(totalUnread(read, 0)).toBe(1);
  });

  it('leaves out muted conversations and channels the user has left', () => {
    const muted = events(base(), {
      type: 'user_settings_changed',
      from_device: 'web:other',
      add_mute_users: [],
      remove_mute_users: [],
      add_mute_groups: [{ gid: 5, expired_at: null }],
      remove_mute_groups: [],
      read_index_users: [],
      read_index_groups: [],
      burn_after_reading_users: [],
      burn_after_reading_groups: [],
    });
    expect(totalUnread(muted, 0)).toBe(1);
    const left = events(base(), { type: 'kick_from_group', gid: 5, reason: 'kick' });
    expect(totalUnread(left, 0)).toBe(1);
  });

  it('titles carry the real count, not a capped one', () => {
    expect(unreadTitle('Acme Web App', 0)).toBe('Acme Web App');
    expect(unreadTitle('Acme Web App', 250)).toBe('(250) Acme Web App');
  });
});
