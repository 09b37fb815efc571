/**
 * The one form an account's e-mail address is stored and looked up in. Its own module because
 * registration (`users.ts`) and e-mail invitations (`email-invites.ts`) both need it, and
 * registration also spends invitations: kept in either, it tied the two into an import cycle.
 */
import { LIMITS } from '@parley/protocol';
import { badRequest } from '../errors.js';

/** Trimmed and lower-cased; 400 unless it is one `@` between non-blank parts, within the limit. */
export function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(e) || e.length > LIMITS.emailMaxLength) throw badRequest('invalid email');
  return e;
}
