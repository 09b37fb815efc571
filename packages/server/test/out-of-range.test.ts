/**
 * Ids the schemas accept (up to 2^53 − 1) but no database column can hold: PostgreSQL refuses
 * them inside the query. Found by the fuzzer (seeds 86927463 and 649773000): each answered 500.
 */
import { describe, expect, it } from 'vitest';
import { createAdmin, createChannel, useTestServer } from './support/server.js';

const HUGE = Number.MAX_SAFE_INTEGER;

describe('ids beyond any column', () => {
  const t = useTestServer();

  it('never answer 5xx and change nothing', async () => {
    const admin = await createAdmin(t);
    const gid = await createChannel(t, admin, { name: 'range', is_public: false, members: [] });
    const as = { token: admin.token };
    const calls = [
      t.request('POST', `/group/${gid}/change_type`, {
        ...as,
        json: { is_public: false, members: [HUGE, 0] },
      }),
      t.request('GET', `/group/create_reg_magic_link?gid=${HUGE}&expired_in=60&max_times=1`, as),
      t.request('POST', `/group/${gid}/members/add`, { ...as, json: [HUGE] }),
      t.request('GET', `/user/${HUGE}`, as),
      t.request('GET', `/group/${HUGE}`, as),
    ];
    // Unknown uids in a member list are passed over (as on SQLite); the rest are refused.
    for (const res of await Promise.all(calls)) expect(res.status, res.text).toBeLessThan(500);
    const group = await t.request('GET', `/group/${gid}`, as);
    expect(group.json.members).toEqual([admin.uid]);
  });
});
