/**
 * Magic links (API.md §4.2, §15.7; issue 12) through a real SMTP server on loopback: login and
 * sign-up links, single use, 15 minutes, stored hashed, the same answer for every address, a GET
 * of the link spends nothing, rate limits, and refusals that leave nothing behind.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginConfig } from './support/login-config.js';
import { linkOf, startAdminMailbox, startMailbox, useMailbox, type Mailbox } from './support/mailbox.js';
import {
  createAdmin,
  createChannel,
  createUser,
  startTestServer,
  useTestServer,
  type TestServer,
  type TestUser,
} from './support/server.js';

let now = Date.now();
const t = useTestServer({ now: () => now });
let box: Mailbox;
let admin: TestUser;
beforeAll(async () => {
  ({ admin, box } = await startAdminMailbox(t));
});
afterAll(async () => {
  await box.close();
});

let n = 0;
const fresh = () => `person${++n}.${Date.now()}@example.com`;

const sendLogin = (email: string, headers: Record<string, string> = {}) =>
  t.request('POST', `/user/send_login_magic_link?email=${encodeURIComponent(email)}`, { headers });
const magicLogin = (magic_token: string, extra_name = '', device = `web:${++n}`) =>
  t.request('POST', '/token/login', {
    json: { credential: { type: 'magiclink', magic_token, extra_name }, device, device_token: '' },
  });
const check = async (magic_token: string) =>
  (await t.request('POST', '/user/check_magic_token', { json: { magic_token } })).json as boolean;
const userCount = async () =>
  ((await t.request('GET', '/user', { token: admin.token })).json as unknown[]).length;
const setLoginConfig = (patch: Record<string, unknown>) =>
  t.request('POST', '/admin/login/config', {
    token: admin.token,
    json: loginConfig(patch),
  });

/** Sends a login link to `email` and returns the link of the mail that arrives. */
async function linkFor(email: string, headers: Record<string, string> = {}): Promise<URL> {
  const since = box.mails.length;
  expect((await sendLogin(email, headers)).status).toBe(200);
  return linkOf(await box.next(email, since));
}

describe('a login link', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(t, 'linkuser');
  });

  it('signs a known address in once; a GET of the link (a mail scanner) spends nothing', async () => {
    const link = await linkFor(user.email);
    expect(link.hash).toBe('#/login');
    expect(link.searchParams.get('exists')).toBe('true');
    const token = link.searchParams.get('magic_token')!;
    // What a scanner does: fetch the page the link points at.
    await fetch(new URL(`${link.pathname}${link.search}`, t.url));
    await t.request('GET', `/?magic_token=${token}&exists=true`);
    const first = await magicLogin(token);
    expect(first.status).toBe(200);
    expect(first.json.user).toMatchObject({ uid: user.uid, email: user.email });
    expect((await t.request('GET', '/user/me', { token: first.json.token })).status).toBe(200);
    const again = await magicLogin(token);
    expect(again.status).toBe(401);
  });

  it('is stored only as its hash', async () => {
    const token = (await linkFor(user.email)).searchParams.get('magic_token')!;
    const store = t.server.ctx.store;
    const hash = createHash('sha256').update(token).digest('hex');
    expect(await store.magicTokens.get(hash)).toMatchObject({ kind: 'login', email: user.email });
    expect(await store.magicTokens.get(token)).toBeUndefined();
  });

  it('comes in the recipient’s language, as HTML and plain text', async () => {
    const polyglot = await createUser(t, 'polyglot');
    const set = await t.request('PUT', '/user', { token: polyglot.token, json: { language: 'fr-FR' } });
    expect(set.status).toBe(200);
    const since = box.mails.length;
    await sendLogin(polyglot.email);
    const mail = await box.next(polyglot.email, since);
    expect(mail.subject).toMatch(/^Connexion à /);
    expect(mail.html).toContain('Se connecter');
    expect(mail.text).toContain('Se connecter');
  });

  it('stops working after 15 minutes', async () => {
    const token = (await linkFor(user.email)).searchParams.get('magic_token')!;
    now += 15 * 60_000 + 1;
    try {
      expect((await magicLogin(token)).status).toBe(401);
    } finally {
      now = Date.now();
    }
  });

  it('refuses forged, malformed and empty tokens with 401 and no session', async () => {
    for (const token of ['', 'x', 'A'.repeat(32), '%%%', 'a'.repeat(500)]) {
      const res = await magicLogin(token);
      expect(res.status, token).toBe(401);
    }
  });
});

describe('the same answer for every address', () => {
  it('answers known, unknown and closed-sign-up addresses alike', async () => {
    const known = await createUser(t, 'knownone');
    const a = await sendLogin(known.email);
    const b = await sendLogin(fresh());
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.text).toBe(a.text);
    expect(b.headers.get('content-type')).toBe(a.headers.get('content-type'));
    await setLoginConfig({ who_can_sign_up: 'InvitationOnly' });
    try {
      const stranger = fresh();
      const c = await sendLogin(stranger);
      expect(c.status).toBe(a.status);
      expect(c.text).toBe(a.text);
      // Nobody is mailed a sign-up link while sign-up is closed: the next mail to arrive is the known one's.
      const since = box.mails.length;
      await sendLogin(known.email);
      await box.next(known.email, since);
      expect(box.mails.some((m) => m.text?.includes(stranger))).toBe(false);
      expect(box.mails.slice(since).some((m) => JSON.stringify(m.to).includes(stranger))).toBe(false);
    } finally {
      await setLoginConfig({});
    }
  });

  it('is refused with 406 while magic links are off and 503 while mail is off', async () => {
    await setLoginConfig({ magic_link: false });
    try {
      expect((await sendLogin(fresh())).status).toBe(406);
    } finally {
      await setLoginConfig({});
    }
    await t.request('POST', '/admin/smtp/config', {
      token: admin.token,
      json: { enabled: false, host: box.host, port: box.port, from: 'parley@example.com' },
    });
    try {
      expect((await sendLogin(fresh())).status).toBe(503);
    } finally {
      await useMailbox(t, admin, box);
    }
  });

  it('answers 400 for something that is not an address', async () => {
    expect((await sendLogin('not-an-address')).status).toBe(400);
  });
});

describe('a sign-up link for an unknown address', () => {
  it('asks for a name (410, nothing created, token kept), then creates the account once', async () => {
    const email = fresh();
    const link = await linkFor(email, { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(link.searchParams.get('exists')).toBe('false');
    const token = link.searchParams.get('magic_token')!;
    expect(await check(token)).toBe(true);
    const before = await userCount();
    const noName = await magicLogin(token, '');
    expect(noName.status).toBe(410);
    expect(await userCount()).toBe(before);
    expect(await check(token)).toBe(true);
    const made = await magicLogin(token, 'Newcomer');
    expect(made.status).toBe(200);
    expect(made.json.user).toMatchObject({
      email,
      name: 'Newcomer',
      create_by: 'magiclink',
      language: 'ja-JP',
    });
    expect(await userCount()).toBe(before + 1);
    expect(await check(token)).toBe(false);
    expect((await magicLogin(token, 'Newcomer')).status).toBe(401);
    expect(await userCount()).toBe(before + 1);
    // The new account signs in by link from now on.
    const next = await linkFor(email);
    expect(next.searchParams.get('exists')).toBe('true');
    expect((await magicLogin(next.searchParams.get('magic_token')!)).json.user.uid).toBe(made.json.user.uid);
  });

  it('creates nothing once sign-up has closed (403) and keeps the token', async () => {
    const token = (await linkFor(fresh())).searchParams.get('magic_token')!;
    await setLoginConfig({ who_can_sign_up: 'InvitationOnly' });
    try {
      const before = await userCount();
      expect((await magicLogin(token, 'Latecomer')).status).toBe(403);
      expect(await userCount()).toBe(before);
    } finally {
      await setLoginConfig({});
    }
    expect((await magicLogin(token, 'Latecomer')).status).toBe(200);
  });
});

describe('send_reg_magic_link', () => {
  const sendReg = (json: object) => t.request('POST', '/user/send_reg_magic_link', { json });

  it('mails a link to finish signing up with the chosen password', async () => {
    const email = fresh();
    const since = box.mails.length;
    const res = await sendReg({ email, password: 'chosen password 1', magic_token: '' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ new_magic_token: '', mail_is_sent: true });
    const link = linkOf(await box.next(email, since));
    expect(link.hash).toBe('#/register/set_name');
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('magic_token')!;
    expect(await check(token)).toBe(true);
    const made = await magicLogin(token, 'Chooser');
    expect(made.status).toBe(200);
    const byPassword = await t.request('POST', '/token/login', {
      json: { credential: { type: 'password', email, password: 'chosen password 1' }, device: 'pw' },
    });
    expect(byPassword.status).toBe(200);
    expect(byPassword.json.user.uid).toBe(made.json.user.uid);
  });

  it('answers 409 for a taken address and 400 for a short password, mailing nothing', async () => {
    const taken = await createUser(t, 'taken');
    expect((await sendReg({ email: taken.email, password: 'chosen password 1' })).status).toBe(409);
    expect((await sendReg({ email: fresh(), password: 'short' })).status).toBe(400);
  });

  it('needs an invite while sign-up is by invitation, and brings the invitee into its channel', async () => {
    const gid = await createChannel(t, admin, { name: 'invited-only', is_public: false, members: [] });
    await setLoginConfig({ who_can_sign_up: 'InvitationOnly' });
    try {
      expect((await sendReg({ email: fresh(), password: 'chosen password 1' })).status).toBe(403);
      expect(
        (await sendReg({ email: fresh(), password: 'chosen password 1', magic_token: 'nope' })).status,
      ).toBe(412);
      const inviteLink = await t.request('GET', `/group/create_reg_magic_link?gid=${gid}&max_times=1`, {
        token: admin.token,
      });
      const invite = new URL(inviteLink.text).searchParams.get('magic_token')!;
      const email = fresh();
      const since = box.mails.length;
      expect((await sendReg({ email, password: 'chosen password 1', magic_token: invite })).status).toBe(200);
      const link = linkOf(await box.next(email, since));
      expect(link.searchParams.get('gid')).toBe(String(gid));
      const made = await magicLogin(link.searchParams.get('magic_token')!, 'Invitee');
      expect(made.status).toBe(200);
      const group = await t.request('GET', `/group/${gid}`, { token: admin.token });
      expect(group.json.members).toContain(made.json.user.uid);
      expect(await check(invite)).toBe(false);
    } finally {
      await setLoginConfig({});
    }
  });
});

describe('without mail', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
    await createAdmin(s);
  });
  afterAll(async () => {
    await s.close();
  });

  it('send_reg_magic_link hands the token back for the set-name step', async () => {
    const email = fresh();
    const res = await s.request('POST', '/user/send_reg_magic_link', {
      json: { email, password: 'chosen password 1', magic_token: '' },
    });
    expect(res.json).toMatchObject({ mail_is_sent: false });
    const token = res.json.new_magic_token as string;
    expect(token.length).toBeGreaterThan(20);
    const made = await s.request('POST', '/token/login', {
      json: { credential: { type: 'magiclink', magic_token: token, extra_name: 'Direct' }, device: 'web:1' },
    });
    expect(made.status).toBe(200);
    expect(made.json.user).toMatchObject({ email, name: 'Direct' });
  });
});

describe('rate limit per address', () => {
  let s: TestServer;
  let sbox: Mailbox;
  beforeAll(async () => {
    s = await startTestServer({ env: { MAGIC_LINK_LIMIT: '2/1h' } });
    sbox = await startMailbox();
    await useMailbox(s, await createAdmin(s), sbox);
  });
  afterAll(async () => {
    await s.close();
    await sbox.close();
  });

  it('answers 429 with Retry-After after the allowance, for known and unknown addresses alike', async () => {
    const email = fresh();
    const ask = () => s.request('POST', `/user/send_login_magic_link?email=${encodeURIComponent(email)}`);
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back by this one.
    const other = await s.request('POST', `/user/send_login_magic_link?email=${encodeURIComponent(fresh())}`);
    expect(other.status).toBe(200);
  });
});
