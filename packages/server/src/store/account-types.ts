/** Records and the store interfaces of sessions, invitations and magic links (split from `types.ts`). */

export interface DeviceRecord {
  uid: number;
  device: string;
  /** Changes at every login: tokens carry it, so logging in again or out revokes older tokens. */
  session_id: string;
  device_token: string | null;
  created_at: number;
  updated_at: number;
}

export interface RefreshTokenRecord {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  uid: number;
  device: string;
  session_id: string;
  expires_at: number;
  spent_at: number | null;
}

export interface SessionStore {
  upsertDevice(device: DeviceRecord): Promise<void>;
  getDevice(uid: number, device: string): Promise<DeviceRecord | undefined>;
  listDevices(uid: number): Promise<DeviceRecord[]>;
  /** Deletes the device, every refresh token of it and its push subscription. */
  deleteDevice(uid: number, device: string): Promise<boolean>;
  deleteAllDevices(uid: number): Promise<void>;
  insertRefreshToken(token: RefreshTokenRecord): Promise<void>;
  getRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined>;
  /** Every stored refresh token of one device, spent ones included. */
  listRefreshTokens(uid: number, device: string): Promise<RefreshTokenRecord[]>;
  /** Marks the token spent only if it is not spent yet; returns whether this call spent it. */
  spendRefreshToken(tokenHash: string, spentAt: number): Promise<boolean>;
  /**
   * Deletes the device's refresh tokens that no rule needs any more: those of other sessions, the
   * expired ones, and spent ones beyond the newest `keepSpent` (kept for reuse detection).
   */
  pruneRefreshTokens(
    uid: number,
    device: string,
    sessionId: string,
    now: number,
    keepSpent: number,
  ): Promise<void>;
}

export interface InviteRecord {
  token_hash: string;
  /** `register`: a sign-up link; `private`: a private channel's invite for existing users. */
  kind: 'register' | 'private';
  gid: number | null;
  created_by: number;
  created_at: number;
  expires_at: number;
  max_times: number;
  used_times: number;
}

export interface InviteStore {
  create(invite: InviteRecord): Promise<void>;
  get(tokenHash: string): Promise<InviteRecord | undefined>;
  /** Counts one use if the invite is unexpired and not used up; returns whether it did. */
  consume(tokenHash: string, now: number): Promise<boolean>;
  /** The invites not yet expired at `now`, oldest first. */
  listUnexpired(now: number): Promise<InviteRecord[]>;
  delete(tokenHash: string): Promise<boolean>;
}

/** An invitation mailed to an address: its invite (same hash) and the channels the new account joins. */
export interface EmailInviteRecord {
  token_hash: string;
  email: string;
  gids: number[];
}

export interface EmailInviteStore {
  create(record: EmailInviteRecord): Promise<void>;
  get(tokenHash: string): Promise<EmailInviteRecord | undefined>;
}

/** A magic-link token (stored hashed): a login link, or a sign-up link for an address without an account. */
export interface MagicTokenRecord {
  token_hash: string;
  kind: 'login' | 'register';
  email: string;
  /** Set on a sign-up link that `send_reg_magic_link` made: the password the person chose. */
  password_hash: string | null;
  /** The invite a sign-up link came with; it is counted when the account is created. */
  invite_hash: string | null;
  language: string | null;
  created_at: number;
  expires_at: number;
  spent_at: number | null;
}

/** An e-mail change awaiting confirmation by the link mailed to the new address. */
export interface EmailChangeRecord {
  token_hash: string;
  uid: number;
  /** The new address. */
  email: string;
  created_at: number;
  expires_at: number;
  spent_at: number | null;
}

export interface EmailChangeStore {
  /** Records a change and drops the account's earlier unspent ones (only the newest link works). */
  create(change: EmailChangeRecord): Promise<void>;
  get(tokenHash: string): Promise<EmailChangeRecord | undefined>;
  /** Marks it spent if unexpired and unspent; returns whether it did (single use). */
  spend(tokenHash: string, now: number): Promise<boolean>;
  /** Removes changes expired before `before`. */
  deleteExpired(before: number): Promise<number>;
}

export interface MagicTokenStore {
  create(token: MagicTokenRecord): Promise<void>;
  get(tokenHash: string): Promise<MagicTokenRecord | undefined>;
  /** Marks the token spent if it is unexpired and unspent; returns whether it did (single use). */
  spend(tokenHash: string, now: number): Promise<boolean>;
  /** Removes tokens expired before `before`; returns how many. */
  deleteExpired(before: number): Promise<number>;
}
