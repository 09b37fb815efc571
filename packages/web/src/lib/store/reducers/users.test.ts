import type { UserLog } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { SELF, events, loggedIn, run, user } from '../test/fixtures';

const log = (extra: Partial<UserLog> & Pick<UserLog, 'log_id' | 'uid' | 'action'>): UserLog => ({
  email: null,
  name: null,
  gender: null,
  language: null,
  is_admin: null,
  is_bot: null,
  avatar_updated_at: null,
  ...extra,
});

describe('users reducer', () => {
  it('loads users and keeps the snapshot version', () => {
    const state = events(run(loggedIn(), { type: 'users/loaded', users: [user(1), user(2)] }), {
      type: 'users_snapshot',
      users: [user(1), user(2), user(3)],
      version: 12,
    });
    expect(Object.keys(state.users.byId)).toEqual(['1', '2', '3']);
    expect(state.users.version).toBe(12);
  });

  it('applies users_log create, update and delete and tracks the highest log id', () => {
    const state = events(
      run(loggedIn(), { type: 'users/loaded', users: [user(1), user(2)] }),
      {
        type: 'users_log',
        logs: [
          log({ log_id: 20, uid: 3, action: 'create', name: 'Carol', email: 'c@example.com' }),
          log({ log_id: 21, uid: 2, action: 'update', avatar_updated_at: 99 }),
          log({ log_id: 22, uid: 1, action: 'update', name: 'Me Renamed' }),
        ],
      },
      { type: 'users_log', logs: [log({ log_id: 23, uid: 3, action: 'delete' })] },
    );
    expect(state.users.byId[2]).toMatchObject({ avatar_updated_at: 99, name: 'User 2' });
    expect(state.users.byId[3]).toBeUndefined();
    expect(state.users.version).toBe(23);
    expect(state.auth?.user.name).toBe('Me Renamed');
  });

  it('tracks presence from users_state and users_state_changed', () => {
    const state = events(
      loggedIn(),
      {
        type: 'users_state',
        users: [
          { uid: 2, online: true },
          { uid: 3, online: false },
        ],
      },
      { type: 'users_state_changed', uid: 3, online: true },
    );
    expect(state.users.online).toEqual({ 2: true, 3: true });
    expect(state.auth?.user.uid).toBe(SELF);
  });
});
