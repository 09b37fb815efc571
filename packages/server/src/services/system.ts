/** Server setup and settings: first admin, organization, login config, common settings, metrics. */
import {
  API_LEVEL,
  PRODUCT_VERSION,
  type CreateAdminRequest,
  type EventOf,
  type LoginConfig,
  type Metrics,
  type Organization,
  type SystemCommon,
  type UpdateOrganizationRequest,
  type UpdateSystemCommonRequest,
  type UserInfo,
} from '@parley/protocol';
import { hashPassword } from '../auth/passwords.js';
import { blobKeys } from '../blobs/index.js';
import { DEFAULT_LOGO_SVG, squareImage, squareImageType } from '../blobs/images.js';
import type { Actor, Ctx } from '../context.js';
import { badRequest, forbidden } from '../errors.js';
import { isUniqueViolation } from '../store/index.js';
import { readSetting, writeSetting } from './settings.js';
import { announceEveryone, isRestricted } from './directory.js';
import { retractForEveryone } from './directory-retraction.js';
import { normaliseEmail } from './email-address.js';
import { announceNewUser, commitUserLog, createLog, passwordAccount } from './users.js';
import { requireAdmin } from '../policy/index.js';
import { userInfo } from './views.js';
import { cleanName } from './names.js';
import { publicOrigin } from './invites.js';
import { audited, settingsDiff } from './audit.js';
import { endGuestAccess } from './guests.js';

const LOGO_SIZE = 240;

export async function isInitialized(ctx: Ctx): Promise<boolean> {
  return (await ctx.store.users.count()) > 0;
}

/** `origin`: where onboarding happened, kept as the origin of invite links (see `publicOrigin`). */
export async function createAdmin(ctx: Ctx, req: CreateAdminRequest, origin: string): Promise<UserInfo> {
  const email = normaliseEmail(req.email);
  const name = cleanName(req.name);
  const passwordHash = await hashPassword(req.password, ctx.config.passwordHashing);
  const now = ctx.now();
  const alreadyInitialized = () => forbidden('the server already has users');
  const created = await commitUserLog(ctx, () =>
    ctx.store.transaction(async (tx) => {
      if ((await tx.users.count()) > 0) throw alreadyInitialized();
      const user = await tx.users.create(
        passwordAccount({
          email,
          name,
          passwordHash,
          isAdmin: true,
          now,
          gender: req.gender,
          language: req.language,
        }),
      );
      const log = await tx.userLog.append(createLog(user));
      // Log appends are serialised in commit order, so a concurrent first user that got here earlier
      // has committed by now and is counted: exactly one racer becomes the administrator.
      if ((await tx.users.count()) > 1) throw alreadyInitialized();
      return { user, log };
    }),
  ).catch((err: unknown) => {
    // A racer with the same email or name: someone else was first.
    if (isUniqueViolation(err)) throw alreadyInitialized();
    throw err;
  });
  await announceNewUser(ctx, created.user);
  await publicOrigin(ctx, origin);
  return userInfo(created.user);
}

export async function getOrganization(ctx: Ctx): Promise<Organization> {
  const org = await readSetting(ctx.store, 'organization');
  return { name: org.name, description: org.description, server_id: ctx.serverId };
}

export async function updateOrganization(
  ctx: Ctx,
  actor: Actor,
  req: UpdateOrganizationRequest,
): Promise<void> {
  requireAdmin(actor);
  const name = req.name.trim();
  if (!name) throw badRequest('name is empty');
  const current = await readSetting(ctx.store, 'organization');
  const next = {
    name,
    description: req.description === undefined ? current.description : req.description?.trim() || null,
  };
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'organization', next);
    await audit('settings.organization', 'settings:organization', settingsDiff(current, next));
  });
  await publishConfigChanged(ctx, {
    organization_name: next.name,
    organization_description: next.description,
  });
}

export async function setOrganizationLogo(
  ctx: Ctx,
  actor: Actor,
  image: Buffer,
  crop?: string,
): Promise<void> {
  requireAdmin(actor);
  await ctx.blobs.put(blobKeys.organizationLogo(), await squareImage(image, LOGO_SIZE, crop));
  const at = ctx.now();
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'orgLogoUpdatedAt', at);
    await audit('settings.logo', 'settings:organization');
  });
  await publishConfigChanged(ctx, { organization_logo: `/api/resource/organization/logo?t=${at}` });
}

export async function getOrganizationLogo(ctx: Ctx): Promise<{ image: Buffer; contentType: string }> {
  const uploaded = await ctx.blobs.get(blobKeys.organizationLogo());
  return uploaded
    ? { image: uploaded, contentType: squareImageType(uploaded) }
    : { image: DEFAULT_LOGO_SVG, contentType: 'image/svg+xml' };
}

export const getLoginConfig = (ctx: Ctx): Promise<LoginConfig> => readSetting(ctx.store, 'loginConfig');

export async function setLoginConfig(ctx: Ctx, actor: Actor, config: LoginConfig): Promise<void> {
  requireAdmin(actor);
  const before = await readSetting(ctx.store, 'loginConfig');
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'loginConfig', config);
    await audit('settings.login', 'settings:login', settingsDiff(before, config));
  });
  if (!config.guest) await endGuestAccess(ctx);
}

export const getSystemCommon = (ctx: Ctx): Promise<SystemCommon> => readSetting(ctx.store, 'systemCommon');

export async function updateSystemCommon(
  ctx: Ctx,
  actor: Actor,
  patch: UpdateSystemCommonRequest,
): Promise<void> {
  requireAdmin(actor);
  if (Object.keys(patch).length === 0) throw badRequest('nothing to update');
  if (typeof patch.ext_setting === 'string' && !isJsonObject(patch.ext_setting))
    throw badRequest('ext_setting must be a JSON object');
  const before = await readSetting(ctx.store, 'systemCommon');
  const next = { ...before, ...patch };
  const wasRestricted = await isRestricted(ctx);
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'systemCommon', next);
    await audit('settings.common', 'settings:common', settingsDiff(before, next));
  });
  // Back to everyone: clients that were shown part of the directory get the rest.
  if (wasRestricted && next.directory_visibility === 'everyone') await announceEveryone(ctx);
  // Narrowed: every member's client drops the users they no longer see.
  else if (!wasRestricted && next.directory_visibility !== 'everyone') await retractForEveryone(ctx);
  await publishConfigChanged(ctx, next);
}

/** `ext_setting` is a JSON object serialised to a string (API.md §3); clients parse it at boot. */
function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

export async function getMetrics(ctx: Ctx, actor: Actor): Promise<Metrics> {
  requireAdmin(actor);
  const [userCount, groupCount, online] = await Promise.all([
    ctx.store.users.count(),
    ctx.store.groups.count(),
    ctx.presence.onlineUids(),
  ]);
  return {
    user_count: userCount,
    group_count: groupCount,
    online_user_count: online.length,
    version: PRODUCT_VERSION,
  };
}

export const apiLevel = (): string => API_LEVEL;

type ConfigChange = Partial<Omit<EventOf<'server_config_changed'>, 'type'>>;

/** Tells every client what changed; the org fields the change leaves alone are null (API.md §15.5). */
async function publishConfigChanged(ctx: Ctx, change: ConfigChange): Promise<void> {
  await ctx.bus.publish({
    audience: { kind: 'all' },
    event: {
      type: 'server_config_changed',
      organization_name: null,
      organization_description: null,
      organization_logo: null,
      ...change,
    },
  });
}
