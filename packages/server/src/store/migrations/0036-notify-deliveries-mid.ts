import type { Kysely, Migration } from 'kysely';

/**
 * A message's notifications are looked up by `mid`: an edit or delete finds the devices its
 * message was sent to, and a delivery waits for an earlier one of the same message and device
 * (`LeaseQueue`'s serial key). Without an index each of those read the whole queue.
 */
export const notifyDeliveriesMidMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('notify_deliveries_mid').on('notify_deliveries').column('mid').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('notify_deliveries_mid').execute();
  },
};
