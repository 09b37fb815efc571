import type { StoreContext } from '../dialect.js';
import type { TotpRecord, TotpStore } from '../types.js';

/** Second factors: one TOTP secret per account and its single-use recovery codes (hashed). */
export class KyselyTotpStore implements TotpStore {
  constructor(private readonly ctx: StoreContext) {}

  async get(uid: number): Promise<TotpRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('user_totp')
      .selectAll()
      .where('uid', '=', uid)
      .executeTakeFirst();
    return (
      row && {
        uid: row.uid,
        secret: row.secret,
        enabled_at: row.enabled_at === null ? null : Number(row.enabled_at),
        last_step: Number(row.last_step),
        created_at: Number(row.created_at),
      }
    );
  }

  async putPending(uid: number, secret: string, now: number): Promise<boolean> {
    await this.ctx.db
      .deleteFrom('user_totp')
      .where('uid', '=', uid)
      .where('enabled_at', 'is', null)
      .execute();
    const result = await this.ctx.db
      .insertInto('user_totp')
      .values({ uid, secret, enabled_at: null, last_step: 0, created_at: now })
      .onConflict((oc) => oc.column('uid').doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  async enable(uid: number, step: number, codeHashes: string[], now: number): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('user_totp')
      .set({ enabled_at: now, last_step: step })
      .where('uid', '=', uid)
      .where('enabled_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await this.ctx.db.deleteFrom('totp_recovery_codes').where('uid', '=', uid).execute();
    if (codeHashes.length > 0)
      await this.ctx.db
        .insertInto('totp_recovery_codes')
        .values(codeHashes.map((code_hash) => ({ uid, code_hash, used_at: null })))
        .execute();
    return true;
  }

  async takeStep(uid: number, step: number): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('user_totp')
      .set({ last_step: step })
      .where('uid', '=', uid)
      .where('enabled_at', 'is not', null)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async useRecoveryCode(uid: number, codeHash: string, now: number): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('totp_recovery_codes')
      .set({ used_at: now })
      .where('uid', '=', uid)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async unusedRecoveryCodes(uid: number): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('totp_recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('uid', '=', uid)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async replaceRecoveryCodes(uid: number, codeHashes: string[]): Promise<boolean> {
    const on = await this.ctx.db
      .selectFrom('user_totp')
      .select('uid')
      .where('uid', '=', uid)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst();
    if (!on) return false;
    await this.ctx.db.deleteFrom('totp_recovery_codes').where('uid', '=', uid).execute();
    if (codeHashes.length > 0)
      await this.ctx.db
        .insertInto('totp_recovery_codes')
        .values(codeHashes.map((code_hash) => ({ uid, code_hash, used_at: null })))
        .execute();
    return true;
  }

  async listUnsealed(): Promise<{ uid: number; secret: string }[]> {
    return this.ctx.db
      .selectFrom('user_totp')
      .select(['uid', 'secret'])
      .where('secret', 'not like', 'v1:%')
      .execute();
  }

  async replaceSecret(uid: number, from: string, to: string): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('user_totp')
      .set({ secret: to })
      .where('uid', '=', uid)
      .where('secret', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async remove(uid: number): Promise<boolean> {
    await this.ctx.db.deleteFrom('totp_recovery_codes').where('uid', '=', uid).execute();
    const result = await this.ctx.db.deleteFrom('user_totp').where('uid', '=', uid).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
