/**
 * Favorites (API.md §8): archives a user keeps for themself. Someone else's favorite answers 404,
 * like a missing one (§15.7). Clients list them at boot; the contract has no event for them.
 */
import { MAX_FAVORITES, type Archive, type Favorite, type FavoriteAttachmentParams } from '@parley/protocol';
import { randomUUID } from 'node:crypto';
import type { Actor, Ctx } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { requireFavoriteOwner } from '../policy/archives.js';
import { buildArchive, serveAttachment } from './archives.js';
import { discardUnreferenced } from './files/file-messages.js';
import type { StoredFile } from './files/serve.js';

export async function createFavorite(ctx: Ctx, actor: Actor, mids: readonly number[]): Promise<Favorite> {
  requireFavoriteOwner(actor);
  const { archive, attachments } = await buildArchive(ctx, actor, mids);
  const favorite = { id: randomUUID(), created_at: ctx.now() };
  if (
    !(await ctx.store.favorites.add({ ...favorite, uid: actor.uid, archive, attachments }, MAX_FAVORITES))
  ) {
    throw new AppError('too_many_requests', 'too many favorites');
  }
  return favorite;
}

export const listFavorites = (ctx: Ctx, actor: Actor): Promise<Favorite[]> =>
  ctx.store.favorites.list(actor.uid);

export async function getFavorite(ctx: Ctx, actor: Actor, id: string): Promise<Archive> {
  const record = await ctx.store.favorites.get(actor.uid, id);
  if (!record) throw notFound('no such favorite');
  return record.archive;
}

/** Removes it, and the files it kept that nothing else (a message, an archive, a favorite) still holds. */
export async function deleteFavorite(ctx: Ctx, actor: Actor, id: string): Promise<void> {
  const held = await ctx.store.favorites.remove(actor.uid, id);
  if (!held) throw notFound('no such favorite');
  await discardUnreferenced(ctx, held);
}

/**
 * `GET /favorite/attachment/{uid}/{id}/{attachment_id}` (API.md §8): no token, as the client loads
 * it in an `<img>`; the owner's uid and the unguessable favorite id select it, a wrong one is 404.
 */
export async function getFavoriteAttachment(
  ctx: Ctx,
  params: FavoriteAttachmentParams,
  download: boolean | undefined,
): Promise<StoredFile> {
  const attachment = await ctx.store.favorites.attachment(params.uid, params.id, params.attachment_id);
  return serveAttachment(ctx, attachment, download);
}
