/**
 * The `mfa_token` of a sign-in's second step: who passed the first factor, on which device, until
 * when — signed with the server's token key (so every node accepts it) and stored nowhere. It only
 * ever buys the chance to present a code; guesses count against the login limit.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../../context.js';
import { AppError } from '../../errors.js';

export const CHALLENGE_SECONDS = 5 * 60;

export interface Challenge {
  uid: number;
  device: string | undefined;
  deviceToken: string | null;
  expiresAt: number;
}

const PURPOSE = 'totp-challenge';

export function mintChallenge(ctx: Ctx, c: Omit<Challenge, 'expiresAt'>): string {
  const body: Challenge = { ...c, expiresAt: ctx.now() + CHALLENGE_SECONDS * 1000 };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${ctx.signer.derive(PURPOSE, payload)}`;
}

/** The challenge, or undefined when forged, malformed or expired. */
export function readChallenge(ctx: Ctx, token: string): Challenge | undefined {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return undefined;
  const expected = Buffer.from(ctx.signer.derive(PURPOSE, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString());
  } catch {
    return undefined;
  }
  const c = body as Partial<Challenge>;
  if (typeof c?.uid !== 'number' || typeof c.expiresAt !== 'number' || c.expiresAt <= ctx.now())
    return undefined;
  return {
    uid: c.uid,
    device: typeof c.device === 'string' ? c.device : undefined,
    deviceToken: typeof c.deviceToken === 'string' ? c.deviceToken : null,
    expiresAt: c.expiresAt,
  };
}

/**
 * The gate every interactive sign-in passes after its first factor: an account with two-factor
 * sign-in gets 401 `{reason: "totp_required", mfa_token, expires_in}` instead of tokens. A
 * VoceChat client shows its "wrong password" message then — it fails closed.
 */
export async function requireNoSecondFactor(
  ctx: Ctx,
  user: { uid: number },
  device: string | undefined,
  deviceToken: string | null,
): Promise<void> {
  const totp = await ctx.store.totp.get(user.uid);
  if (!totp || totp.enabled_at === null) return;
  const mfaToken = mintChallenge(ctx, { uid: user.uid, device, deviceToken });
  throw new AppError('unauthorized', 'second factor required', {
    reason: 'totp_required',
    mfa_token: mfaToken,
    expires_in: CHALLENGE_SECONDS,
  });
}
