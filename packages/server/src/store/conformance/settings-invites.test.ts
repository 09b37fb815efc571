import { describe, expect, it } from 'vitest';
import type { InviteRecord } from '../index.js';
import { useTestStore } from '../../../test/support/databases.js';
import { newGroup, newUser, T0 } from '../../../test/support/store-fixtures.js';

describe('store conformance: settings', () => {
  const db = useTestStore();
  const settings = () => db().store.settings;

  it('stores JSON values by key and overwrites them', async () => {
    expect(await settings().get('missing')).toBeUndefined();
    const smtp = { enabled: true, host: 'mail.example.com', port: 587, to: ['a', 'b'], nested: { x: null } };
    await settings().set('smtp', smtp);
    expect(await settings().get<typeof smtp>('smtp')).toEqual(smtp);
    await settings().set('smtp', { enabled: false });
    expect(await settings().get('smtp')).toEqual({ enabled: false });
    await settings().set('flag', false);
    await settings().set('name', 'Parley ✓');
    await settings().set('nothing', null);
    expect(await settings().get('flag')).toBe(false);
    expect(await settings().get('name')).toBe('Parley ✓');
    expect(await settings().get('nothing')).toBeNull();
  });

  it('lets only the first of concurrent setIfAbsent calls write, and all of them read its value', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => settings().setIfAbsent('secret', { n: i })),
    );
    const stored = await settings().get<{ n: number }>('secret');
    expect(results).toEqual(results.map(() => stored));
    expect(await settings().setIfAbsent('secret', { n: 99 })).toEqual(stored);
  });
});

describe('store conformance: invites', () => {
  const db = useTestStore();
  const invites = () => db().store.invites;
  const invite = async (overrides: Partial<InviteRecord> = {}): Promise<InviteRecord> => {
    const creator = await db().store.users.create(newUser());
    const record: InviteRecord = {
      token_hash: `invite-${creator.uid}`,
      kind: 'register',
      gid: null,
      created_by: creator.uid,
      created_at: T0,
      expires_at: T0 + 1000,
      max_times: 2,
      used_times: 0,
      ...overrides,
    };
    await invites().create(record);
    return record;
  };

  it('creates and reads an invite, also one for a group', async () => {
    const plain = await invite();
    expect(await invites().get(plain.token_hash)).toEqual(plain);
    const g = await db().store.groups.create(newGroup({ is_public: false }));
    const forGroup = await invite({ gid: g.gid });
    expect(await invites().get(forGroup.token_hash)).toEqual(forGroup);
    expect(await invites().get('unknown')).toBeUndefined();
  });

  it('counts uses up to max_times and only before expiry', async () => {
    const inv = await invite({ max_times: 2 });
    expect(await invites().consume(inv.token_hash, T0 + 1)).toBe(true);
    expect(await invites().consume(inv.token_hash, T0 + 1)).toBe(true);
    expect(await invites().consume(inv.token_hash, T0 + 1)).toBe(false);
    expect((await invites().get(inv.token_hash))?.used_times).toBe(2);

    const expiring = await invite({ max_times: 5 });
    expect(await invites().consume(expiring.token_hash, expiring.expires_at)).toBe(false);
    expect(await invites().consume(expiring.token_hash, expiring.expires_at - 1)).toBe(true);
    expect(await invites().consume('unknown', T0)).toBe(false);
  });

  it('lists unexpired invites oldest first and deletes one', async () => {
    const later = await invite({ created_at: T0 + 5 });
    const earlier = await invite({ created_at: T0 + 1 });
    const expired = await invite({ expires_at: T0 + 10 });
    const listed = (await invites().listUnexpired(T0 + 10)).map((i) => i.token_hash);
    expect(listed.indexOf(earlier.token_hash)).toBeLessThan(listed.indexOf(later.token_hash));
    expect(listed).not.toContain(expired.token_hash);
    expect(await invites().delete(earlier.token_hash)).toBe(true);
    expect(await invites().delete(earlier.token_hash)).toBe(false);
    expect(await invites().get(earlier.token_hash)).toBeUndefined();
  });

  it('never lets concurrent uses exceed max_times', async () => {
    const inv = await invite({ max_times: 3 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => invites().consume(inv.token_hash, T0)),
    );
    expect(results.filter(Boolean)).toHaveLength(3);
    expect((await invites().get(inv.token_hash))?.used_times).toBe(3);
  });
});
