/**
 * Deeply nested JSON, in a body or in `X-Properties`, is refused with a 400 before anything walks
 * it recursively: a stack overflow answered 500, and 1 MB of `[[[[…` held the event loop.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createChannel, properties, useTestServer, type TestUser } from './support/server.js';

const t = useTestServer();
let admin: TestUser;
let gid: number;
beforeAll(async () => {
  admin = await createAdmin(t);
  gid = await createChannel(t, admin, { name: 'deep', is_public: true });
});

/** `{…valid fields, "extra": [[[…]]]}`: the extra key is allowed by the schema, the depth is not. */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const withDeepExtra = (valid: object, levels: number) =>
  `${JSON.stringify(valid).slice(0, -1)},"extra":${nested(levels)}}`;

describe('deeply nested JSON', () => {
  for (const levels of [4_000, 100_000]) {
    it(`answers 400 to ${levels} levels on an anonymous and an authenticated route, and keeps serving`, async () => {
      const login = await t.request('POST', '/token/login', {
        body: withDeepExtra(
          { credential: { type: 'password', email: admin.email, password: 'wrong' }, device: 'web' },
          levels,
        ),
        headers: { 'content-type': 'application/json' },
      });
      expect(login.status).toBe(400);
      expect(login.text).toMatch(/nested too deeply/);
      const readIndex = await t.request('POST', '/user/read-index', {
        token: admin.token,
        body: withDeepExtra({ groups: [] }, levels),
        headers: { 'content-type': 'application/json' },
      });
      expect(readIndex.status).toBe(400);
      const bare = await t.request('POST', '/user/read-index', {
        token: admin.token,
        body: nested(levels),
        headers: { 'content-type': 'application/json' },
      });
      expect(bare.status).toBe(400);
      expect((await t.request('GET', '/user/me', { token: admin.token })).status).toBe(200);
    });
  }

  it('accepts ordinary nesting', async () => {
    const res = await t.request('POST', '/user/read-index', {
      token: admin.token,
      body: withDeepExtra({ groups: [] }, 20),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
  });

  it('answers 400 to X-Properties nested 5,000 levels deep and stores nothing', async () => {
    const deep = Buffer.from(`{"a":${nested(5_000)}}`).toString('base64');
    const res = await t.request('POST', `/group/${gid}/send`, {
      token: admin.token,
      body: 'hello',
      headers: { 'content-type': 'text/plain', 'x-properties': deep },
    });
    expect(res.status).toBe(400);
    const history = await t.request('GET', `/group/${gid}/history`, { token: admin.token });
    expect(history.json).toEqual([]);
    const ok = await t.request('POST', `/group/${gid}/send`, {
      token: admin.token,
      body: 'hello',
      headers: { 'content-type': 'text/plain', 'x-properties': properties({ a: [[1]] }) },
    });
    expect(ok.status).toBe(200);
  });
});
