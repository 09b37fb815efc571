import type { Kysely, Migration } from 'kysely';

/**
 * Rooms on the SFU and the Janus handles Parley made for their members (issue 15, docs/voice.md
 * "SFU"). In the database so that any node can serve a member's requests: Janus's HTTP API takes
 * the session and handle ids from whichever node posts. Media never touches Parley.
 */
export const voiceSfuMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('voice_sfu_rooms')
      .addColumn('room', 'text', (c) => c.primaryKey())
      /** The Janus HTTP API base the room runs on (the setting when its first member joined). */
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('voice_sfu_handles')
      .addColumn('handle', 'bigint', (c) => c.primaryKey())
      .addColumn('session', 'bigint', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('room', 'text', (c) => c.notNull())
      .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
      .addColumn('device', 'text', (c) => c.notNull())
      /** 'publisher' or 'subscriber'. */
      .addColumn('kind', 'text', (c) => c.notNull())
      /** A subscriber's publisher (uid); null for a publisher. */
      .addColumn('feed', 'integer')
      /** A publisher's id in the Janus room. */
      .addColumn('janus_id', 'text')
      /** When the publisher's media reached Janus (`webrtcup`); null before. */
      .addColumn('up_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('voice_sfu_handles_room').on('voice_sfu_handles').column('room').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('voice_sfu_handles').execute();
    await db.schema.dropTable('voice_sfu_rooms').execute();
  },
};
