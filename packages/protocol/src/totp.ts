/**
 * Two-factor sign-in with TOTP (RFC 6238) and single-use recovery codes — Parley's own, beyond
 * VoceChat (docs/api.md, "Two-factor sign-in").
 */
import Type from 'typebox';
import { LIMITS } from './limits.js';

/** A six-digit code from the authenticator app, or a recovery code (`xxxxx-xxxxx`). */
export const TotpCode = Type.String({ minLength: 1, maxLength: LIMITS.totpCodeMaxLength });

export const TotpCodeRequest = Type.Object({ code: TotpCode });
export type TotpCodeRequest = Type.Static<typeof TotpCodeRequest>;

export const TotpStatus = Type.Object({
  /** Sign-in asks for a code. */
  enabled: Type.Boolean(),
  /** Enrolment started and awaits its first code. */
  pending: Type.Boolean(),
  /** The administrator requires two-factor sign-in of everyone. */
  required: Type.Boolean(),
  recovery_codes_left: Type.Integer(),
});
export type TotpStatus = Type.Static<typeof TotpStatus>;

export const TotpSetup = Type.Object({
  /** Base32, for typing into the app. */
  secret: Type.String(),
  /** `otpauth://totp/…`, for scanning or opening. */
  otpauth_url: Type.String(),
});
export type TotpSetup = Type.Static<typeof TotpSetup>;

export const TotpRecoveryCodes = Type.Object({
  /** Shown once; each signs in once in place of a code. */
  recovery_codes: Type.Array(Type.String()),
});
export type TotpRecoveryCodes = Type.Static<typeof TotpRecoveryCodes>;

/** The 401 body of `POST /token/login` for an account with two-factor sign-in. */
export const TotpChallenge = Type.Object({
  reason: Type.Literal('totp_required'),
  mfa_token: Type.String(),
  /** Seconds the `mfa_token` stays valid. */
  expires_in: Type.Integer(),
});
export type TotpChallenge = Type.Static<typeof TotpChallenge>;

export const TotpLoginRequest = Type.Object({
  mfa_token: Type.String({ minLength: 1, maxLength: 8192 }),
  code: TotpCode,
});
export type TotpLoginRequest = Type.Static<typeof TotpLoginRequest>;

export const TotpPolicy = Type.Object({
  /** Everyone must use two-factor sign-in (users without it are sent to enrolment). */
  required: Type.Boolean(),
});
export type TotpPolicy = Type.Static<typeof TotpPolicy>;
