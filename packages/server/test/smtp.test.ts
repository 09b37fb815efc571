/**
 * SMTP settings and the test mail (API.md §3, §11.2) against a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailbox, useMailbox, type Mailbox } from './support/mailbox.js';
import { createAdmin, createUser, useTestServer, type TestUser } from './support/server.js';

const t = useTestServer();
let box: Mailbox;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  box = await startMailbox({ username: 'parley', password: 'mail secret' });
  admin = await createAdmin(t);
  user = await createUser(t, 'mailuser');
});
afterAll(async () => {
  await box.close();
});

const testMail = (by: TestUser, to = 'someone@example.com') =>
  t.request('POST', '/admin/system/send_mail', {
    token: by.token,
    json: { to, subject: 'Hello from Parley', content: 'It works.' },
  });

describe('SMTP configuration', () => {
  it('is off until an administrator sets it up; the test mail then answers 503', async () => {
    expect((await t.request('GET', '/admin/smtp/enabled')).json).toBe(false);
    const config = await t.request('GET', '/admin/smtp/config', { token: admin.token });
    expect(config.status).toBe(200);
    expect(config.json).toMatchObject({ enabled: false, host: '' });
    expect((await testMail(admin)).status).toBe(503);
  });

  it('is for administrators only', async () => {
    expect((await t.request('GET', '/admin/smtp/config', { token: user.token })).status).toBe(403);
    const set = await t.request('POST', '/admin/smtp/config', {
      token: user.token,
      json: { enabled: true, host: box.host, port: box.port, from: 'x@example.com' },
    });
    expect(set.status).toBe(403);
    expect((await testMail(user)).status).toBe(403);
    expect((await t.request('GET', '/admin/smtp/enabled')).json).toBe(false);
  });

  it('refuses an unusable configuration and keeps the old one', async () => {
    for (const json of [
      { enabled: true, host: '', port: 25, from: 'x@example.com' },
      { enabled: true, host: 'mail.example.com', port: 25, from: 'not an address' },
      { enabled: true, host: 'mail.example.com', port: 70000, from: 'x@example.com' },
      { enabled: true, host: 'mail.example.com', from: 'x@example.com' },
    ]) {
      const res = await t.request('POST', '/admin/smtp/config', { token: admin.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect((await t.request('GET', '/admin/smtp/enabled')).json).toBe(false);
  });

  it('sends the test mail through the configured server, with its credentials', async () => {
    await useMailbox(t, admin, box, { username: 'parley', password: 'mail secret' });
    expect((await t.request('GET', '/admin/smtp/enabled')).json).toBe(true);
    const read = await t.request('GET', '/admin/smtp/config', { token: admin.token });
    expect(read.json).toEqual({
      enabled: true,
      host: box.host,
      port: box.port,
      from: 'parley@example.com',
      username: 'parley',
      password: 'mail secret',
    });
    const since = box.mails.length;
    const res = await testMail(admin, 'reader@example.com');
    expect(res.status).toBe(200);
    const mail = await box.next('reader@example.com', since);
    expect(mail.subject).toBe('Hello from Parley');
    expect(mail.text?.trim()).toBe('It works.');
    expect(mail.from?.value[0]?.address).toBe('parley@example.com');
  });

  it('reports what the mail server answered when it refuses', async () => {
    box.refuseWith('550 5.1.1 no such mailbox here');
    try {
      const res = await testMail(admin, 'nobody@example.com');
      expect(res.status).toBe(503);
      expect(res.text).toContain('no such mailbox here');
    } finally {
      box.refuseWith(undefined);
    }
  });

  it('reports wrong credentials and an unreachable server as 503, never 500', async () => {
    await useMailbox(t, admin, box, { username: 'parley', password: 'wrong' });
    const denied = await testMail(admin);
    expect(denied.status).toBe(503);
    expect(denied.text).toMatch(/invalid username or password/i);
    await useMailbox(t, admin, { ...box, port: 1 }, {});
    expect((await testMail(admin)).status).toBe(503);
    await useMailbox(t, admin, box, { username: 'parley', password: 'mail secret' });
  });

  it('sends to one plain address only', async () => {
    for (const to of [
      'a@example.com, b@example.com',
      'Eve <e@example.com>',
      'a@example.com\r\nBcc: b@x.com',
    ]) {
      expect((await testMail(admin, to)).status, to).toBe(400);
    }
  });
});
