import { describe, expect, it } from 'vitest';
import { events, loggedIn, run } from '../test/fixtures';

describe('auth, server and stream slices', () => {
  it('stores the expiry as login time plus expired_in seconds and renews it', () => {
    const state = loggedIn();
    expect(state.auth).toMatchObject({ token: 't', refreshToken: 'r', expireTime: 1000 + 300_000 });
    expect(state.server.initialized).toBe(true);
    const renewed = run(state, {
      type: 'auth/renewed',
      now: 5000,
      renew: { token: 't2', refresh_token: 'r2', expired_in: 60 },
    });
    expect(renewed.auth).toMatchObject({ token: 't2', refreshToken: 'r2', expireTime: 65_000 });
  });

  it('ignores a renewal that lands after logout', () => {
    const state = run(
      loggedIn(),
      { type: 'auth/cleared' },
      { type: 'auth/renewed', now: 1, renew: { token: 'x', refresh_token: 'y', expired_in: 1 } },
    );
    expect(state.auth).toBeNull();
  });

  it('follows the stream status and ready flag', () => {
    let state = run(
      loggedIn(),
      { type: 'stream/status', status: 'connecting' },
      { type: 'stream/status', status: 'connected' },
    );
    expect(state.stream).toEqual({ status: 'connected', ready: false });
    state = events(state, { type: 'ready' });
    expect(state.stream.ready).toBe(true);
    state = run(state, { type: 'stream/status', status: 'reconnecting' });
    expect(state.stream).toEqual({ status: 'reconnecting', ready: false });
  });

  it('renames the server live and leaves null fields alone', () => {
    const state = events(
      run(loggedIn(), { type: 'server/organization', name: 'Old', description: 'd', serverId: 's' }),
      {
        type: 'server_config_changed',
        organization_name: 'New',
        organization_description: null,
        organization_logo: null,
      },
    );
    expect(state.server).toMatchObject({ name: 'New', description: 'd' });
  });

  it('returns the same state object when nothing changed', () => {
    const state = loggedIn();
    expect(run(state, { type: 'network/online', online: true })).toBe(state);
  });
});
