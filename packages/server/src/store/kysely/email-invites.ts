import type { StoreContext } from '../dialect.js';
import type { EmailInviteRecord, EmailInviteStore } from '../types.js';

/** Invitations mailed to an address: the channels each one joins (its token lives in `invites`). */
export class KyselyEmailInviteStore implements EmailInviteStore {
  constructor(private readonly ctx: StoreContext) {}

  async create(record: EmailInviteRecord): Promise<void> {
    await this.ctx.db
      .insertInto('email_invites')
      .values({ token_hash: record.token_hash, email: record.email, gids: JSON.stringify(record.gids) })
      .execute();
  }

  async get(tokenHash: string): Promise<EmailInviteRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('email_invites')
      .select(['token_hash', 'email', 'gids'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const gids = JSON.parse(row.gids) as unknown;
    return {
      token_hash: row.token_hash,
      email: row.email,
      gids: Array.isArray(gids) ? gids.filter((g): g is number => Number.isInteger(g)) : [],
    };
  }
}
