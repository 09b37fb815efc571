import type { VoiceMediaState } from '@parley/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { StoreContext } from '../dialect.js';
import { isUniqueViolation } from '../errors.js';
import type { Database, VoiceMembersTable } from '../schema.js';
import type { VoiceCallRecord, VoiceMemberRecord, VoiceStore } from '../types.js';

const toMember = (row: Selectable<VoiceMembersTable>): VoiceMemberRecord => ({
  ...row,
  state: JSON.parse(row.state) as VoiceMediaState,
});

/** Voice rooms and ringing calls; the join's limit checks and its write share one transaction. */
export class KyselyVoiceStore implements VoiceStore {
  constructor(private readonly ctx: StoreContext) {}

  private inTransaction<T>(fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.ctx.inTransaction ? fn(this.ctx.db) : this.ctx.db.transaction().execute(fn);
  }

  join(member: VoiceMemberRecord, limits: { roomLimit: number; callLimit: number }) {
    return this.inTransaction(async (db) => {
      const others = await db
        .selectFrom('voice_members')
        .select('uid')
        .where('room', '=', member.room)
        .where('uid', '!=', member.uid)
        .execute();
      if (others.length + 1 > limits.roomLimit)
        return { joined: false as const, reason: 'room_full' as const };
      if (others.length === 0 && limits.callLimit > 0) {
        const { n } = await db
          .selectFrom('voice_members')
          .select((eb) => eb.fn.count<number | string>('room').distinct().as('n'))
          .where('room', '!=', member.room)
          .where('uid', '!=', member.uid)
          .executeTakeFirstOrThrow();
        if (Number(n) >= limits.callLimit)
          return { joined: false as const, reason: 'too_many_calls' as const };
      }
      const before = await db
        .selectFrom('voice_members')
        .selectAll()
        .where('uid', '=', member.uid)
        .executeTakeFirst();
      await db.deleteFrom('voice_members').where('uid', '=', member.uid).execute();
      await db
        .insertInto('voice_members')
        .values({ ...member, state: JSON.stringify(member.state) })
        .execute();
      return { joined: true as const, replaced: before && toMember(before) };
    });
  }

  async leave(uid: number, device?: string): Promise<VoiceMemberRecord | undefined> {
    let query = this.ctx.db.deleteFrom('voice_members').where('uid', '=', uid);
    if (device !== undefined) query = query.where('device', '=', device);
    const row = await query.returningAll().executeTakeFirst();
    return row && toMember(row);
  }

  async member(uid: number): Promise<VoiceMemberRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('voice_members')
      .selectAll()
      .where('uid', '=', uid)
      .executeTakeFirst();
    return row && toMember(row);
  }

  async members(room: string): Promise<VoiceMemberRecord[]> {
    const rows = await this.ctx.db
      .selectFrom('voice_members')
      .selectAll()
      .where('room', '=', room)
      .orderBy('joined_at')
      .orderBy('uid')
      .execute();
    return rows.map(toMember);
  }

  async touch(uid: number, state: VoiceMediaState, seenAt: number): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('voice_members')
      .set({ state: JSON.stringify(state), seen_at: seenAt })
      .where('uid', '=', uid)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async rooms(): Promise<{ room: string; gid: number | null; count: number }[]> {
    const rows = await this.ctx.db
      .selectFrom('voice_members')
      .select((eb) => ['room', eb.fn.max('gid').as('gid'), eb.fn.countAll<number | string>().as('count')])
      .groupBy('room')
      .orderBy('room')
      .execute();
    return rows.map((r) => ({
      room: r.room,
      gid: r.gid === null ? null : Number(r.gid),
      count: Number(r.count),
    }));
  }

  async pruneStale(staleBefore: number): Promise<VoiceMemberRecord[]> {
    const rows = await this.ctx.db
      .deleteFrom('voice_members')
      .where('seen_at', '<', staleBefore)
      .returningAll()
      .execute();
    return rows.map(toMember);
  }

  async ring(call: VoiceCallRecord): Promise<boolean> {
    try {
      return await this.inTransaction(async (db) => {
        const busy = await db
          .selectFrom('voice_calls')
          .select('caller')
          .where((eb) =>
            eb.or([
              eb('caller', 'in', [call.caller, call.callee]),
              eb('callee', 'in', [call.caller, call.callee]),
            ]),
          )
          .executeTakeFirst();
        if (busy) return false;
        await db.insertInto('voice_calls').values(call).execute();
        return true;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async callBetween(a: number, b: number): Promise<VoiceCallRecord | undefined> {
    return this.ctx.db
      .selectFrom('voice_calls')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('caller', '=', a), eb('callee', '=', b)]),
          eb.and([eb('caller', '=', b), eb('callee', '=', a)]),
        ]),
      )
      .executeTakeFirst();
  }

  async isRinging(uid: number): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('voice_calls')
      .select('caller')
      .where((eb) => eb.or([eb('caller', '=', uid), eb('callee', '=', uid)]))
      .executeTakeFirst();
    return row !== undefined;
  }

  async endCall(caller: number, callee: number, createdAt?: number): Promise<boolean> {
    let query = this.ctx.db
      .deleteFrom('voice_calls')
      .where('caller', '=', caller)
      .where('callee', '=', callee);
    if (createdAt !== undefined) query = query.where('created_at', '=', createdAt);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
