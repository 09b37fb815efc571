/**
 * Who changes their own e-mail address (docs/api.md, "Changing the e-mail address"): people who
 * sign in with it — password and magic-link accounts. A guest has none; a bot's is made up; an
 * account of Google, GitHub, OIDC, MetaMask or an embedding site takes it from that provider.
 */
import type { Actor } from '../context.js';
import { forbidden } from '../errors.js';

const OWN_ADDRESS = new Set(['password', 'magiclink']);

export function requireOwnEmailChange(actor: Actor): void {
  if (actor.isGuest || actor.user.is_bot || !OWN_ADDRESS.has(actor.user.create_by))
    throw forbidden('this account’s address cannot be changed here');
}
