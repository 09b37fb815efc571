/**
 * The audit log of administrative actions (Parley extension, docs/api.md "Audit log"): who did
 * what, when, from where, to what. Append-only; never holds a secret, only that one changed.
 */
import Type from 'typebox';
import { Id } from './common.js';

/** Every action the log records; the web screen filters and names them from this list. */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.role',
  'user.freeze',
  'user.unfreeze',
  'user.password',
  'user.delete',
  'user.avatar',
  'user.session_revoke',
  'bot.key_create',
  'bot.key_revoke',
  'bot.webhook',
  'bot.webhook_secret',
  'settings.organization',
  'settings.logo',
  'settings.common',
  'settings.login',
  'settings.smtp',
  'settings.signin',
  'settings.widget',
  'settings.voice',
  'settings.push',
  'settings.license',
  'settings.retention',
  'data.clear_messages',
  'data.clear_files',
  'invite.create',
  'invite.revoke',
  'invite.email',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = Type.Object({
  id: Id,
  /** Milliseconds since the epoch. */
  at: Type.Integer(),
  actor_uid: Id,
  /** The actor's name when the action happened. */
  actor_name: Type.String(),
  /** The address the request came from (after the trusted proxies), "" when unknown. */
  ip: Type.String(),
  device: Type.String(),
  action: Type.String(),
  /** What the action was done to (`user:12`, `bot_key:3`, `settings:smtp`), or null. */
  target: Type.Union([Type.String(), Type.Null()]),
  /** A short description of what changed (field names, never secret values), or null. */
  detail: Type.Union([Type.String(), Type.Null()]),
});
export type AuditEntry = Type.Static<typeof AuditEntry>;

export const AUDIT_PAGE_MAX = 200;

export const AuditQuery = Type.Object({
  actor: Type.Optional(Id),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** From this time (ms), inclusive. */
  since: Type.Optional(Id),
  /** Up to this time (ms), exclusive. */
  until: Type.Optional(Id),
  /** The `next` of the previous page: entries older than this id. */
  cursor: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX })),
});
export type AuditQuery = Type.Static<typeof AuditQuery>;

/** Newest first; `next` is the cursor of the following page, null on the last one. */
export const AuditPage = Type.Object({
  entries: Type.Array(AuditEntry),
  next: Type.Union([Id, Type.Null()]),
});
export type AuditPage = Type.Static<typeof AuditPage>;
