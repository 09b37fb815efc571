import type { UserLog } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { useTestStore } from '../../../test/support/databases.js';

const row = (uid: number, action: UserLog['action'] = 'delete') => ({
  action,
  uid,
  email: null,
  name: action === 'delete' ? null : `user ${uid}`,
  gender: null,
  language: null,
  is_admin: action === 'delete' ? null : false,
  is_bot: null,
  avatar_updated_at: null,
});

describe('store conformance: user log rows per reader, and retraction markers', () => {
  const db = useTestStore();
  const userLog = () => db().store.userLog;

  it('appends many rows in order, over several statements, each with its reader', async () => {
    const start = await userLog().latestVersion();
    const entries = Array.from({ length: 1203 }, (_, i) => ({
      ...row(i + 1, 'create'),
      reader_uid: (i % 3) + 1,
    }));
    const stored = await db().store.transaction((tx) => tx.userLog.appendMany(entries));
    expect(stored.map((s) => s.log.uid)).toEqual(entries.map((e) => e.uid));
    expect(stored.map((s) => s.reader_uid)).toEqual(entries.map((e) => e.reader_uid));
    const ids = stored.map((s) => s.log.log_id);
    expect(ids[0]).toBeGreaterThan(start);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(stored[0]!.log).toEqual({ ...row(1, 'create'), log_id: ids[0] });
    expect(await userLog().appendMany([])).toEqual([]);
    const forTwo = await userLog().listAfter(start, 2);
    expect(forTwo.map((l) => l.uid)).toEqual(entries.filter((e) => e.reader_uid === 2).map((e) => e.uid));
  });

  it('lists rows with whom they were for, and markers in their place, which listAfter leaves out', async () => {
    const start = await userLog().latestVersion();
    const everyone = await userLog().append(row(40, 'update'));
    const [mine] = await userLog().appendMany([{ ...row(41), reader_uid: 7 }]);
    await userLog().appendMany([{ ...row(42), reader_uid: 8 }]);
    const marker = await userLog().appendRetraction(99);
    expect(marker).toBeGreaterThan(mine!.log.log_id);
    expect(await userLog().latestVersion()).toBe(marker);
    expect(await userLog().listForReader(start, 7)).toEqual([
      { kind: 'row', log: everyone, personal: false },
      { kind: 'row', log: mine!.log, personal: true },
      { kind: 'retract', log_id: marker, upToUid: 99 },
    ]);
    expect(await userLog().listAfter(start, 7)).toEqual([everyone, mine!.log]);
    expect(await userLog().listForReader(marker, 7)).toEqual([]);
  });
});
