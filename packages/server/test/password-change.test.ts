/**
 * Changing the password ends every other session of the user: the other devices' access and
 * refresh tokens answer 401 and their open streams are closed; the device that changed it stays.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createUser, login, useTestServer, type TestUser } from './support/server.js';
import { openTestStream, streamsClosedAfterEach } from './support/sse.js';

const t = useTestServer({ fresh: true });
let alice: TestUser;
streamsClosedAfterEach();
beforeEach(async () => {
  await createAdmin(t);
  alice = await createUser(t, 'alice');
});

const me = (token: string) => t.request('GET', '/user/me', { token });
const renew = (u: TestUser) =>
  t.request('POST', '/token/renew', { json: { token: u.token, refresh_token: u.refreshToken } });

describe('POST /user/change_password', () => {
  it('ends every other session of the user, streams included, and keeps the current one', async () => {
    const phone = await login(t, alice.email, alice.password, 'phone');
    const tablet = await login(t, alice.email, alice.password, 'tablet');
    const bob = await createUser(t, 'bob');
    const phoneStream = await openTestStream(t.url, phone.token);
    await phoneStream.ready();

    const res = await t.request('POST', '/user/change_password', {
      token: alice.token,
      json: { old_password: alice.password, new_password: 'a brand new password' },
    });
    expect(res.status).toBe(200);

    await phoneStream.waitFor((e) => e.type === 'kick');
    await phoneStream.ended;
    for (const other of [phone, tablet]) {
      expect((await me(other.token)).status).toBe(401);
      expect((await renew(other)).status).toBe(401);
    }
    expect((await me(alice.token)).status).toBe(200);
    expect((await renew(alice)).status).toBe(200);
    expect((await me(bob.token)).status).toBe(200);
    // The new password signs in; the old one does not.
    expect((await login(t, alice.email, 'a brand new password', 'laptop')).token).toBeTruthy();
  });

  it('ends no session when the old password is wrong', async () => {
    const phone = await login(t, alice.email, alice.password, 'phone');
    const res = await t.request('POST', '/user/change_password', {
      token: alice.token,
      json: { old_password: 'not it', new_password: 'a brand new password' },
    });
    expect(res.status).toBe(403);
    expect((await me(phone.token)).status).toBe(200);
  });
});
