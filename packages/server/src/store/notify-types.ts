/** Records and the store interface of notifications (split from `types.ts`; issue 16). */
import type { NotifySettings } from '@parley/protocol';
import type { AttemptOutcome, DeliveryRecord } from './bot-types.js';
import type { ReadTarget } from './types.js';

/** One user's mute and read position in one conversation. */
export interface ConversationState {
  muted: boolean;
  mute_expired_at: number | null;
  /** The read position; 0 when none. */
  read_mid: number;
}

export interface PushSubscriptionRecord {
  id: number;
  uid: number;
  device: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url as `PushSubscription.toJSON()` gives them. */
  p256dh: string;
  auth: string;
  created_at: number;
  updated_at: number;
}

export type NotifyChannel = 'webpush' | 'fcm' | 'email';

/** Where one notification goes: a Web Push subscription, or a device's FCM token. */
export type NotifyDestination =
  | { channel: 'webpush'; subscription_id: number; device: null }
  | { channel: 'fcm'; subscription_id: null; device: string }
  /** The digest of what the user missed from `mid` on (one pending per user). */
  | { channel: 'email'; subscription_id: null; device: null };

export type NotifyDeliveryRecord = DeliveryRecord & NotifyDestination;

export type NewNotifyDelivery = {
  uid: number;
  mid: number;
  body: string;
  created_at: number;
  /** When it is due; the enqueue time when absent. */
  next_at?: number;
} & NotifyDestination;

/** Notification settings, subscriptions and the durable notification queue (docs/notifications.md). */
export interface NotifyStore {
  /** The user's settings, or undefined when never set (everything notifies). */
  getPrefs(uid: number): Promise<NotifySettings | undefined>;
  setPrefs(uid: number, prefs: NotifySettings, now: number): Promise<void>;
  /** The settings of those of these users who have any. */
  prefsOf(uids: readonly number[]): Promise<Map<number, NotifySettings>>;
  /** Mute and read position of one conversation for each of these users who has either. */
  conversationStates(uids: readonly number[], target: ReadTarget): Promise<Map<number, ConversationState>>;
  /** Stores the device's subscription, replacing its earlier one and any other row with that endpoint. */
  saveSubscription(sub: Omit<PushSubscriptionRecord, 'id'>): Promise<void>;
  /** Returns whether there was one. */
  deleteSubscription(uid: number, device: string): Promise<boolean>;
  deleteSubscriptionById(id: number): Promise<void>;
  /** Whether any user has a subscription (an idle pass reads nothing else). */
  anySubscription(): Promise<boolean>;
  getSubscription(id: number): Promise<PushSubscriptionRecord | undefined>;
  /** Every subscription of these users, ascending by id. */
  subscriptionsOf(uids: readonly number[]): Promise<PushSubscriptionRecord[]>;
  /** Sets (or with null clears) a device's FCM token; returns whether the device exists. */
  setDeviceToken(uid: number, device: string, token: string | null): Promise<boolean>;
  /** The devices of these users that have an FCM token, ascending by uid and device. */
  fcmDevicesOf(uids: readonly number[]): Promise<{ uid: number; device: string; device_token: string }[]>;
  /** Whether any device has an FCM token. */
  anyDeviceToken(): Promise<boolean>;
  /** The device's FCM token, if it has one. */
  deviceToken(uid: number, device: string): Promise<string | null>;
  /**
   * The Web Push subscriptions and FCM devices that were sent, or are still to be sent, a
   * notification of message `mid` (edits and withdrawals follow), each once.
   */
  notifiedOf(mid: number): Promise<({ uid: number } & NotifyDestination)[]>;
  /** Whether a row queued before `d`, of its message and destination, was delivered. */
  wasDelivered(d: NotifyDeliveryRecord): Promise<boolean>;
  /** Of these users, those with a digest pending. */
  pendingDigests(uids: readonly number[]): Promise<Set<number>>;
  /** The last mid fanned out to notifications. */
  cursor(): Promise<number>;
  /** Moves the cursor only if it is still at `from`; returns whether it did. */
  moveCursor(from: number, to: number): Promise<boolean>;
  enqueue(deliveries: readonly NewNotifyDelivery[], nextAt: number): Promise<void>;
  /** Leases up to `limit` due pending rows (conditional updates: one node gets each row). */
  claimDue(now: number, leaseUntil: number, limit: number): Promise<NotifyDeliveryRecord[]>;
  finishAttempt(id: number, outcome: AttemptOutcome): Promise<void>;
  /** The user's deliveries, newest first (tests and diagnostics). */
  listDeliveries(uid: number, limit: number): Promise<NotifyDeliveryRecord[]>;
}
