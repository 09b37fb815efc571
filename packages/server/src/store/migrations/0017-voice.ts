import type { Kysely, Migration } from 'kysely';

/**
 * Voice rooms and ringing calls (issue 15, docs/voice.md). Kept in the database so every node of
 * a scaled deployment sees the same rooms: one row per user in a room (a user is in one room at a
 * time, from one device), and one row per ringing DM call. Media never touches the server.
 */
export const voiceMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('voice_members')
      .addColumn('uid', 'integer', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('room', 'text', (c) => c.notNull())
      .addColumn('gid', 'integer')
      /** JSON: muted, deafened, video, screen. */
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('joined_at', 'bigint', (c) => c.notNull())
      .addColumn('seen_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('voice_members_room').on('voice_members').column('room').execute();
    await db.schema
      .createTable('voice_calls')
      .addColumn('callee', 'integer', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
      .addColumn('caller', 'integer', (c) => c.notNull().unique().references('users.uid').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('voice_calls').execute();
    await db.schema.dropTable('voice_members').execute();
  },
};
