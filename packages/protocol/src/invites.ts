/** Invite management (Parley's own routes; the VoceChat contract has none). */
import Type from 'typebox';
import { Id, Nullable } from './common.js';
import { LIMITS } from './limits.js';

export const InviteInfo = Type.Object({
  /** Identifies the invite for revoking; not the token, which is never shown again. */
  id: Type.String(),
  gid: Nullable(Id),
  created_by: Id,
  created_at: Type.Integer(),
  expires_at: Type.Integer(),
  max_times: Type.Integer(),
  used_times: Type.Integer(),
});
export type InviteInfo = Type.Static<typeof InviteInfo>;

export const InviteListQuery = Type.Object({ gid: Type.Optional(Id) });
export type InviteListQuery = Type.Static<typeof InviteListQuery>;

export const InviteIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{64}$' }) });
export type InviteIdParams = Type.Static<typeof InviteIdParams>;

/** `POST /invites/email`: an administrator mails a single-use sign-up link that joins `gids`. */
export const EmailInviteRequest = Type.Object({
  email: Type.String({ minLength: 3, maxLength: LIMITS.inviteEmailMaxLength }),
  gids: Type.Array(Id, { maxItems: 50 }),
  /** Seconds the link works: 1 hour to 30 days, 7 days by default. */
  expired_in: Type.Optional(Type.Integer({ minimum: 3600, maximum: 2_592_000 })),
  /** The mail's language (one of the web client's seven); the inviter's own by default. */
  language: Type.Optional(Type.String({ maxLength: 35 })),
});
export type EmailInviteRequest = Type.Static<typeof EmailInviteRequest>;
