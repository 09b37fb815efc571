/** A user's notification settings (issue 16; docs/notifications.md). */
import type { NotifySettings } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest } from '../errors.js';
import { requireNotifyOwner } from '../policy/notifications.js';

export const DEFAULT_NOTIFY_SETTINGS: NotifySettings = {
  level: 'all',
  overrides: [],
  quiet_hours: null,
  email_digest: true,
};

export async function getNotifySettings(ctx: Ctx, actor: Actor): Promise<NotifySettings> {
  requireNotifyOwner(actor);
  return (await ctx.store.notify.getPrefs(actor.uid)) ?? DEFAULT_NOTIFY_SETTINGS;
}

/** Replaces the settings; an override may name one conversation once (400 otherwise). */
export async function setNotifySettings(ctx: Ctx, actor: Actor, req: NotifySettings): Promise<void> {
  requireNotifyOwner(actor);
  const keys = req.overrides.map((o) => ('gid' in o.target ? `g${o.target.gid}` : `u${o.target.uid}`));
  if (new Set(keys).size !== keys.length) throw badRequest('one override per conversation');
  const overrides = req.overrides.map((o) => ({
    target: 'gid' in o.target ? { gid: o.target.gid } : { uid: o.target.uid },
    level: o.level,
  }));
  const quiet = req.quiet_hours && {
    start: req.quiet_hours.start,
    end: req.quiet_hours.end,
    utc_offset: req.quiet_hours.utc_offset,
  };
  await ctx.store.notify.setPrefs(
    actor.uid,
    { level: req.level, overrides, quiet_hours: quiet, email_digest: req.email_digest },
    ctx.now(),
  );
}
