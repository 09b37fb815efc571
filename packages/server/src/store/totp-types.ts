/** The store of second factors (docs/api.md, "Two-factor sign-in"). */
/** An account's second factor (docs/api.md, "Two-factor sign-in"). */
export interface TotpRecord {
  uid: number;
  /** As stored: sealed by the server's secret box (`v1:…`), or base32 in rows from before that. */
  secret: string;
  /** Null while enrolment awaits its first code. */
  enabled_at: number | null;
  /** The newest time step a code was accepted for. */
  last_step: number;
  created_at: number;
}

export interface TotpStore {
  get(uid: number): Promise<TotpRecord | undefined>;
  /** Starts (or restarts) enrolment; false when 2FA is already on (nothing changes then). */
  putPending(uid: number, secret: string, now: number): Promise<boolean>;
  /** Turns a pending secret on with its first step and recovery codes; false when not pending. */
  enable(uid: number, step: number, codeHashes: string[], now: number): Promise<boolean>;
  /** Takes a time step if it is newer than the last one taken (one conditional update). */
  takeStep(uid: number, step: number): Promise<boolean>;
  /** Spends an unused recovery code; false when unknown or used. */
  useRecoveryCode(uid: number, codeHash: string, now: number): Promise<boolean>;
  unusedRecoveryCodes(uid: number): Promise<number>;
  /** Replaces every recovery code (used or not) of an enabled second factor; false when it is off. */
  replaceRecoveryCodes(uid: number, codeHashes: string[]): Promise<boolean>;
  /** Rows whose secret is not sealed yet (stored before encryption at rest). */
  listUnsealed(): Promise<{ uid: number; secret: string }[]>;
  /** Swaps the stored secret if it is still `from` (a plaintext row sealed on read). */
  replaceSecret(uid: number, from: string, to: string): Promise<boolean>;
  /** Turns 2FA off (secret and codes); false when there was nothing. */
  remove(uid: number): Promise<boolean>;
}
