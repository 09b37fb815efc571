import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type TestUser, useTestServer } from './support/server.js';
import { openTestStream } from './support/sse.js';

const t = useTestServer();
let admin: TestUser;
const ORIGIN = 'http://localhost:3009';

beforeAll(async () => {
  admin = await createAdmin(t);
});

describe('CORS (API.md §1.5)', () => {
  it('answers a preflight with the echoed origin, every verb and the requested headers', async () => {
    const res = await fetch(`${t.url}/api/group/1/send`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key, x-properties, content-type',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-headers')).toBe('x-api-key, x-properties, content-type');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
  });

  it('echoes the origin on ordinary answers and leaves requests without one untouched', async () => {
    const withOrigin = await fetch(`${t.url}/api/user/me`, {
      headers: { origin: ORIGIN, 'x-api-key': admin.token },
    });
    expect(withOrigin.status).toBe(200);
    expect(withOrigin.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(withOrigin.headers.get('vary')).toContain('Origin');
    const without = await fetch(`${t.url}/api/user/me`, { headers: { 'x-api-key': admin.token } });
    expect(without.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds the headers to the event stream too', async () => {
    const s = await openTestStream(t.url, admin.token, {}, { origin: ORIGIN });
    await s.ready();
    expect(s.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(s.headers['content-type']).toBe('text/event-stream');
    expect(s.headers['x-accel-buffering']).toBe('no');
    s.close();
  });
});
