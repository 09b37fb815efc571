/**
 * Notifications (issue 16, Parley's extension): a user's notification settings and the Web Push
 * subscription of one device (docs/api.md, "Notifications").
 */
import Type from 'typebox';
import { MessageTarget, Nullable } from './common.js';

/** What notifies: every message, direct messages and mentions only, or nothing. */
export const NotifyLevel = Type.Union([Type.Literal('all'), Type.Literal('mentions'), Type.Literal('none')]);
export type NotifyLevel = Type.Static<typeof NotifyLevel>;

const MinuteOfDay = Type.Integer({ minimum: 0, maximum: 1439 });

/** Quiet hours, as minutes of the user's day (`start` > `end` spans midnight). */
export const QuietHours = Type.Object({
  start: MinuteOfDay,
  end: MinuteOfDay,
  /** The user's offset from UTC in minutes (UTC+2 is 120). */
  utc_offset: Type.Integer({ minimum: -840, maximum: 840 }),
});
export type QuietHours = Type.Static<typeof QuietHours>;

export const NotifyOverride = Type.Object({ target: MessageTarget, level: NotifyLevel });
export type NotifyOverride = Type.Static<typeof NotifyOverride>;

/** `GET`/`PUT /user/notify/settings`. */
export const NotifySettings = Type.Object({
  level: NotifyLevel,
  overrides: Type.Array(NotifyOverride, { maxItems: 1_000 }),
  quiet_hours: Nullable(QuietHours),
  /** The e-mail digest of missed messages, while the administrator offers it (`msg_smtp_notify_enable`). */
  email_digest: Type.Boolean(),
});
export type NotifySettings = Type.Static<typeof NotifySettings>;

/** `PUT /user/push/subscription`: the browser's `PushSubscription.toJSON()` (endpoint and keys). */
export const PushSubscriptionRequest = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: 2048 }),
  keys: Type.Object({
    p256dh: Type.String({ minLength: 1, maxLength: 200 }),
    auth: Type.String({ minLength: 1, maxLength: 100 }),
  }),
});
export type PushSubscriptionRequest = Type.Static<typeof PushSubscriptionRequest>;

/** `GET /user/push/vapid_key`: the application server key the browser subscribes with. */
export const VapidKey = Type.Object({ public_key: Type.String() });
export type VapidKey = Type.Static<typeof VapidKey>;

/**
 * What a Web Push message carries (encrypted, RFC 8291), read by the service worker. A muted
 * conversation never produces one; `text` is at most `PUSH_TEXT_MAX` characters.
 */
export const PushPayload = Type.Object({
  /**
   * `message` (absent in older payloads): a new message. `edit`: the message `mid` was edited, a
   * notification still shown is updated quietly. `withdraw`: it was deleted, a notification still
   * shown is closed. Edits and withdrawals go only to the subscriptions that were notified.
   */
  kind: Type.Optional(Type.Union([Type.Literal('message'), Type.Literal('edit'), Type.Literal('withdraw')])),
  mid: Type.Integer(),
  from_uid: Type.Integer(),
  from_name: Type.String(),
  /** The conversation as the recipient names it: `{gid}`, or `{uid}` of the sender for a DM. */
  target: MessageTarget,
  /** The channel's name, or null for a direct message. */
  group_name: Nullable(Type.String()),
  text: Type.String(),
  created_at: Type.Integer(),
});
export type PushPayload = Type.Static<typeof PushPayload>;
export const PUSH_TEXT_MAX = 140;

/**
 * `GET`/`POST /admin/fcm/config` (API.md §11): disabled (`enabled: false`), official (Google's
 * endpoints) or custom (`use_official: false`: `token_url` and Parley's `api_url`), with a
 * service account's `project_id`, `private_key` (PEM) and `client_email`.
 */
export const FcmConfig = Type.Object({
  enabled: Type.Boolean(),
  use_official: Type.Boolean(),
  token_url: Type.String({ maxLength: 2048 }),
  project_id: Type.String({ maxLength: 256 }),
  private_key: Type.String({ maxLength: 16_384 }),
  client_email: Type.String({ maxLength: 320 }),
  /** Parley: the FCM HTTP v1 base URL of a custom service; Google's when absent or official. */
  api_url: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type FcmConfig = Type.Static<typeof FcmConfig>;

/** `PUT /token/device_token`: the device's FCM registration token; `""` or null = none. */
export const DeviceTokenRequest = Type.Object({ device_token: Nullable(Type.String({ maxLength: 4096 })) });
export type DeviceTokenRequest = Type.Static<typeof DeviceTokenRequest>;

/** `GET /user/notify/unsubscribe?token=`: the link at the foot of each e-mail digest. */
export const UnsubscribeQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type UnsubscribeQuery = Type.Static<typeof UnsubscribeQuery>;
