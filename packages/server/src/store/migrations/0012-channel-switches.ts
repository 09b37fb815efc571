import type { Kysely, Migration } from 'kysely';

/**
 * The per-channel switches of SPEC §3 and API.md §5.1 (issue 10): `show_email`, `dm_to_member`,
 * `add_friend`, `only_owner_can_send_msg`, plus the client's free-form `ext_setting` string.
 * Existing channels keep today's behaviour: members may DM and add each other, emails are not
 * shown, and everyone who may read a channel may write in it.
 */
const SWITCHES = [
  ['show_email', false],
  ['dm_to_member', true],
  ['add_friend', true],
  ['only_owner_can_send_msg', false],
] as const;

export const channelSwitchesMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const [column, initial] of SWITCHES) {
      await db.schema
        .alterTable('groups')
        .addColumn(column, 'boolean', (c) => c.notNull().defaultTo(initial))
        .execute();
    }
    await db.schema.alterTable('groups').addColumn('ext_setting', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('groups').dropColumn('ext_setting').execute();
    for (const [column] of [...SWITCHES].reverse()) {
      await db.schema.alterTable('groups').dropColumn(column).execute();
    }
  },
};
