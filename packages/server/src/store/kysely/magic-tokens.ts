import type { MagicTokenRecord, MagicTokenStore } from '../types.js';
import type { StoreContext } from '../dialect.js';
import { deleteExpiredLinks, linkTimes, spendLink } from './single-use-links.js';

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
        ...linkTimes(row),
      }
    );
  }

  spend(tokenHash: string, now: number): Promise<boolean> {
    return spendLink(this.ctx, 'magic_tokens', tokenHash, now);
  }

  deleteExpired(before: number): Promise<number> {
    return deleteExpiredLinks(this.ctx, 'magic_tokens', before);
  }
}
