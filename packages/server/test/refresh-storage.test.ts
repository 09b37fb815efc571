/**
 * Refresh-token storage keeps only what the grace rule needs (ARCHITECTURE.md): tokens hashed, no
 * successor pair in readable form, and spent or expired rows pruned, so a device's rows stay
 * bounded however often it renews.
 */
import { LIMITS } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, useTestServer } from './support/server.js';

let now = Date.now();
const t = useTestServer({ now: () => now });
beforeAll(async () => {
  await createAdmin(t);
});

const renew = (token: string, refresh: string) =>
  t.request('POST', '/token/renew', { json: { token, refresh_token: refresh } });

describe('refresh-token storage', () => {
  it('keeps a bounded number of rows per device over 100 renewals, and no token in readable form', async () => {
    const user = await createUser(t, 'renewer');
    let pair = { token: user.token, refresh: user.refreshToken };
    const counts: number[] = [];
    // The 100, twenty times the bound: a store that kept rows would pass it within ten.
    for (let i = 0; i < 100; i++) {
      // Some renewals inside the grace window of the previous one, most well after it.
      now += (i % 3 === 0 ? 1 : LIMITS.refreshGraceSeconds + 5) * 1000;
      const res = await renew(pair.token, pair.refresh);
      expect(res.status).toBe(200);
      pair = { token: res.json.token as string, refresh: res.json.refresh_token as string };
      const rows = await t.db.store.sessions.listRefreshTokens(user.uid, user.device);
      counts.push(rows.length);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(pair.refresh);
      expect(stored).not.toContain(pair.token.split('.')[2]);
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(5);
    // The rule still holds at the end: the current pair works, a replay in the window gets the
    // same pair, and the grace rule and reuse detection still apply to the newest tokens.
    now += 1000;
    const next = await renew(pair.token, pair.refresh);
    expect(next.status).toBe(200);
    expect((await renew(pair.token, pair.refresh)).json).toEqual(next.json);
    now += (LIMITS.refreshGraceSeconds + 1) * 1000;
    expect((await renew(pair.token, pair.refresh)).status).toBe(401);
    expect((await renew(next.json.token, next.json.refresh_token)).status).toBe(401);
  });

  it('drops the rows of an earlier session when the device signs in again', async () => {
    const user = await createUser(t, 'relogger');
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', '/token/login', {
        json: {
          credential: { type: 'password', email: user.email, password: user.password },
          device: user.device,
        },
      });
      expect(res.status).toBe(200);
    }
    expect(await t.db.store.sessions.listRefreshTokens(user.uid, user.device)).toHaveLength(1);
  });
});
