/**
 * Framing the whole client (issue 14; docs/embedding.md): the administrator's list of sites
 * becomes the CSP `frame-ancestors` of every answer (the widget's page keeps its own `*`); an
 * empty list means the configured default, same origin only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, startTestServer } from './support/server.js';
import { until } from './support/until.js';
import { FRAME_ANCESTORS_TTL_MS } from '../src/http/security-headers.js';

// The server's clock, moved past the time a node trusts what it read instead of waiting it out.
let skipped = 0;
const t = await startTestServer({ now: () => Date.now() + skipped });
const staleNow = () => void (skipped += FRAME_ANCESTORS_TTL_MS + 1);
afterAll(() => t.close());
const admin = await createAdmin(t);
const member = await createUser(t);

const put = (token: string, json: unknown) => t.request('PUT', '/admin/system/embedding', { token, json });
async function framing(path = '/api/admin/system/initialized') {
  const res = await fetch(`${t.url}${path}`);
  const csp = res.headers.get('content-security-policy') ?? '';
  return {
    ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1],
    xfo: res.headers.get('x-frame-options'),
  };
}

/** Every node answers `ancestors` (several requests: behind the cluster's proxy each may reach another node). */
const everywhere = async (ancestors: string) =>
  (await Promise.all(Array.from({ length: 6 }, () => framing()))).every((f) => f.ancestors === ancestors);

describe('embedding', () => {
  it('starts at same origin only', async () => {
    expect((await t.request('GET', '/admin/system/embedding', { token: admin.token })).json).toEqual({
      frame_ancestors: [],
    });
    expect(await framing()).toEqual({ ancestors: "'self'", xfo: 'SAMEORIGIN' });
  });

  it('lets the listed sites frame the app once an administrator names them, and back', async () => {
    const sites = ['https://intranet.example.com', 'http://localhost:4100'];
    const res = await put(admin.token, { frame_ancestors: [...sites, 'https://Intranet.Example.com'] });
    expect(res.status, res.text).toBe(200);
    expect((await t.request('GET', '/admin/system/embedding', { token: admin.token })).json).toEqual({
      frame_ancestors: sites,
    });
    const wanted = `'self' ${sites.join(' ')}`;
    staleNow();
    await until(() => everywhere(wanted), 'the new frame-ancestors on every node');
    expect(await framing()).toEqual({ ancestors: wanted, xfo: null });
    // The widget's page is framed by anyone, whatever the list.
    expect((await framing('/widget.html')).ancestors).toBe('*');

    expect((await put(admin.token, { frame_ancestors: [] })).status).toBe(200);
    staleNow();
    await until(() => everywhere("'self'"), 'same origin again on every node');
    expect((await framing()).xfo).toBe('SAMEORIGIN');
  });

  it('refuses what is not an origin, and anyone but an administrator', async () => {
    for (const body of [
      { frame_ancestors: ['*'] },
      { frame_ancestors: ["'none'"] },
      { frame_ancestors: ['https://evil.example.com/path'] },
      { frame_ancestors: ['javascript:alert(1)'] },
      { frame_ancestors: ['https://a.example.com; script-src *'] },
      { frame_ancestors: Array.from({ length: 21 }, (_, i) => `https://s${i}.example.com`) },
      { frame_ancestors: 'https://a.example.com' },
      {},
    ]) {
      expect((await put(admin.token, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await put(member.token, { frame_ancestors: ['https://a.example.com'] })).status).toBe(403);
    expect((await t.request('GET', '/admin/system/embedding', { token: admin.token })).json).toEqual({
      frame_ancestors: [],
    });
  });
});
