/** Records and the store interfaces of read positions, per-conversation settings and contacts (split from `types.ts`). */

export type ReadTarget = { uid: number } | { gid: number };

export interface ReadIndexStore {
  list(
    uid: number,
  ): Promise<{ users: { uid: number; mid: number }[]; groups: { gid: number; mid: number }[] }>;
  /** Stores the position only when it moves forward; returns whether it did. */
  advance(uid: number, target: ReadTarget, mid: number): Promise<boolean>;
  removeTarget(target: ReadTarget): Promise<void>;
}

/** One user's settings for one conversation (API.md §9.3 `user_settings`). */
export interface ChatSettingRecord {
  target: ReadTarget;
  muted: boolean;
  /** ms; null = muted until unmuted. */
  mute_expired_at: number | null;
  /** Seconds after which the user's own messages there are deleted; 0 = off. */
  burn_expires_in: number;
  /** ms; null = not pinned. */
  pinned_at: number | null;
}

export type ChatSettingPatch = Partial<Omit<ChatSettingRecord, 'target'>>;

export interface ChatSettingsStore {
  /** Every conversation the user has a setting for, users before groups, ascending by id. */
  list(uid: number): Promise<ChatSettingRecord[]>;
  get(uid: number, target: ReadTarget): Promise<ChatSettingRecord | undefined>;
  /** Creates or updates the user's row for that conversation with the given fields. */
  update(uid: number, target: ReadTarget, patch: ChatSettingPatch): Promise<void>;
  /** Forgets every user's settings for a conversation (a deleted group or user). */
  removeTarget(target: ReadTarget): Promise<void>;
}

export interface ContactRecord {
  uid: number;
  target_uid: number;
  status: 'added' | 'blocked';
  created_at: number;
  updated_at: number;
}

export interface ContactStore {
  /** The user's contacts, ascending by target uid. */
  list(uid: number): Promise<ContactRecord[]>;
  get(uid: number, targetUid: number): Promise<ContactRecord | undefined>;
  /** Sets the status, keeping `created_at` of an existing row; returns the stored row. */
  set(uid: number, targetUid: number, status: 'added' | 'blocked', now: number): Promise<ContactRecord>;
  /** Removes the row; returns whether there was one. */
  remove(uid: number, targetUid: number): Promise<boolean>;
}
