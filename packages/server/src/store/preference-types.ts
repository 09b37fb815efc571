/** The store interface of client preferences (split from `types.ts`; issue 14). */
import type { UserPreferences } from '@parley/protocol';

/** A user's client preferences (issue 14): `undefined` while they have never saved any. */
export interface PreferenceStore {
  get(uid: number): Promise<UserPreferences | undefined>;
  set(uid: number, prefs: UserPreferences): Promise<void>;
}
