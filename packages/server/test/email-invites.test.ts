/**
 * Invitations by e-mail (issue 12; docs/api.md, "Invites"): an administrator invites an address,
 * the real loopback SMTP server receives the mail in the chosen language with a registration
 * link, and the link registers once, into the invited private channels, until it expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkOf, startAdminMailbox, type Mailbox } from './support/mailbox.js';
import { createChannel, createUser, useTestServer, type TestUser } from './support/server.js';

let now = Date.now();
const t = useTestServer({ now: () => now });
let box: Mailbox;
let admin: TestUser;
let secret = 0;
let other = 0;

beforeAll(async () => {
  ({ admin, box } = await startAdminMailbox(t));
  secret = await createChannel(t, admin, { name: 'secret', is_public: false });
  other = await createChannel(t, admin, { name: 'other', is_public: false });
});
afterAll(async () => {
  await box?.close();
});

let n = 0;
const invite = (json: unknown, token = admin.token) => t.request('POST', '/invites/email', { token, json });
const address = () => `invitee${++n}.${Date.now()}@example.com`;
const register = (email: string, magic_token: string) =>
  t.request('POST', '/user/register', {
    json: {
      email,
      password: 'a good long password',
      name: `Invitee ${n}`,
      gender: 0,
      magic_token,
      device: `web:${n}`,
    },
  });
async function invited(email: string, json: object = {}): Promise<string> {
  const since = box.mails.length;
  const res = await invite({ email, gids: [secret], ...json });
  expect(res.status, res.text).toBe(200);
  const mail = await box.next(email, since);
  const token = linkOf(mail).searchParams.get('magic_token');
  expect(token).toBeTruthy();
  return token!;
}

describe('POST /invites/email', () => {
  it('mails a link that registers once, into the invited private channel', async () => {
    const email = address();
    const since = box.mails.length;
    expect((await invite({ email, gids: [secret] })).status).toBe(200);
    const mail = await box.next(email, since);
    expect(mail.subject).toContain('invited');
    expect(mail.text).toContain(admin.name);
    expect(mail.html).toContain('href=');
    const link = linkOf(mail);
    expect(link.hash).toBe('#/register');
    const res = await register(email, link.searchParams.get('magic_token')!);
    expect(res.status, res.text).toBe(200);
    const user = res.json as { token: string };
    expect((await t.request('GET', `/group/${secret}`, { token: user.token })).status).toBe(200);
    expect((await t.request('GET', `/group/${other}`, { token: user.token })).status).toBe(403);
    // Single use.
    expect((await register(address(), link.searchParams.get('magic_token')!)).status).toBe(412);
  });

  it('writes in the language asked for', async () => {
    const email = address();
    const since = box.mails.length;
    expect((await invite({ email, gids: [], language: 'fr' })).status).toBe(200);
    expect((await box.next(email, since)).subject).toContain('invité');
  });

  it('refuses non-admins (403), an address with an account (409), unknown channels (404), bad input (400)', async () => {
    const user = await createUser(t);
    const before = box.mails.length;
    expect((await invite({ email: address(), gids: [] }, user.token)).status).toBe(403);
    expect((await invite({ email: user.email, gids: [] })).status).toBe(409);
    expect((await invite({ email: address(), gids: [999_999] })).status).toBe(404);
    for (const body of [
      { email: 'not an address', gids: [] },
      { email: address(), gids: 'x' },
      { email: address(), gids: [], expired_in: 10 },
      { email: address() },
    ])
      expect((await invite(body)).status, JSON.stringify(body)).toBe(400);
    expect(box.mails.length).toBe(before);
  });

  it('503 with the mail server’s answer when it refuses; no invite is left', async () => {
    const before = ((await t.request('GET', '/invites', { token: admin.token })).json as unknown[]).length;
    box.refuseWith('550 no such mailbox');
    try {
      const res = await invite({ email: address(), gids: [secret] });
      expect(res.status).toBe(503);
      expect(res.text).toContain('no such mailbox');
    } finally {
      box.refuseWith(undefined);
    }
    expect(((await t.request('GET', '/invites', { token: admin.token })).json as unknown[]).length).toBe(
      before,
    );
  });
  // Last: the clock moves on, past the sessions' lifetime too.
  it('the link stops working when it expires', async () => {
    const email = address();
    const token = await invited(email, { expired_in: 3600 });
    now += 3601 * 1000;
    expect((await register(email, token)).status).toBe(412);
  });
});
