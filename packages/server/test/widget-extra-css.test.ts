/** The widget's extra CSS (API.md §7.3; docs/widget.md): public text, replaced by administrators. */
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, startTestServer } from './support/server.js';

const t = await startTestServer();
afterAll(() => t.close());
const admin = await createAdmin(t);
const member = await createUser(t);

const read = () => t.request('GET', '/resource/widget-extra.css');
const write = (token: string, json: unknown) =>
  t.request('PUT', '/resource/widget-extra.css', { token, json });

describe('widget-extra.css', () => {
  it('is empty at first, then what the administrator saved, for anyone', async () => {
    const empty = await read();
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('');
    const css = '.widget__head { background: teal; }\n/* </style><script>alert(1)</script> */';
    const res = await write(admin.token, { data: css });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toBe(true);
    const saved = await read();
    expect(saved.text).toBe(css);
    expect(saved.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('refuses members and bad bodies, changing nothing', async () => {
    const before = (await read()).text;
    expect((await write(member.token, { data: 'x' })).status).toBe(403);
    for (const body of [{}, { data: 5 }, { data: 'x'.repeat(65_537) }, 'x']) {
      expect((await write(admin.token, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await read()).text).toBe(before);
  });
});
