import type { EmailChangeRecord, EmailChangeStore } from '../types.js';
import type { StoreContext } from '../dialect.js';

/** E-mail changes awaiting the link mailed to the new address (stored hashed, single use). */
export class KyselyEmailChangeStore implements EmailChangeStore {
  constructor(private readonly ctx: StoreContext) {}

  async create(change: EmailChangeRecord): Promise<void> {
    await this.ctx.db
      .deleteFrom('email_changes')
      .where('uid', '=', change.uid)
      .where('spent_at', 'is', null)
      .execute();
    await this.ctx.db.insertInto('email_changes').values(change).execute();
  }

  async get(tokenHash: string): Promise<EmailChangeRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('email_changes')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return (
      row && {
        ...row,
        created_at: Number(row.created_at),
        expires_at: Number(row.expires_at),
        spent_at: row.spent_at === null ? null : Number(row.spent_at),
      }
    );
  }

  /** One conditional UPDATE: of two concurrent uses only one wins. */
  async spend(tokenHash: string, now: number): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('email_changes')
      .set({ spent_at: now })
      .where('token_hash', '=', tokenHash)
      .where('spent_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteExpired(before: number): Promise<number> {
    const result = await this.ctx.db
      .deleteFrom('email_changes')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
