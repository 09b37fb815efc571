/**
 * Who may archive a message (to forward it or keep it as a favorite, API.md §7.3, §8): anyone
 * who may read it, and only the kinds an archive holds. Favorites belong to accounts, not guests.
 */
import { ARCHIVABLE_CONTENT_TYPES } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest, forbidden } from '../errors.js';
import { loadReadableMessage, type LoadedMessage } from './messages.js';

/** A readable message (404/403 as for reading it) of an archivable kind (else 400). */
export async function loadArchivableMessage(ctx: Ctx, actor: Actor, mid: number): Promise<LoadedMessage> {
  const loaded = await loadReadableMessage(ctx, actor, mid);
  const { detail } = loaded.message;
  const contentType = detail.type === 'reaction' ? undefined : detail.content_type;
  if (!(ARCHIVABLE_CONTENT_TYPES as readonly (string | undefined)[]).includes(contentType)) {
    throw badRequest('this kind of message cannot be forwarded or saved');
  }
  return loaded;
}

/** Guests keep no favorites (API.md §8: non-guest). */
export function requireFavoriteOwner(actor: Actor): void {
  if (actor.isGuest) throw forbidden('guests cannot keep favorites');
}
