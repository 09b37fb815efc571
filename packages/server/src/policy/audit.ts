/** Who may read the audit log (docs/api.md "Audit log"): administrators only, never a bot key. */
import type { Actor } from '../context.js';
import { forbidden } from '../errors.js';

export function requireAuditReader(actor: Actor): void {
  if (!actor.isAdmin || actor.user.is_bot) throw forbidden('administrators only');
}
