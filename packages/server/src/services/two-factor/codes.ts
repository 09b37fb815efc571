/** Checking a second factor: an authenticator code (each time step once) or a recovery code (once). */
import { randomBytes } from 'node:crypto';
import { base32Encode, matchTotp } from '../../auth/totp.js';
import { sha256 } from '../../auth/tokens.js';
import type { Ctx } from '../../context.js';
import type { TotpRecord } from '../../store/types.js';

export const RECOVERY_CODE_COUNT = 10;

/** Ten letters and digits in two halves, e.g. `k3f9q-7mz2a`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** What is stored of a recovery code: case, spaces and dashes do not matter when typed. */
export const recoveryHash = (code: string): string => sha256(code.replace(/[\s-]/g, '').toLowerCase());

const isRecoveryShape = (code: string) => /^[a-z2-7]{10}$/.test(code.replace(/[\s-]/g, '').toLowerCase());

/**
 * Spends the code if it is right: an authenticator code takes its time step (a second use of the
 * same step, or an older one, is refused), a recovery code is used up.
 */
export async function spendSecondFactor(ctx: Ctx, totp: TotpRecord, raw: string): Promise<boolean> {
  const code = raw.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(code)) {
    const step = matchTotp(totp.secret, code, ctx.now());
    return step !== undefined && (await ctx.store.totp.takeStep(totp.uid, step));
  }
  if (!isRecoveryShape(code)) return false;
  return ctx.store.totp.useRecoveryCode(totp.uid, recoveryHash(code), ctx.now());
}
