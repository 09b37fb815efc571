import type { Selectable } from 'kysely';
import type { StoreContext } from '../dialect.js';
import type { VoiceSfuHandlesTable, VoiceSfuRoomsTable } from '../schema.js';
import type { VoiceSfuHandleRecord, VoiceSfuRoomRecord, VoiceSfuStore } from '../types.js';

// PostgreSQL hands bigint columns back as strings.
const num = (v: number | string) => Number(v);
const toRoom = (row: Selectable<VoiceSfuRoomsTable>): VoiceSfuRoomRecord => ({
  ...row,
  created_at: num(row.created_at),
});
const toHandle = (row: Selectable<VoiceSfuHandlesTable>): VoiceSfuHandleRecord => ({
  ...row,
  handle: num(row.handle),
  session: num(row.session),
  up_at: row.up_at === null ? null : num(row.up_at),
  created_at: num(row.created_at),
});

/** Rooms on the SFU and their members' Janus handles (docs/voice.md "SFU"). */
export class KyselyVoiceSfuStore implements VoiceSfuStore {
  constructor(private readonly ctx: StoreContext) {}

  async room(room: string): Promise<VoiceSfuRoomRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('voice_sfu_rooms')
      .selectAll()
      .where('room', '=', room)
      .executeTakeFirst();
    return row && toRoom(row);
  }

  async openRoom(room: VoiceSfuRoomRecord): Promise<VoiceSfuRoomRecord> {
    await this.ctx.db
      .insertInto('voice_sfu_rooms')
      .values(room)
      .onConflict((oc) => oc.column('room').doNothing())
      .execute();
    return (await this.room(room.room)) ?? room;
  }

  async closeRoom(room: string): Promise<VoiceSfuHandleRecord[]> {
    await this.ctx.db.deleteFrom('voice_sfu_rooms').where('room', '=', room).execute();
    const rows = await this.ctx.db
      .deleteFrom('voice_sfu_handles')
      .where('room', '=', room)
      .returningAll()
      .execute();
    return rows.map(toHandle);
  }

  async addHandle(handle: VoiceSfuHandleRecord): Promise<void> {
    await this.ctx.db.insertInto('voice_sfu_handles').values(handle).execute();
  }

  async handle(handle: number): Promise<VoiceSfuHandleRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('voice_sfu_handles')
      .selectAll()
      .where('handle', '=', handle)
      .executeTakeFirst();
    return row && toHandle(row);
  }

  async handles(room: string): Promise<VoiceSfuHandleRecord[]> {
    const rows = await this.ctx.db
      .selectFrom('voice_sfu_handles')
      .selectAll()
      .where('room', '=', room)
      .orderBy('created_at')
      .orderBy('handle')
      .execute();
    return rows.map(toHandle);
  }

  async sessionHandles(session: number): Promise<VoiceSfuHandleRecord[]> {
    const rows = await this.ctx.db
      .selectFrom('voice_sfu_handles')
      .selectAll()
      .where('session', '=', session)
      .orderBy('created_at')
      .orderBy('handle')
      .execute();
    return rows.map(toHandle);
  }

  async removeHandles(handles: number[]): Promise<VoiceSfuHandleRecord[]> {
    if (handles.length === 0) return [];
    const rows = await this.ctx.db
      .deleteFrom('voice_sfu_handles')
      .where('handle', 'in', handles)
      .returningAll()
      .execute();
    return rows.map(toHandle);
  }

  async markUp(handle: number, at: number): Promise<VoiceSfuHandleRecord | undefined> {
    const row = await this.ctx.db
      .updateTable('voice_sfu_handles')
      .set({ up_at: at })
      .where('handle', '=', handle)
      .where('kind', '=', 'publisher')
      .where('up_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return row && toHandle(row);
  }
}
