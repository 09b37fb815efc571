import type { EmailChangeRecord, EmailChangeStore } from '../types.js';
import type { StoreContext } from '../dialect.js';
import { deleteExpiredLinks, linkTimes, spendLink } from './single-use-links.js';

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
        ...linkTimes(row),
      }
    );
  }

  spend(tokenHash: string, now: number): Promise<boolean> {
    return spendLink(this.ctx, 'email_changes', tokenHash, now);
  }

  deleteExpired(before: number): Promise<number> {
    return deleteExpiredLinks(this.ctx, 'email_changes', before);
  }
}
