/**
 * A user's client preferences (issue 14; docs/api.md "Preferences"): stored per user, and every
 * change sent whole to the user's other devices as `user_preferences_changed`; nobody else hears
 * of it.
 */
import { DEFAULT_PREFERENCES, type UpdatePreferencesRequest, type UserPreferences } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest } from '../errors.js';
import { requirePreferencesOwner } from '../policy/preferences.js';

export async function getPreferences(ctx: Ctx, actor: Actor): Promise<UserPreferences> {
  requirePreferencesOwner(actor);
  return (await ctx.store.preferences.get(actor.uid)) ?? DEFAULT_PREFERENCES;
}

/** Changes the fields given (400 when none is); answers the whole of them. */
export async function updatePreferences(
  ctx: Ctx,
  actor: Actor,
  req: UpdatePreferencesRequest,
): Promise<UserPreferences> {
  requirePreferencesOwner(actor);
  const change = Object.fromEntries(Object.entries(req).filter(([, value]) => value !== undefined));
  if (Object.keys(change).length === 0) throw badRequest('nothing to change');
  const preferences = await ctx.store.transaction(async (tx) => {
    const current = (await tx.preferences.get(actor.uid)) ?? DEFAULT_PREFERENCES;
    // Never backwards, so two quick changes from two devices keep their order.
    const next = { ...current, ...change, updated_at: Math.max(ctx.now(), current.updated_at + 1) };
    await tx.preferences.set(actor.uid, next);
    return next;
  });
  await ctx.bus.publish({
    audience: { kind: 'users', uids: [actor.uid], exceptDevice: actor.device },
    event: { type: 'user_preferences_changed', from_device: actor.device, preferences },
  });
  return preferences;
}
