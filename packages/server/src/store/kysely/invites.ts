import type { InviteRecord, InviteStore } from '../types.js';
import type { StoreContext } from '../dialect.js';

/** Invitation tokens (stored hashed). */
export class KyselyInviteStore implements InviteStore {
  constructor(private readonly ctx: StoreContext) {}

  async create(invite: InviteRecord): Promise<void> {
    await this.ctx.db
      .insertInto('invites')
      .values({
        token_hash: invite.token_hash,
        kind: invite.kind,
        gid: invite.gid,
        created_by: invite.created_by,
        created_at: invite.created_at,
        expires_at: invite.expires_at,
        max_times: invite.max_times,
        used_times: invite.used_times,
      })
      .execute();
  }

  async get(tokenHash: string): Promise<InviteRecord | undefined> {
    const row = await this.select().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row && { ...row, kind: row.kind as InviteRecord['kind'] };
  }

  async listUnexpired(now: number): Promise<InviteRecord[]> {
    const rows = await this.select().where('expires_at', '>', now).orderBy('created_at').execute();
    return rows.map((row) => ({ ...row, kind: row.kind as InviteRecord['kind'] }));
  }

  async delete(tokenHash: string): Promise<boolean> {
    const result = await this.ctx.db
      .deleteFrom('invites')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  private select() {
    return this.ctx.db
      .selectFrom('invites')
      .select([
        'token_hash',
        'kind',
        'gid',
        'created_by',
        'created_at',
        'expires_at',
        'max_times',
        'used_times',
      ]);
  }

  /** One conditional UPDATE, so concurrent registrations can never use an invite more than `max_times`. */
  async consume(tokenHash: string, now: number): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('invites')
      .set((eb) => ({ used_times: eb('used_times', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .where((eb) => eb('used_times', '<', eb.ref('max_times')))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
