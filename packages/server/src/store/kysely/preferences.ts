import type { UserPreferences } from '@parley/protocol';
import type { StoreContext } from '../dialect.js';
import type { PreferenceStore } from '../types.js';

/** A user's client preferences: one row per user who saved any (migration 0027). */
export class KyselyPreferenceStore implements PreferenceStore {
  constructor(private readonly ctx: StoreContext) {}

  async get(uid: number): Promise<UserPreferences | undefined> {
    const row = await this.ctx.db
      .selectFrom('user_preferences')
      .select(['prefs', 'updated_at'])
      .where('uid', '=', uid)
      .executeTakeFirst();
    if (!row) return undefined;
    const prefs = JSON.parse(row.prefs) as Omit<UserPreferences, 'updated_at'>;
    return { ...prefs, updated_at: Number(row.updated_at) };
  }

  async set(uid: number, { updated_at, ...prefs }: UserPreferences): Promise<void> {
    const values = { prefs: JSON.stringify(prefs), updated_at };
    await this.ctx.db
      .insertInto('user_preferences')
      .values({ uid, ...values })
      .onConflict((oc) => oc.column('uid').doUpdateSet(values))
      .execute();
  }
}
