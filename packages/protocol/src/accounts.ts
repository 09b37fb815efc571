/** Mail (SMTP) configuration and the magic-link sign-in and sign-up flows (API.md §3, §4.2, §11.2). */
import Type from 'typebox';
import { Id } from './common.js';
import { LIMITS } from './limits.js';

export const SmtpConfig = Type.Object({
  enabled: Type.Boolean(),
  host: Type.String({ maxLength: 255 }),
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  from: Type.String({ maxLength: 320 }),
  username: Type.Optional(Type.String({ maxLength: 320 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
});
export type SmtpConfig = Type.Static<typeof SmtpConfig>;

export const SendMailRequest = Type.Object({
  to: Type.String({ minLength: 3, maxLength: LIMITS.emailMaxLength }),
  subject: Type.String({ maxLength: 998 }),
  content: Type.String({ maxLength: 100_000 }),
});
export type SendMailRequest = Type.Static<typeof SendMailRequest>;

export const MagicLinkQuery = Type.Object({
  email: Type.String({ minLength: 3, maxLength: LIMITS.emailMaxLength }),
});
export type MagicLinkQuery = Type.Static<typeof MagicLinkQuery>;

export const SendRegMagicLinkRequest = Type.Object({
  /** An invite token; empty when there is none. */
  magic_token: Type.Optional(Type.String({ maxLength: 512 })),
  email: Type.String({ minLength: 3, maxLength: LIMITS.emailMaxLength }),
  password: Type.String({ minLength: LIMITS.passwordMinLength, maxLength: LIMITS.passwordMaxLength }),
});
export type SendRegMagicLinkRequest = Type.Static<typeof SendRegMagicLinkRequest>;

export const SendRegMagicLinkResponse = Type.Object({
  new_magic_token: Type.String(),
  mail_is_sent: Type.Boolean(),
});
export type SendRegMagicLinkResponse = Type.Static<typeof SendRegMagicLinkResponse>;

export const MagicLinkCredential = Type.Object({
  type: Type.Literal('magiclink'),
  magic_token: Type.String({ maxLength: 512 }),
  extra_name: Type.Optional(Type.String({ maxLength: LIMITS.nameMaxLength })),
});
export type MagicLinkCredential = Type.Static<typeof MagicLinkCredential>;

/** A private channel's invite link (API.md §15.7): its channel, and optionally expiry and uses. */
export const PrivateInviteQuery = Type.Object({
  gid: Id,
  expired_in: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 * 24 * 3600 })),
  max_times: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.inviteUnlimitedUses })),
});
export type PrivateInviteQuery = Type.Static<typeof PrivateInviteQuery>;

export const JoinPrivateRequest = Type.Object({ magic_token: Type.String({ maxLength: 512 }) });
export type JoinPrivateRequest = Type.Static<typeof JoinPrivateRequest>;
