/**
 * The embeddable widget's server side (SPEC §3, docs/widget.md): its one setting, and accounts
 * for website visitors. A visitor gives a name and gets an ordinary account (no e-mail, no
 * password, `create_by: "thirdparty"`, as VoceChat marks accounts an embedding site made), so the
 * people they write to see them like anyone else. The browser keeps the session; a visitor who
 * loses it starts again as a new account.
 */
import type { LoginResponse, WidgetConfig, WidgetVisitorRequest } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { forbidden } from '../errors.js';
import { requireWidgetAdmin, requireWidgetOpen } from '../policy/widget.js';
import { cleanName } from './names.js';
import { issueSession } from './sessions.js';
import { audited } from './audit.js';
import { readSetting, writeSetting } from './settings.js';
import { availableName, createAccount } from './users.js';

const VISITOR_DEVICE = 'widget';

export function getWidgetConfig(ctx: Ctx): Promise<WidgetConfig> {
  return readSetting(ctx.store, 'widget');
}

export async function setWidgetConfig(ctx: Ctx, actor: Actor, config: WidgetConfig): Promise<void> {
  requireWidgetAdmin(actor);
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'widget', { enabled: config.enabled });
    await audit('settings.widget', 'settings:widget', config.enabled ? 'enabled' : 'disabled');
  });
}

/** `address` is the visitor's IP address: visitor accounts count against the registration limit. */
export async function createVisitor(
  ctx: Ctx,
  req: WidgetVisitorRequest,
  address: string,
): Promise<LoginResponse> {
  requireWidgetOpen(await readSetting(ctx.store, 'widget'));
  await ctx.limits.register(address);
  if ((await ctx.store.users.count()) === 0) throw forbidden('the server is not set up yet');
  const name = await availableName(ctx.store, cleanName(req.name));
  const now = ctx.now();
  const user = await createAccount(ctx, {
    email: null,
    name,
    gender: 0,
    language: req.language?.trim() || 'en-US',
    is_admin: false,
    is_bot: false,
    avatar_updated_at: 0,
    create_by: 'thirdparty',
    password_hash: null,
    status: 'normal',
    created_at: now,
    updated_at: now,
  });
  return issueSession(ctx, user, VISITOR_DEVICE, null);
}

/** The administrator's extra CSS for the widget (API.md §7.3): public, empty when none. */
export function getWidgetExtraCss(ctx: Ctx): Promise<string> {
  return readSetting(ctx.store, 'widgetExtraCss');
}

export async function setWidgetExtraCss(ctx: Ctx, actor: Actor, css: string): Promise<boolean> {
  requireWidgetAdmin(actor);
  await writeSetting(ctx.store, 'widgetExtraCss', css);
  return true;
}
