import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn() } }));
vi.mock('i18next', () => ({
  default: {
    t: (key: string, options?: Record<string, unknown>) =>
      options ? `${key} ${JSON.stringify(options)}` : key,
  },
}));

const { default: toast } = await import('react-hot-toast');
// Error toasts go through lib/toast, which loads the library on first use: load it up front.
await (await import('../toast')).loadToasts();
const { dispatch, getState } = await import('../store');
const { request, setUnauthorizedListener } = await import('./client');
const { call } = await import('./call');

type FetchCall = [string, RequestInit];

function respond(status: number, body: string) {
  return Promise.resolve(new Response(status === 204 ? null : body, { status }));
}

function login(expiresInSeconds: number) {
  dispatch({
    type: 'auth/loggedIn',
    now: Date.now(),
    login: {
      server_id: 's',
      token: 'old-token',
      refresh_token: 'old-refresh',
      expired_in: expiresInSeconds,
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
}

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  dispatch({ type: 'auth/cleared' });
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('sends the token on private calls only and parses JSON', async () => {
    login(300);
    fetchMock.mockImplementation(() => respond(200, '[1,2]'));
    await expect(request('/user')).resolves.toEqual([1, 2]);
    await request('/admin/system/initialized');
    const [first, second] = (fetchMock.mock.calls as FetchCall[]).map(
      ([, init]) => init.headers as Record<string, string>,
    );
    expect(first?.['X-API-Key']).toBe('old-token');
    expect(second?.['X-API-Key']).toBeUndefined();
  });

  it('keeps text endpoints as text and maps an empty body to null', async () => {
    login(300);
    fetchMock.mockImplementationOnce(() => respond(200, 'http://x/?magic_token=1#/register'));
    await expect(request('/group/create_reg_magic_link')).resolves.toBe('http://x/?magic_token=1#/register');
    fetchMock.mockImplementationOnce(() => respond(200, ''));
    await expect(request('/user/read-index', { method: 'POST', json: {} })).resolves.toBeNull();
  });

  it('renews a token about to expire once, while concurrent calls wait for it', async () => {
    login(10);
    fetchMock.mockImplementation((url) =>
      url.endsWith('/token/renew')
        ? respond(200, JSON.stringify({ token: 'new-token', refresh_token: 'new-refresh', expired_in: 300 }))
        : respond(200, '{}'),
    );
    await Promise.all([request('/user'), request('/user/me'), request('/group/1/history')]);
    const calls = fetchMock.mock.calls as FetchCall[];
    expect(calls.filter(([url]) => url.endsWith('/token/renew'))).toHaveLength(1);
    const renewBody = JSON.parse(String(calls[0]?.[1].body)) as Record<string, string>;
    expect(renewBody).toEqual({ token: 'old-token', refresh_token: 'old-refresh' });
    for (const [url, init] of calls.slice(1)) {
      expect(url).not.toContain('/token/renew');
      expect((init.headers as Record<string, string>)['X-API-Key']).toBe('new-token');
    }
    expect(getState().auth?.refreshToken).toBe('new-refresh');
  });

  it('clears the login on 401 and tells the app to show the login screen', async () => {
    login(300);
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    fetchMock.mockImplementation(() => respond(401, ''));
    await expect(request('/user')).rejects.toMatchObject({ status: 401 });
    expect(getState().auth).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
    expect(toast.error).not.toHaveBeenCalled();
    setUnauthorizedListener(null);
  });

  it('does not log out on a failed login', async () => {
    login(300);
    fetchMock.mockImplementation(() => respond(401, ''));
    await expect(request('/token/login', { method: 'POST', json: {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(getState().auth).not.toBeNull();
  });
});

describe('call', () => {
  it('builds the request from the route table: method, path, query, token, JSON body', async () => {
    login(300);
    fetchMock.mockImplementation(() => respond(200, '[]'));
    await call('groupHistory', { params: { gid: 3 }, query: { limit: 5, before: undefined } });
    await call('updateGroup', { params: { gid: 3 }, body: { name: 'x' } });
    await call('getOrganization');
    const calls = fetchMock.mock.calls as FetchCall[];
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/group/3/history?limit=5',
      'PUT /api/group/3',
      'GET /api/admin/system/organization',
    ]);
    const headers = calls.map(([, init]) => init.headers as Record<string, string>);
    expect(headers[0]?.['X-API-Key']).toBe('old-token');
    expect(calls[1]?.[1].body).toBe('{"name":"x"}');
    expect(headers[1]?.['Content-Type']).toBe('application/json');
    expect(headers[2]?.['X-API-Key']).toBeUndefined();
  });

  it('sends an upload as is and reads replies by their kind', async () => {
    login(300);
    fetchMock.mockImplementationOnce(() => respond(200, '17'));
    await expect(
      call('sendToUser', { params: { uid: 2 }, body: 'hi' }, { contentType: 'text/markdown' }),
    ).resolves.toBe(17);
    const [url, init] = (fetchMock.mock.calls as FetchCall[])[0]!;
    expect(`${init.method} ${url}`).toBe('POST /api/user/2/send');
    expect(init.body).toBe('hi');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('text/markdown');
    // Valid JSON, but a text endpoint's body stays text.
    fetchMock.mockImplementationOnce(() => respond(200, '42'));
    await expect(call('getVersion')).resolves.toBe('42');
    fetchMock.mockImplementationOnce(() => respond(200, ''));
    await expect(call('leaveGroup', { params: { gid: 1 } })).resolves.toBeNull();
  });
});

describe('error toasts', () => {
  it('maps statuses to the catalogue messages of SPEC §8', async () => {
    login(300);
    const cases: [number, string, string][] = [
      [400, '', 'common:errors.bad_request'],
      [403, '', 'common:errors.not_allowed'],
      [404, '', 'common:errors.not_found'],
      [413, '', 'common:errors.too_large'],
      [500, 'disk full', 'disk full'],
      [503, '', 'common:errors.server'],
    ];
    for (const [status, body, expected] of cases) {
      fetchMock.mockImplementationOnce(() => respond(status, body));
      await request('/user').catch(() => undefined);
      expect(vi.mocked(toast.error).mock.lastCall?.[0]).toBe(expected);
    }
  });

  it('reports a network failure with the endpoint', async () => {
    login(300);
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('/user')).rejects.toMatchObject({ status: 0 });
    expect(vi.mocked(toast.error).mock.lastCall?.[0]).toBe('common:errors.network {"endpoint":"/user"}');
  });

  it('lets a call replace or silence the message for a status', async () => {
    login(300);
    fetchMock.mockImplementation(() => respond(403, 'blocked'));
    await request('/group/1/send', { errors: { 403: 'chat:send.blocked' } }).catch(() => undefined);
    expect(vi.mocked(toast.error).mock.lastCall?.[0]).toContain('chat:send.blocked');
    vi.mocked(toast.error).mockClear();
    await request('/user/check_magic_token', { method: 'POST', errors: { default: null } }).catch(
      () => undefined,
    );
    expect(toast.error).not.toHaveBeenCalled();
  });
});
