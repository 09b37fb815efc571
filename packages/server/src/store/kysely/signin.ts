import type { SigninChallenge, SigninLink, SigninStore } from '../types.js';
import type { StoreContext } from '../dialect.js';

/** Sign-in challenges (single use, hashed keys) and links of outside identities to accounts. */
export class KyselySigninStore implements SigninStore {
  constructor(private readonly ctx: StoreContext) {}

  async putChallenge(challenge: SigninChallenge): Promise<void> {
    await this.ctx.db.insertInto('signin_challenges').values(challenge).execute();
  }

  /** One DELETE … RETURNING: of two concurrent uses only one gets the row. */
  async takeChallenge(keyHash: string, kind: string, now: number): Promise<SigninChallenge | undefined> {
    const row = await this.ctx.db
      .deleteFrom('signin_challenges')
      .where('key_hash', '=', keyHash)
      .where('kind', '=', kind)
      .returningAll()
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= now) return undefined;
    return { ...row, kind: row.kind as SigninChallenge['kind'], expires_at: Number(row.expires_at) };
  }

  async deleteExpiredChallenges(now: number): Promise<number> {
    const result = await this.ctx.db
      .deleteFrom('signin_challenges')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async findLink(method: string, issuer: string, subject: string): Promise<number | undefined> {
    const row = await this.ctx.db
      .selectFrom('signin_links')
      .select('uid')
      .where('method', '=', method)
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.uid;
  }

  /** False when the identity is already linked (to this account or another). */
  async addLink(link: SigninLink): Promise<boolean> {
    const result = await this.ctx.db
      .insertInto('signin_links')
      .values(link)
      .onConflict((oc) => oc.columns(['method', 'issuer', 'subject']).doNothing())
      .returning('uid')
      .executeTakeFirst();
    return result !== undefined;
  }

  async linksOf(uid: number): Promise<SigninLink[]> {
    const rows = await this.ctx.db
      .selectFrom('signin_links')
      .selectAll()
      .where('uid', '=', uid)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      ...row,
      method: row.method as SigninLink['method'],
      created_at: Number(row.created_at),
    }));
  }
}
