/**
 * The route table in `protocol` is the API: every route the server registers under `/api` is in
 * it and every entry is registered, and each entry's `auth` and `kind` hold over HTTP.
 */
import { API_ROUTES, type RouteSpec } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from './support/registered-routes.js';
import {
  createAdmin,
  createChannel,
  login,
  type TestResponse,
  type TestUser,
  useTestServer,
} from './support/server.js';

const t = useTestServer();
let admin: TestUser;
let gid: number;
beforeAll(async () => {
  admin = await createAdmin(t);
  gid = await createChannel(t, admin, { name: 'general', is_public: true });
});

const entries = Object.entries(API_ROUTES) as [string, RouteSpec][];
const key = (method: string, path: string) => `${method} ${path}`;
const fill = (path: string) => path.replace(':gid', String(gid)).replace(':uid', String(admin.uid));

/** Served outside the table: the OpenAPI document and its viewer, and the balancer's probes. */
const notApi = (route: string) => {
  const path = route.split(' ')[1]!;
  return !path.startsWith('/api/') || path === '/api/spec' || path.startsWith('/api/swagger');
};

describe('the route table', () => {
  it('is exactly the set of routes the server registers under /api', () => {
    const served = registeredRoutes(t.server.app)
      .filter((r) => !notApi(r))
      .sort();
    const declared = entries.map(([, r]) => key(r.method, `/api${r.path}`)).sort();
    expect(served).toEqual(declared);
    expect(new Set(declared).size).toBe(entries.length);
  });

  it('lets a public route answer without a token', async () => {
    // A session of its own: renewing spends its refresh token.
    const renewing = await login(t, admin.email, admin.password);
    const refused: string[] = [];
    for (const [name, r] of entries.filter(([, r]) => r.auth === 'public')) {
      // Renew takes its credentials in the body; any failure there is a 401 by contract.
      const json =
        name === 'renew' ? { token: renewing.token, refresh_token: renewing.refreshToken } : undefined;
      const res = await t.request(r.method, fill(r.path), { json });
      if (res.status === 401 || res.status >= 500) refused.push(`${name}: ${res.status}`);
      else expect(kindMismatch(r, res), name).toBeNull();
    }
    expect(refused).toEqual([]);
  });

  it('answers 401 on a header route without a token, or with the token in the query', async () => {
    const header = entries.filter(([, r]) => r.auth === 'header');
    expect(header.length).toBeGreaterThan(20);
    const answered: string[] = [];
    for (const [name, r] of header) {
      for (const path of [fill(r.path), `${fill(r.path)}?api-key=${admin.token}`]) {
        const res = await t.request(r.method, path);
        if (res.status !== 401)
          answered.push(`${name} ${path.includes('?') ? 'query key' : 'no key'}: ${res.status}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it('answers 401 on the query-key routes (stream, image proxy) without their key, even with the header', async () => {
    const query = entries.filter(([, r]) => r.auth === 'query');
    expect(query.map(([name]) => name)).toEqual(['openEvents', 'imageProxy']);
    for (const [, r] of query) {
      expect((await t.request(r.method, r.path)).status).toBe(401);
      expect((await t.request(r.method, r.path, { token: admin.token })).status).toBe(401);
    }
  });

  it('answers each kind as declared', async () => {
    const version = await t.request('GET', '/admin/system/version');
    expect(kindMismatch(API_ROUTES.getVersion, version)).toBeNull();
    const update = await t.request('PUT', `/group/${gid}`, { token: admin.token, json: { name: 'renamed' } });
    expect(update.status).toBe(200);
    expect(kindMismatch(API_ROUTES.updateGroup, update)).toBeNull();
    const link = await t.request('GET', '/group/create_reg_magic_link', { token: admin.token });
    expect(link.status).toBe(200);
    expect(kindMismatch(API_ROUTES.createRegMagicLink, link)).toBeNull();
  });
});

/** What is wrong with a 200 for the route's `kind`, or null (another status carries an error body). */
function kindMismatch(route: RouteSpec, res: TestResponse): string | null {
  if (res.status !== 200) return null;
  const type = res.headers.get('content-type') ?? '';
  const ok = {
    json: type.startsWith('application/json'),
    text: type.startsWith('text/plain'),
    image: type.startsWith('image/'),
    // A stored file has the type it was stored with.
    file: type !== '',
    empty: res.text === '',
    events: type.startsWith('text/event-stream'),
  }[route.kind];
  return ok
    ? null
    : `${route.kind} answered ${JSON.stringify(type)} ${JSON.stringify(res.text.slice(0, 40))}`;
}
