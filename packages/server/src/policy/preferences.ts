/**
 * Who keeps client preferences on the server (issue 14): every signed-in user, for themselves;
 * guests keep theirs in the browser only (a guest session is a visitor's, not a person's devices).
 */
import type { Actor } from '../context.js';
import { forbidden } from '../errors.js';

export function requirePreferencesOwner(actor: Actor): void {
  if (actor.isGuest) throw forbidden('guests keep their preferences in the browser');
}
