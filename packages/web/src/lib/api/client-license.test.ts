/** A 451 (the license refused a new account) toasts and keeps the session (docs/api.md "License"). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn() } }));
vi.mock('i18next', () => ({ default: { t: (key: string) => key } }));

const { default: toast } = await import('react-hot-toast');
await (await import('../toast')).loadToasts();
const { dispatch, getState } = await import('../store');
const { setUnauthorizedListener } = await import('./client');
const { adminCreateUser } = await import('./endpoints/admin');

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(toast.error).mockClear();
  dispatch({
    type: 'auth/loggedIn',
    now: Date.now(),
    login: {
      server_id: 's',
      token: 'token',
      refresh_token: 'refresh',
      expired_in: 300,
      user: {
        uid: 1,
        email: 'a@b.c',
        name: 'A',
        gender: 0,
        language: 'en',
        is_admin: true,
        is_bot: false,
        avatar_updated_at: 0,
        create_by: 'password',
      },
      initialized: true,
    },
  });
});

afterEach(() => {
  dispatch({ type: 'auth/cleared' });
  vi.unstubAllGlobals();
});

describe('451 from the license', () => {
  it('toasts the server text and keeps the administrator signed in', async () => {
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response('Your license has reached the limit', { status: 451 })),
    );
    await expect(
      adminCreateUser({ email: 'n@b.c', password: 'a good password', name: 'N', gender: 0, is_admin: false }),
    ).rejects.toMatchObject({ status: 451 });
    expect(getState().auth).not.toBeNull();
    expect(listener).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Your license has reached the limit', expect.anything());
    setUnauthorizedListener(null);
  });
});
