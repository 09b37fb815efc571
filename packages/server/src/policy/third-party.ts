/**
 * Third-party sign-in (docs/third-party.md): only an administrator reads or replaces the secret;
 * keys are minted only by whoever holds it, and neither minting nor signing in works while the
 * login configuration's `third_party` switch is off.
 */
import { timingSafeEqual } from 'node:crypto';
import type { LoginConfig } from '@parley/protocol';
import type { Actor } from '../context.js';
import { forbidden } from '../errors.js';
import { sha256 } from '../auth/tokens.js';
import { requireAdmin } from './index.js';

export function requireThirdPartyAdmin(actor: Actor): void {
  requireAdmin(actor);
}

export function requireThirdPartyOn(config: LoginConfig): void {
  if (!config.third_party) throw forbidden('third-party sign-in is disabled');
}

/** Whether `given` is the secret; compared in constant time, never true while no secret exists. */
export function holdsSecret(given: string | undefined, secret: string): boolean {
  if (!given || !secret) return false;
  return timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(secret), 'hex'));
}
