/**
 * Changing one's e-mail address — Parley's own (VoceChat's `PUT /user` ignores `email`; docs/api.md,
 * "Changing the e-mail address"). With mail set up the change waits for the link mailed to the new
 * address; without, it happens at once.
 */
import Type from 'typebox';
import { LIMITS } from './limits.js';
import { UserInfo } from './users.js';

export const ChangeEmailRequest = Type.Object({
  email: Type.String({ minLength: 3, maxLength: LIMITS.emailMaxLength }),
  /** The current password: required of accounts that have one. */
  password: Type.Optional(Type.String({ maxLength: LIMITS.passwordMaxLength })),
});
export type ChangeEmailRequest = Type.Static<typeof ChangeEmailRequest>;

export const ChangeEmailResponse = Type.Object({
  /** True: a confirmation link went to the new address, the address is unchanged until it is opened. */
  mail_sent: Type.Boolean(),
  /** Minutes the link works (0 when no mail was sent). */
  expires_in_minutes: Type.Integer(),
  /** The account as it is now (the new address when `mail_sent` is false). */
  user: UserInfo,
});
export type ChangeEmailResponse = Type.Static<typeof ChangeEmailResponse>;

export const ConfirmEmailChangeRequest = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128 }),
});
export type ConfirmEmailChangeRequest = Type.Static<typeof ConfirmEmailChangeRequest>;

export const ConfirmEmailChangeResponse = Type.Object({ email: Type.String() });
export type ConfirmEmailChangeResponse = Type.Static<typeof ConfirmEmailChangeResponse>;
