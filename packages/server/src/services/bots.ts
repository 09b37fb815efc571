/**
 * The bot API (API.md §10.2): a bot acts as the user it is, through the same permission rules
 * (`policy/`) and the same send path as a person.
 */
import type { BotGroupsQuery, Group, UserInfo } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { getGroup, listGroups } from './groups.js';
import { userInfo } from './views.js';

export async function botGroups(ctx: Ctx, actor: Actor, q: BotGroupsQuery): Promise<Group[]> {
  const groups = await listGroups(ctx, actor);
  return q.public_only ? groups.filter((g) => g.is_public) : groups;
}

export const botGroup = (ctx: Ctx, actor: Actor, gid: number): Promise<Group> => getGroup(ctx, actor, gid);

export async function botUser(ctx: Ctx, uid: number): Promise<UserInfo> {
  const user = await ctx.store.users.get(uid);
  if (!user || user.create_by === 'guest') throw notFound('no such user');
  return userInfo(user);
}
