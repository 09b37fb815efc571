/**
 * Changing one's e-mail address (issue 12; docs/api.md "Changing the e-mail address"), against a
 * real SMTP server on loopback: with mail on, a single-use 15-minute link to the new address and a
 * notice to the old one, the address changing only when the link is opened (users_log then); with
 * mail off, the current password and a change at once. Other sessions keep working throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/auth/tokens.js';
import { linkOf, startAdminMailbox, useMailbox, type Mailbox } from './support/mailbox.js';
import { streamsClosedAfterEach } from './support/sse.js';
import { createUser, login, type TestUser, useTestServer } from './support/server.js';

let now = Date.UTC(2026, 0, 1, 12, 0, 0);
const t = useTestServer({ now: () => now });
const streams = streamsClosedAfterEach();
let admin: TestUser;
let box: Mailbox;
beforeAll(async () => {
  ({ admin, box } = await startAdminMailbox(t));
});
afterAll(async () => {
  await box.close();
});

const change = (user: TestUser, body: object) =>
  t.request('POST', '/user/email', { token: user.token, json: body });
const confirm = (token: string) => t.request('POST', '/user/email/confirm', { json: { token } });
const me = async (user: TestUser) => (await t.request('GET', '/user/me', { token: user.token })).json;
const passwordLogin = (email: string, password: string) =>
  t.request('POST', '/token/login', {
    json: { credential: { type: 'password', email, password }, device: 'web:other', device_token: '' },
  });

/** The token of the confirmation link in the newest mail to `to` (after `since` mails). */
async function linkTokenTo(to: string, since: number): Promise<string> {
  const mail = await box.next(to, since);
  const url = linkOf(mail);
  const m = /^#\/confirm_email\/([A-Za-z0-9_-]+)$/.exec(url.hash);
  if (!m) throw new Error(`no confirmation link: ${url.href}`);
  return m[1]!;
}

async function setSmtp(enabled: boolean) {
  if (enabled) return useMailbox(t, admin, box);
  const res = await t.request('POST', '/admin/smtp/config', {
    token: admin.token,
    json: { enabled: false, host: box.host, port: box.port, from: 'parley@example.com' },
  });
  expect(res.status).toBe(200);
}

describe('with mail set up', () => {
  it('mails a link to the new address and a notice to the old; the address changes when it is opened', async () => {
    const user = await createUser(t, 'mover');
    const other = await login(t, user.email, user.password);
    const s = await streams.ready(t.url, admin.token);
    const since = box.mails.length;
    const res = await change(user, { email: 'Mover.New@Example.com', password: user.password });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ mail_sent: true, expires_in_minutes: 15, user: { email: user.email } });

    const token = await linkTokenTo('mover.new@example.com', since);
    const linkMail = await box.next('mover.new@example.com', since);
    expect(linkMail.subject).toContain('Confirm your new address');
    expect(linkMail.text).toContain('15 minutes');
    const notice = await box.next(user.email, since);
    expect(notice.subject).toContain('is being changed');
    expect(notice.text).toContain('mover.new@example.com');
    expect(notice.text).not.toContain(token);
    // Only the hash is stored.
    const row = await t.server.ctx.store.emailChanges.get(sha256(token));
    expect(row).toMatchObject({ uid: user.uid, email: 'mover.new@example.com', spent_at: null });
    expect(JSON.stringify(row)).not.toContain(token);

    // Nothing has changed yet.
    expect((await me(user)).email).toBe(user.email);
    expect((await passwordLogin(user.email, user.password)).status).toBe(200);

    const ok = await confirm(token);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toEqual({ email: 'mover.new@example.com' });
    await s.waitFor(
      (e) =>
        e.type === 'users_log' &&
        e.logs.some((l) => l.uid === user.uid && l.email === 'mover.new@example.com'),
    );
    // Both sessions keep working; the new address signs in, the old one no longer does.
    expect((await me(user)).email).toBe('mover.new@example.com');
    expect((await me(other)).email).toBe('mover.new@example.com');
    expect((await passwordLogin('mover.new@example.com', user.password)).status).toBe(200);
    expect([401, 404]).toContain((await passwordLogin(user.email, user.password)).status);

    // Single use.
    expect((await confirm(token)).status).toBe(410);
  });

  it('refuses a wrong or missing password, a bad or unchanged address, a taken one: nothing is sent', async () => {
    const user = await createUser(t, 'careful');
    const taken = await createUser(t, 'holder');
    const since = box.mails.length;
    const cases: [object, number][] = [
      [{ email: 'careful.x@example.com', password: 'wrong password!' }, 403],
      [{ email: 'careful.x@example.com' }, 403],
      [{ email: 'not an address', password: user.password }, 400],
      [{ email: user.email.toUpperCase(), password: user.password }, 400],
      [{ email: taken.email, password: user.password }, 409],
      [{ password: user.password }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await change(user, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (status === 409) expect(res.json).toEqual({ reason: 'email_conflict' });
    }
    expect((await me(user)).email).toBe(user.email);
    expect(box.mails.length).toBe(since);
  });

  it('409 when the address was taken before the link is opened; the link stays unused', async () => {
    const user = await createUser(t, 'late');
    const since = box.mails.length;
    expect((await change(user, { email: 'late.target@example.com', password: user.password })).status).toBe(
      200,
    );
    const token = await linkTokenTo('late.target@example.com', since);
    const thief = await createUser(t, 'thief');
    const grab = await t.request('PUT', `/admin/user/${thief.uid}`, {
      token: admin.token,
      json: { email: 'late.target@example.com' },
    });
    expect(grab.status, grab.text).toBe(200);
    const res = await confirm(token);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ reason: 'email_conflict' });
    expect((await me(user)).email).toBe(user.email);
    expect((await t.server.ctx.store.emailChanges.get(sha256(token)))?.spent_at).toBeNull();
  });

  it('only the newest link works, and none after 15 minutes; forged tokens are 410 or 400', async () => {
    const user = await createUser(t, 'twice');
    let since = box.mails.length;
    await change(user, { email: 'twice.a@example.com', password: user.password });
    const first = await linkTokenTo('twice.a@example.com', since);
    since = box.mails.length;
    await change(user, { email: 'twice.b@example.com', password: user.password });
    const second = await linkTokenTo('twice.b@example.com', since);
    expect((await confirm(first)).status).toBe(410);
    now += 15 * 60_000 + 1;
    expect((await confirm(second)).status).toBe(410);
    expect((await me(await login(t, user.email, user.password))).email).toBe(user.email);
    expect((await confirm('not a token!')).status).toBe(410);
    expect((await t.request('POST', '/user/email/confirm', { json: {} })).status).toBe(400);
    admin = await login(t, admin.email, admin.password);
  });

  it('a magic-link account without a password confirms by mail alone', async () => {
    const email = 'linkonly@example.com';
    const since = box.mails.length;
    expect((await t.request('POST', `/user/send_login_magic_link?email=${email}`)).status).toBe(200);
    const magic = linkOf(await box.next(email, since)).searchParams.get('magic_token')!;
    const res = await t.request('POST', '/token/login', {
      json: {
        credential: { type: 'magiclink', magic_token: magic, extra_name: 'Linkonly' },
        device: 'web:l',
      },
    });
    expect(res.status, res.text).toBe(200);
    const user = { token: res.json.token as string } as TestUser;
    const since2 = box.mails.length;
    expect((await change(user, { email: 'linkonly.new@example.com' })).status).toBe(200);
    expect((await confirm(await linkTokenTo('linkonly.new@example.com', since2))).status).toBe(200);
    expect((await me(user)).email).toBe('linkonly.new@example.com');

    // Without mail it has no way to prove itself: refused.
    await setSmtp(false);
    try {
      expect((await change(user, { email: 'linkonly.other@example.com' })).status).toBe(403);
    } finally {
      await setSmtp(true);
    }
  });
});

describe('without mail', () => {
  beforeAll(() => setSmtp(false));
  afterAll(() => setSmtp(true));

  it('the current password changes it at once, with users_log; other sessions keep working', async () => {
    const user = await createUser(t, 'quick');
    const other = await login(t, user.email, user.password);
    const s = await streams.ready(t.url, other.token);
    const since = box.mails.length;
    expect((await change(user, { email: 'quick.new@example.com', password: 'wrong password!' })).status).toBe(
      403,
    );
    const res = await change(user, { email: 'Quick.New@example.com', password: user.password });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      mail_sent: false,
      expires_in_minutes: 0,
      user: { email: 'quick.new@example.com' },
    });
    await s.waitFor(
      (e) =>
        e.type === 'users_log' &&
        e.logs.some((l) => l.uid === user.uid && l.email === 'quick.new@example.com'),
    );
    expect((await me(other)).email).toBe('quick.new@example.com');
    expect((await passwordLogin('quick.new@example.com', user.password)).status).toBe(200);
    expect(box.mails.length).toBe(since);
  });

  it('guests cannot change an address', async () => {
    await t.request('POST', '/admin/login/config', {
      token: admin.token,
      json: { ...(await t.request('GET', '/admin/login/config', { token: admin.token })).json, guest: true },
    });
    const guest = await t.request('GET', '/token/login_guest');
    expect(guest.status).toBe(200);
    const res = await t.request('POST', '/user/email', {
      token: guest.json.token as string,
      json: { email: 'guest@example.com', password: 'x' },
    });
    expect(res.status).toBe(403);
  });
});
