/**
 * The embeddable widget's server side (SPEC §3, docs/widget.md): the admin switch, visitor
 * accounts made by name, and a visitor's messages going both ways with the host.
 */
import type { LoginResponse, ServerEvent } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, sendText, useTestServer, type TestUser } from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';

const t = useTestServer();
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
  member = await createUser(t, 'member');
});

const streams = streamsClosedAfterEach();
const setWidget = (user: TestUser | null, json: unknown) =>
  t.request('POST', '/admin/widget/config', { token: user?.token, json });
const visit = (json: unknown) => t.request('POST', '/widget/visitor', { json });
const userCount = async () => (await t.server.ctx.store.users.list()).length;

describe('widget config', () => {
  it('is off by default and readable by anyone', async () => {
    const res = await t.request('GET', '/widget/config');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ enabled: false });
  });

  it('only an administrator changes it', async () => {
    expect((await setWidget(null, { enabled: true })).status).toBe(401);
    expect((await setWidget(member, { enabled: true })).status).toBe(403);
    expect((await t.request('GET', '/widget/config')).json).toEqual({ enabled: false });
    expect((await setWidget(admin, { enabled: 'yes' })).status).toBe(400);
    expect((await setWidget(admin, { enabled: true })).status).toBe(200);
    expect((await t.request('GET', '/widget/config')).json).toEqual({ enabled: true });
    expect((await setWidget(admin, { enabled: false })).status).toBe(200);
  });
});

describe('visitors', () => {
  it('are refused with 403 while the widget is off, creating nothing', async () => {
    const before = await userCount();
    const res = await visit({ name: 'Visitor' });
    expect(res.status).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it('bad input gets 400 and creates nothing', async () => {
    await setWidget(admin, { enabled: true });
    const before = await userCount();
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(33) }, { name: 'a\u202Eb' }, { name: 5 }]) {
      const res = await visit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await userCount()).toBe(before);
  });

  it('get a signed-in account by name, with a number added when the name is taken', async () => {
    await setWidget(admin, { enabled: true });
    const res = await visit({ name: 'member', widget_id: 'site-1', language: 'fr' });
    expect(res.status, res.text).toBe(200);
    const login = res.json as LoginResponse;
    expect(login.user).toMatchObject({
      email: null,
      create_by: 'thirdparty',
      is_admin: false,
      language: 'fr',
    });
    expect(login.user.name).toMatch(/^member\d{4}$/);
    const me = await t.request('GET', '/user', { token: login.token });
    expect(me.status).toBe(200);
  });

  it('write to the host and read the answer on their stream', async () => {
    await setWidget(admin, { enabled: true });
    const visitor = (await visit({ name: 'Ada' })).json as LoginResponse;
    const visitorStream = await streams.ready(t.url, visitor.token);
    const hostStream = await streams.ready(t.url, admin.token);

    const sent = await t.request('POST', `/user/${admin.uid}/send`, {
      token: visitor.token,
      body: 'hello from the website',
      headers: { 'content-type': 'text/plain' },
    });
    expect(sent.status, sent.text).toBe(200);
    const incoming = (e: ServerEvent) =>
      e.type === 'chat' && e.from_uid === visitor.user.uid && e.detail.type === 'normal';
    await hostStream.waitFor(incoming);

    const answer = await sendText(t, admin, { uid: visitor.user.uid }, 'hi Ada');
    expect(answer.status).toBe(200);
    const reply = await visitorStream.waitFor(
      (e) => e.type === 'chat' && e.from_uid === admin.uid && e.detail.type === 'normal',
    );
    expect(reply).toMatchObject({ detail: { content: 'hi Ada' } });
  });

  it('are refused again once the administrator turns the widget off', async () => {
    await setWidget(admin, { enabled: false });
    expect((await visit({ name: 'Late' })).status).toBe(403);
  });
});
