import type { DeviceRecord, RefreshTokenRecord, SessionStore } from '../types.js';
import { atomic, type StoreContext } from '../dialect.js';

/** Devices (one session per device) and their refresh tokens. */
export class KyselySessionStore implements SessionStore {
  constructor(private readonly ctx: StoreContext) {}

  /** Inserts, or replaces everything but `created_at` of an existing (uid, device). */
  async upsertDevice(device: DeviceRecord): Promise<void> {
    await this.ctx.db
      .insertInto('devices')
      .values({
        uid: device.uid,
        device: device.device,
        session_id: device.session_id,
        device_token: device.device_token,
        created_at: device.created_at,
        updated_at: device.updated_at,
      })
      .onConflict((oc) =>
        oc.columns(['uid', 'device']).doUpdateSet((eb) => ({
          session_id: eb.ref('excluded.session_id'),
          device_token: eb.ref('excluded.device_token'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  async getDevice(uid: number, device: string): Promise<DeviceRecord | undefined> {
    return this.ctx.db
      .selectFrom('devices')
      .select(['uid', 'device', 'session_id', 'device_token', 'created_at', 'updated_at'])
      .where('uid', '=', uid)
      .where('device', '=', device)
      .executeTakeFirst();
  }

  /** Ascending by device name. */
  async listDevices(uid: number): Promise<DeviceRecord[]> {
    return this.ctx.db
      .selectFrom('devices')
      .select(['uid', 'device', 'session_id', 'device_token', 'created_at', 'updated_at'])
      .where('uid', '=', uid)
      .orderBy('device')
      .execute();
  }

  async deleteDevice(uid: number, device: string): Promise<boolean> {
    return atomic(this.ctx, async ({ db }) => {
      await db.deleteFrom('refresh_tokens').where('uid', '=', uid).where('device', '=', device).execute();
      // A signed-out device is notified no more (issue 16).
      await db.deleteFrom('push_subscriptions').where('uid', '=', uid).where('device', '=', device).execute();
      const result = await db
        .deleteFrom('devices')
        .where('uid', '=', uid)
        .where('device', '=', device)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    });
  }

  async deleteAllDevices(uid: number): Promise<void> {
    await atomic(this.ctx, async ({ db }) => {
      await db.deleteFrom('refresh_tokens').where('uid', '=', uid).execute();
      await db.deleteFrom('push_subscriptions').where('uid', '=', uid).execute();
      await db.deleteFrom('devices').where('uid', '=', uid).execute();
    });
  }

  async insertRefreshToken(token: RefreshTokenRecord): Promise<void> {
    await this.ctx.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: token.token_hash,
        uid: token.uid,
        device: token.device,
        session_id: token.session_id,
        expires_at: token.expires_at,
        spent_at: token.spent_at,
      })
      .execute();
  }

  async getRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    return this.ctx.db
      .selectFrom('refresh_tokens')
      .select(['token_hash', 'uid', 'device', 'session_id', 'expires_at', 'spent_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async listRefreshTokens(uid: number, device: string): Promise<RefreshTokenRecord[]> {
    return this.ctx.db
      .selectFrom('refresh_tokens')
      .select(['token_hash', 'uid', 'device', 'session_id', 'expires_at', 'spent_at'])
      .where('uid', '=', uid)
      .where('device', '=', device)
      .orderBy('expires_at')
      .execute();
  }

  /** One conditional UPDATE: of concurrent callers, exactly one sees `true`. */
  async spendRefreshToken(tokenHash: string, spentAt: number): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('refresh_tokens')
      .set({ spent_at: spentAt })
      .where('token_hash', '=', tokenHash)
      .where('spent_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async pruneRefreshTokens(
    uid: number,
    device: string,
    sessionId: string,
    now: number,
    keepSpent: number,
  ): Promise<void> {
    const newestSpent = this.ctx.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('uid', '=', uid)
      .where('device', '=', device)
      .where('session_id', '=', sessionId)
      .where('spent_at', 'is not', null)
      .orderBy('spent_at', 'desc')
      .limit(keepSpent);
    await this.ctx.db
      .deleteFrom('refresh_tokens')
      .where('uid', '=', uid)
      .where('device', '=', device)
      .where((eb) =>
        eb.or([
          eb('session_id', '!=', sessionId),
          eb('expires_at', '<=', now),
          eb.and([eb('spent_at', 'is not', null), eb('token_hash', 'not in', newestSpent)]),
        ]),
      )
      .execute();
  }
}
