import { describe, expect, it } from 'vitest';
import type { DeviceRecord, RefreshTokenRecord } from '../index.js';
import { useTestStore } from '../../../test/support/databases.js';
import { newUser, T0 } from '../../../test/support/store-fixtures.js';

describe('store conformance: sessions', () => {
  const db = useTestStore();
  const sessions = () => db().store.sessions;
  const device = (uid: number, name: string, overrides: Partial<DeviceRecord> = {}): DeviceRecord => ({
    uid,
    device: name,
    session_id: `session-${name}`,
    device_token: null,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  });
  const token = (uid: number, deviceName: string, hash: string): RefreshTokenRecord => ({
    token_hash: hash,
    uid,
    device: deviceName,
    session_id: `session-${deviceName}`,
    expires_at: T0 + 604_800_000,
    spent_at: null,
  });
  const makeUser = async () => (await db().store.users.create(newUser())).uid;

  it('inserts a device, then replaces all but its creation time', async () => {
    const uid = await makeUser();
    await sessions().upsertDevice(device(uid, 'web'));
    expect(await sessions().getDevice(uid, 'web')).toEqual(device(uid, 'web'));
    await sessions().upsertDevice(
      device(uid, 'web', { session_id: 'new', device_token: 'fcm', created_at: T0 + 5, updated_at: T0 + 5 }),
    );
    expect(await sessions().getDevice(uid, 'web')).toEqual(
      device(uid, 'web', { session_id: 'new', device_token: 'fcm', created_at: T0, updated_at: T0 + 5 }),
    );
    expect(await sessions().getDevice(uid, 'phone')).toBeUndefined();
  });

  it('lists devices of a user and deletes one with its refresh tokens', async () => {
    const uid = await makeUser();
    const other = await makeUser();
    await sessions().upsertDevice(device(uid, 'web'));
    await sessions().upsertDevice(device(uid, 'android'));
    await sessions().upsertDevice(device(other, 'web'));
    await sessions().insertRefreshToken(token(uid, 'web', `w-${uid}`));
    await sessions().insertRefreshToken(token(uid, 'android', `a-${uid}`));
    await sessions().insertRefreshToken(token(other, 'web', `w-${other}`));
    expect((await sessions().listDevices(uid)).map((d) => d.device)).toEqual(['android', 'web']);

    expect(await sessions().deleteDevice(uid, 'web')).toBe(true);
    expect(await sessions().deleteDevice(uid, 'web')).toBe(false);
    expect(await sessions().getRefreshToken(`w-${uid}`)).toBeUndefined();
    expect(await sessions().getRefreshToken(`a-${uid}`)).toBeDefined();
    expect(await sessions().getRefreshToken(`w-${other}`)).toBeDefined();
    expect((await sessions().listDevices(uid)).map((d) => d.device)).toEqual(['android']);

    await sessions().deleteAllDevices(uid);
    expect(await sessions().listDevices(uid)).toEqual([]);
    expect(await sessions().getRefreshToken(`a-${uid}`)).toBeUndefined();
    expect(await sessions().listDevices(other)).toHaveLength(1);
  });

  it('stores a refresh token and spends it exactly once', async () => {
    const uid = await makeUser();
    await sessions().upsertDevice(device(uid, 'web'));
    const t = token(uid, 'web', `spend-${uid}`);
    await sessions().insertRefreshToken(t);
    expect(await sessions().getRefreshToken(t.token_hash)).toEqual(t);
    expect(await sessions().spendRefreshToken(t.token_hash, T0 + 1)).toBe(true);
    expect(await sessions().spendRefreshToken(t.token_hash, T0 + 2)).toBe(false);
    expect(await sessions().getRefreshToken(t.token_hash)).toEqual({ ...t, spent_at: T0 + 1 });
    expect(await sessions().spendRefreshToken('unknown', T0)).toBe(false);
    expect(await sessions().getRefreshToken('unknown')).toBeUndefined();
  });

  it('lets exactly one of many concurrent spends win', async () => {
    const uid = await makeUser();
    await sessions().upsertDevice(device(uid, 'web'));
    const t = token(uid, 'web', `race-${uid}`);
    await sessions().insertRefreshToken(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sessions().spendRefreshToken(t.token_hash, T0 + i)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect(await sessions().getRefreshToken(t.token_hash)).toMatchObject({ spent_at: T0 + winner });
  });

  it('prunes tokens of other sessions, expired ones and spent ones beyond the newest kept', async () => {
    const uid = await makeUser();
    await sessions().upsertDevice(device(uid, 'web'));
    const at = (hash: string, o: Partial<RefreshTokenRecord>) => ({ ...token(uid, 'web', hash), ...o });
    const rows = [
      at(`p-old-session-${uid}`, { session_id: 'an earlier session' }),
      at(`p-expired-${uid}`, { expires_at: T0 }),
      ...[1, 2, 3, 4].map((i) => at(`p-spent${i}-${uid}`, { spent_at: T0 + i })),
      at(`p-current-${uid}`, {}),
    ];
    for (const r of rows) await sessions().insertRefreshToken(r);
    await sessions().insertRefreshToken(token(uid, 'phone', `p-phone-${uid}`));
    await sessions().pruneRefreshTokens(uid, 'web', 'session-web', T0, 2);
    const left = (await sessions().listRefreshTokens(uid, 'web')).map((r) => r.token_hash).sort();
    expect(left).toEqual([`p-current-${uid}`, `p-spent3-${uid}`, `p-spent4-${uid}`].sort());
    expect(await sessions().listRefreshTokens(uid, 'phone')).toHaveLength(1);
  });

  it('rejects a second refresh token with the same hash', async () => {
    const uid = await makeUser();
    await sessions().insertRefreshToken(token(uid, 'web', `same-${uid}`));
    await expect(sessions().insertRefreshToken(token(uid, 'web', `same-${uid}`))).rejects.toThrow();
  });
});
