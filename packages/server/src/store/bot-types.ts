/** Records and the store interface of bot keys and webhooks (split from `types.ts`). */
export interface BotKeyRecord {
  id: number;
  uid: number;
  name: string;
  /** The visible start of the key, shown in lists. */
  prefix: string;
  /** SHA-256 of the whole key. */
  key_hash: string;
  created_at: number;
  last_used: number | null;
}

export interface WebhookRecord {
  uid: number;
  url: string | null;
  secret: string;
  /** Only records after this mid go to this webhook: the newest mid when its URL was set. */
  from_mid: number;
  updated_at: number;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryRecord {
  id: number;
  uid: number;
  mid: number;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_at: number;
  lease_until: number;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

export interface NewDelivery {
  uid: number;
  mid: number;
  body: string;
  created_at: number;
}

/** The result of one delivery attempt. */
export type AttemptOutcome = Pick<
  DeliveryRecord,
  'status' | 'next_at' | 'last_status' | 'last_error' | 'delivered_at'
>;

/** Bot keys, webhooks and the durable webhook queue (docs/storage.md, "Bots and webhooks"). */
export interface BotStore {
  /** Throws a unique violation when the bot already has a key of that name. */
  createKey(key: Omit<BotKeyRecord, 'id' | 'last_used'>): Promise<BotKeyRecord>;
  listKeys(uid: number): Promise<BotKeyRecord[]>;
  keyByHash(keyHash: string): Promise<BotKeyRecord | undefined>;
  deleteKey(uid: number, id: number): Promise<boolean>;
  /** Records a use unless one at or after `unlessSince` is recorded already (one write per interval). */
  touchKey(id: number, at: number, unlessSince: number): Promise<void>;
  getWebhook(uid: number): Promise<WebhookRecord | undefined>;
  setWebhook(webhook: WebhookRecord): Promise<void>;
  /** Every webhook with a URL. */
  listWebhooks(): Promise<(WebhookRecord & { url: string })[]>;
  /** The last mid fanned out to webhooks. */
  cursor(): Promise<number>;
  /** Moves the cursor from `from` to `to`; false when another node moved it first. */
  moveCursor(from: number, to: number): Promise<boolean>;
  enqueue(deliveries: readonly NewDelivery[], nextAt: number): Promise<void>;
  /**
   * Takes up to `limit` pending deliveries due at `now` that no node holds, holding them until
   * `leaseUntil`; a row goes to exactly one caller. Counts the attempt.
   */
  claimDue(now: number, leaseUntil: number, limit: number): Promise<DeliveryRecord[]>;
  /** Marks a bot's pending deliveries failed (its webhook was removed). */
  failPending(uid: number, error: string): Promise<void>;
  /** Stores an attempt's outcome and frees the row. */
  finishAttempt(id: number, outcome: AttemptOutcome): Promise<void>;
  /** The newest deliveries of a bot, newest first. */
  listDeliveries(uid: number, limit: number): Promise<DeliveryRecord[]>;
}
