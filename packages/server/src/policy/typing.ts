/**
 * Who may say they are typing where, and who hears it (docs/search.md, "Typing"): in a channel,
 * whoever may send there (readers who are not guests), heard by its readers; in a DM, whoever may
 * send the DM, heard by the recipient only.
 */
import type { Actor, Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { Audience } from '../realtime/bus.js';
import { groupAudience } from '../services/audience.js';
import { loadReadable, requireDirectMessage, requireSender } from './index.js';

export async function typingInGroupAudience(ctx: Ctx, actor: Actor, gid: number): Promise<Audience> {
  const loaded = await loadReadable(ctx, actor, gid);
  requireSender(actor);
  const audience = groupAudience(loaded.group, loaded.members);
  return audience.kind === 'all'
    ? { kind: 'all', exceptUid: actor.uid }
    : { kind: 'users', uids: loaded.members.filter((uid) => uid !== actor.uid) };
}

/** The recipient of a DM; `undefined` for a note to oneself, which nobody else hears. */
export async function typingToUserAudience(
  ctx: Ctx,
  actor: Actor,
  uid: number,
): Promise<Audience | undefined> {
  await requireDirectMessage(ctx, actor, uid);
  const user = await ctx.store.users.get(uid);
  if (!user) throw notFound('no such user');
  return uid === actor.uid ? undefined : { kind: 'users', uids: [uid] };
}
