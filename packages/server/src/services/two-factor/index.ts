/**
 * Two-factor sign-in (docs/api.md, "Two-factor sign-in"): enrolment from "My account" (a secret,
 * confirmed by a first code, then recovery codes shown once), the second step of a sign-in, the
 * administrator's reset and the "required for everyone" switch. Every code check counts against
 * the login limit, as a password does.
 */
import type { LoginResponse, TotpPolicy, TotpRecoveryCodes, TotpSetup, TotpStatus } from '@parley/protocol';
import { matchTotp, newTotpSecret, otpauthUrl } from '../../auth/totp.js';
import type { Actor, Ctx } from '../../context.js';
import { AppError, conflict, forbidden, unauthorized } from '../../errors.js';
import { requireAdmin } from '../../policy/index.js';
import { loadSecondFactorSubject, requireOwnSecondFactor } from '../../policy/totp.js';
import type { UserRecord } from '../../store/types.js';
import { issueSession } from '../sessions.js';
import { readSetting, writeSetting } from '../settings.js';
import { readChallenge } from './challenge.js';
import { newRecoveryCodes, recoveryHash, spendSecondFactor } from './codes.js';
import { loadTotp, sealTotpSecret } from './secret.js';

/** The key of an account in the login limit: the same as its password's. */
const limitKey = (user: UserRecord) => user.email ?? `uid:${user.uid}`;

async function statusOf(ctx: Ctx, uid: number): Promise<TotpStatus> {
  const [totp, policy] = await Promise.all([ctx.store.totp.get(uid), readSetting(ctx.store, 'totpPolicy')]);
  const enabled = totp?.enabled_at !== null && totp !== undefined;
  return {
    enabled,
    pending: totp !== undefined && !enabled,
    required: policy.required,
    recovery_codes_left: enabled ? await ctx.store.totp.unusedRecoveryCodes(uid) : 0,
  };
}

export async function getStatus(ctx: Ctx, actor: Actor): Promise<TotpStatus> {
  if (actor.isGuest) return { enabled: false, pending: false, required: false, recovery_codes_left: 0 };
  return statusOf(ctx, actor.uid);
}

export async function setup(ctx: Ctx, actor: Actor): Promise<TotpSetup> {
  requireOwnSecondFactor(actor);
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(ctx, actor.uid, secret);
  if (!(await ctx.store.totp.putPending(actor.uid, sealed, ctx.now()))) throw conflict('totp_enabled');
  const org = await readSetting(ctx.store, 'organization');
  const issuer = org.name.replace(/:/g, '').trim() || 'Parley';
  return { secret, otpauth_url: otpauthUrl(issuer, actor.user.email ?? actor.user.name, secret) };
}

export async function enable(
  ctx: Ctx,
  actor: Actor,
  code: string,
  address: string,
): Promise<TotpRecoveryCodes> {
  requireOwnSecondFactor(actor);
  const totp = await loadTotp(ctx, actor.uid);
  if (!totp || totp.enabled_at !== null) throw conflict('totp_not_pending');
  const attempt = await ctx.loginLimit.reserve(address, limitKey(actor.user), 'totp_enable');
  const step = matchTotp(totp.secret, code.trim(), ctx.now());
  if (step === undefined) {
    attempt.failed('wrong code');
    throw forbidden('wrong code');
  }
  await attempt.succeeded();
  const codes = newRecoveryCodes();
  const done = await ctx.store.transaction((tx) =>
    tx.totp.enable(actor.uid, step, codes.map(recoveryHash), ctx.now()),
  );
  if (!done) throw conflict('totp_not_pending');
  return { recovery_codes: codes };
}

export async function disable(ctx: Ctx, actor: Actor, code: string, address: string): Promise<void> {
  requireOwnSecondFactor(actor);
  const totp = await loadTotp(ctx, actor.uid);
  if (!totp || totp.enabled_at === null) throw conflict('totp_disabled');
  const attempt = await ctx.loginLimit.reserve(address, limitKey(actor.user), 'totp_disable');
  if (!(await spendSecondFactor(ctx, totp, code))) {
    attempt.failed('wrong code');
    throw forbidden('wrong code');
  }
  await attempt.succeeded();
  await ctx.store.totp.remove(actor.uid);
}

/**
 * A new set of ten recovery codes for an enabled second factor, confirmed with an authenticator
 * code (not a recovery code: one that leaked must not renew the set). Every old code stops working
 * at once; the new ones are shown once.
 */
export async function regenerateRecoveryCodes(
  ctx: Ctx,
  actor: Actor,
  code: string,
  address: string,
): Promise<TotpRecoveryCodes> {
  requireOwnSecondFactor(actor);
  const totp = await loadTotp(ctx, actor.uid);
  if (!totp || totp.enabled_at === null) throw conflict('totp_disabled');
  const attempt = await ctx.loginLimit.reserve(address, limitKey(actor.user), 'totp_recovery_codes');
  const step = matchTotp(totp.secret, code.trim().replace(/\s/g, ''), ctx.now());
  if (step === undefined || !(await ctx.store.totp.takeStep(actor.uid, step))) {
    attempt.failed('wrong code');
    throw forbidden('wrong code');
  }
  await attempt.succeeded();
  const codes = newRecoveryCodes();
  const done = await ctx.store.transaction((tx) =>
    tx.totp.replaceRecoveryCodes(actor.uid, codes.map(recoveryHash)),
  );
  if (!done) throw conflict('totp_disabled');
  return { recovery_codes: codes };
}

/** `POST /token/login/totp`: the second step; every failure is 401 and creates no session. */
export async function loginWithCode(
  ctx: Ctx,
  body: { mfa_token: string; code: string },
  address: string,
): Promise<LoginResponse> {
  const challenge = readChallenge(ctx, body.mfa_token);
  if (!challenge) throw unauthorized('the sign-in has expired: start again');
  const user = await ctx.store.users.get(challenge.uid);
  if (!user) throw unauthorized('the sign-in has expired: start again');
  const attempt = await ctx.loginLimit.reserve(address, limitKey(user), 'totp');
  const totp = await loadTotp(ctx, user.uid);
  if (!totp || totp.enabled_at === null || !(await spendSecondFactor(ctx, totp, body.code))) {
    attempt.failed('wrong code');
    throw unauthorized('wrong code');
  }
  await attempt.succeeded();
  if (user.status === 'frozen') throw new AppError('locked', 'account is frozen');
  return issueSession(ctx, user, challenge.device, challenge.deviceToken);
}

export async function adminStatus(ctx: Ctx, actor: Actor, uid: number): Promise<TotpStatus> {
  const user = await loadSecondFactorSubject(ctx, actor, uid);
  return statusOf(ctx, user.uid);
}

export async function adminReset(ctx: Ctx, actor: Actor, uid: number): Promise<void> {
  const user = await loadSecondFactorSubject(ctx, actor, uid);
  await ctx.store.totp.remove(user.uid);
  ctx.log.info({ by: actor.uid, uid: user.uid }, 'two-factor sign-in reset by an administrator');
}

export async function getPolicy(ctx: Ctx, actor: Actor): Promise<TotpPolicy> {
  requireAdmin(actor);
  return readSetting(ctx.store, 'totpPolicy');
}

export async function setPolicy(ctx: Ctx, actor: Actor, policy: TotpPolicy): Promise<void> {
  requireAdmin(actor);
  await writeSetting(ctx.store, 'totpPolicy', { required: policy.required });
}
