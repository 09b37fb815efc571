/**
 * FCM for VoceChat's mobile apps (API.md §4.1, §11; issue 16): the administrator's configuration
 * and the device tokens the apps register. Sending is `fcm-send.ts`.
 */
import type { DeviceTokenRequest, FcmConfig } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest } from '../errors.js';
import { requireAdmin } from '../policy/index.js';
import { requireNotifyOwner } from '../policy/notifications.js';
import { audited, settingsDiff } from './audit.js';
import { readSetting, writeSetting } from './settings.js';

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_FCM_URL = 'https://fcm.googleapis.com';

/** Where to get tokens and send messages, or null while FCM is off or incomplete. */
export interface FcmTarget {
  tokenUrl: string;
  apiUrl: string;
  projectId: string;
  privateKey: string;
  clientEmail: string;
}

export async function getFcmConfig(ctx: Ctx, actor: Actor): Promise<FcmConfig> {
  requireAdmin(actor);
  return readSetting(ctx.store, 'fcm');
}

function httpUrl(value: string, what: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString().replace(/\/+$/, '');
  } catch {
    // answered below
  }
  throw badRequest(`${what} must be an http(s) URL`);
}

export async function setFcmConfig(ctx: Ctx, actor: Actor, config: FcmConfig): Promise<void> {
  requireAdmin(actor);
  const value: FcmConfig = {
    enabled: config.enabled,
    use_official: config.use_official,
    token_url: config.token_url.trim(),
    project_id: config.project_id.trim(),
    private_key: config.private_key,
    client_email: config.client_email.trim(),
    ...(config.api_url?.trim() && { api_url: config.api_url.trim() }),
  };
  if (value.enabled) {
    if (!value.project_id || /[^\w.:-]/.test(value.project_id)) throw badRequest('a project id is needed');
    if (!value.client_email.includes('@')) throw badRequest('a service account e-mail is needed');
    if (!value.private_key.includes('PRIVATE KEY')) throw badRequest('a PEM private key is needed');
    if (!value.use_official) {
      httpUrl(value.token_url, 'token_url');
      if (value.api_url) httpUrl(value.api_url, 'api_url');
    }
  }
  const before = await readSetting(ctx.store, 'fcm');
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'fcm', value);
    await audit('settings.push', 'settings:fcm', settingsDiff(before, value));
  });
}

/** The configured FCM service, or null while FCM is off. */
export async function fcmTarget(ctx: Ctx): Promise<FcmTarget | null> {
  const c = await readSetting(ctx.store, 'fcm');
  if (!c.enabled || !c.project_id || !c.private_key || !c.client_email) return null;
  const custom = !c.use_official;
  return {
    tokenUrl: custom && c.token_url ? c.token_url : GOOGLE_TOKEN_URL,
    apiUrl: (custom && c.api_url ? c.api_url : GOOGLE_FCM_URL).replace(/\/+$/, ''),
    projectId: c.project_id,
    privateKey: c.private_key,
    clientEmail: c.client_email,
  };
}

/** `PUT /token/device_token`: the calling device's FCM token; empty or null removes it. */
export async function setDeviceToken(ctx: Ctx, actor: Actor, req: DeviceTokenRequest): Promise<void> {
  requireNotifyOwner(actor);
  const token = req.device_token?.trim() || null;
  if (token && /[^\w:.\-/+=]/.test(token)) throw badRequest('bad device token');
  await ctx.store.notify.setDeviceToken(actor.uid, actor.device, token);
}
