/**
 * What the per-channel switches `dm_to_member` and `add_friend` (SPEC §3) allow between two users:
 * the channels they share grant it. Two non-administrators who share channels, all of which have
 * the switch off, may not start a direct message or add each other as a contact (403); one shared
 * channel with it on, a contact one of them already added, a bot on either side, or an
 * administrator acting lifts the rule. Users who share no channel are not restricted by any.
 * `show_email` restricts nothing on the server: user e-mails are already part of `GET /user`; it
 * tells the client whether the member list shows them. `only_owner_can_send_msg` is
 * `requireChannelSender` in `index.ts`.
 */
import type { Actor, Ctx } from '../context.js';
import { forbidden } from '../errors.js';

type PairSwitch = 'dm_to_member' | 'add_friend';

const REFUSALS: Record<PairSwitch, string> = {
  dm_to_member: 'direct messages between members of this channel are turned off',
  add_friend: 'adding members of this channel as contacts is turned off',
};

export async function requireChannelsAllow(
  ctx: Ctx,
  actor: Actor,
  uid: number,
  which: PairSwitch,
): Promise<void> {
  if (uid === actor.uid || actor.isAdmin || actor.user.is_bot) return;
  const shared = await ctx.store.groups.sharedBy(actor.uid, uid);
  if (shared.length === 0 || shared.some((g) => g[which])) return;
  const other = await ctx.store.users.get(uid);
  if (!other || other.is_bot) return;
  if (which === 'dm_to_member') {
    const [mine, theirs] = await Promise.all([
      ctx.store.contacts.get(actor.uid, uid),
      ctx.store.contacts.get(uid, actor.uid),
    ]);
    if (mine?.status === 'added' || theirs?.status === 'added') return;
  }
  throw forbidden(REFUSALS[which]);
}
