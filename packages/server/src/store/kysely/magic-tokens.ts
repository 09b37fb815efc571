import type { MagicTokenRecord, MagicTokenStore } from '../types.js';
import type { StoreContext } from '../dialect.js';

/** Magic-link tokens (stored hashed, single use). */
export class KyselyMagicTokenStore implements MagicTokenStore {
  constructor(private readonly ctx: StoreContext) {}

  async create(token: MagicTokenRecord): Promise<void> {
    await this.ctx.db.insertInto('magic_tokens').values(token).execute();
  }

  async get(tokenHash: string): Promise<MagicTokenRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('magic_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return (
      row && {
        ...row,
        kind: row.kind as MagicTokenRecord['kind'],
        created_at: Number(row.created_at),
        expires_at: Number(row.expires_at),
        spent_at: row.spent_at === null ? null : Number(row.spent_at),
      }
    );
  }

  /** One conditional UPDATE: of two concurrent uses only one wins. */
  async spend(tokenHash: string, now: number): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('magic_tokens')
      .set({ spent_at: now })
      .where('token_hash', '=', tokenHash)
      .where('spent_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteExpired(before: number): Promise<number> {
    const result = await this.ctx.db
      .deleteFrom('magic_tokens')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
