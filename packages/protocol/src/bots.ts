/**
 * Bots, their API keys and outbound webhooks (API.md §10), and the admin user shapes (§11.1) a
 * bot is created and configured with.
 */
import Type from 'typebox';
import { Id, Nullable } from './common.js';
import { LIMITS } from './limits.js';

const Name = Type.String({ minLength: 1, maxLength: LIMITS.nameMaxLength });
/** An `http(s)://` URL, or the empty string for "no webhook". */
const WebhookUrl = Type.String({ maxLength: 2048 });

/** `AdminUser` (API.md §11.1). `password` is always `""`: passwords are stored hashed. */
export const AdminUser = Type.Object({
  uid: Id,
  email: Nullable(Type.String()),
  password: Type.String(),
  name: Type.String(),
  gender: Type.Integer(),
  is_admin: Type.Boolean(),
  language: Type.String(),
  create_by: Type.String(),
  in_online: Type.Boolean(),
  online_devices: Type.Array(
    Type.Object({ device: Type.String(), device_token: Nullable(Type.String()), is_online: Type.Boolean() }),
  ),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
  avatar_updated_at: Type.Integer(),
  status: Type.Union([Type.Literal('normal'), Type.Literal('frozen')]),
  webhook_url: Nullable(Type.String()),
  is_bot: Type.Boolean(),
  is_public: Type.Boolean(),
});
export type AdminUser = Type.Static<typeof AdminUser>;

/** `POST /admin/user`. The web client creates bots with `password: ""` and a made-up e-mail. */
export const CreateAdminUserRequest = Type.Object({
  email: Type.String({ minLength: 3, maxLength: LIMITS.emailMaxLength }),
  password: Type.String({ maxLength: LIMITS.passwordMaxLength }),
  name: Name,
  gender: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  is_admin: Type.Optional(Type.Boolean()),
  language: Type.Optional(Type.String({ maxLength: 32 })),
  webhook_url: Type.Optional(Nullable(WebhookUrl)),
  is_bot: Type.Optional(Type.Boolean()),
  is_public: Type.Optional(Type.Boolean()),
});
export type CreateAdminUserRequest = Type.Static<typeof CreateAdminUserRequest>;

/** `PUT /admin/user/{uid}`: Parley applies `name` and `webhook_url`; other fields answer 400 for now. */
export const UpdateAdminUserRequest = Type.Object({
  name: Type.Optional(Name),
  webhook_url: Type.Optional(Nullable(WebhookUrl)),
  email: Type.Optional(Type.String({ maxLength: LIMITS.emailMaxLength })),
  password: Type.Optional(Type.String({ maxLength: LIMITS.passwordMaxLength })),
  gender: Type.Optional(Type.Integer()),
  is_admin: Type.Optional(Type.Boolean()),
  language: Type.Optional(Type.String({ maxLength: 32 })),
  status: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('frozen')])),
  is_public: Type.Optional(Type.Boolean()),
});
export type UpdateAdminUserRequest = Type.Static<typeof UpdateAdminUserRequest>;

export const CreateBotKeyRequest = Type.Object({
  name: Type.String({ minLength: 1, maxLength: LIMITS.botKeyNameMaxLength }),
});
export type CreateBotKeyRequest = Type.Static<typeof CreateBotKeyRequest>;

/** A stored key as listed: `key` is only its visible prefix; the whole key is shown once, at creation. */
export const BotKey = Type.Object({
  id: Id,
  name: Type.String(),
  key: Type.String(),
  created_at: Type.Integer(),
  last_used: Nullable(Type.Integer()),
});
export type BotKey = Type.Static<typeof BotKey>;

export const BotKeyParams = Type.Object({ uid: Id, kid: Id });

export const BotGroupsQuery = Type.Object({ public_only: Type.Optional(Type.Boolean()) });
export type BotGroupsQuery = Type.Static<typeof BotGroupsQuery>;

/** A bot's webhook: where chat records go and the secret their signatures are made with. */
export const BotWebhook = Type.Object({
  webhook_url: Nullable(Type.String()),
  secret: Nullable(Type.String()),
});
export type BotWebhook = Type.Static<typeof BotWebhook>;

export const WebhookDeliveryStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('delivered'),
  Type.Literal('failed'),
]);
export type WebhookDeliveryStatus = Type.Static<typeof WebhookDeliveryStatus>;

/** One entry of a bot's delivery log (Parley). */
export const WebhookDelivery = Type.Object({
  id: Id,
  mid: Id,
  status: WebhookDeliveryStatus,
  attempts: Type.Integer(),
  /** The receiver's last HTTP status; null when it could not be reached. */
  last_status: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  created_at: Type.Integer(),
  delivered_at: Nullable(Type.Integer()),
});
export type WebhookDelivery = Type.Static<typeof WebhookDelivery>;

/** The headers every webhook delivery carries (docs/api.md, "Webhooks"). */
export const WEBHOOK_HEADERS = {
  delivery: 'x-parley-delivery',
  timestamp: 'x-parley-timestamp',
  signature: 'x-parley-signature',
} as const;
