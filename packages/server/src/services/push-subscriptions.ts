/**
 * Web Push subscriptions (issue 16): one per device, replaced when the browser subscribes again
 * (it renews after 7 days, SPEC §4), removed on unsubscribe, on logout of the device, and when the
 * push service answers 404 or 410 (`notify-worker.ts`).
 */
import { createPublicKey } from 'node:crypto';
import type { PushSubscriptionRequest, VapidKey } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest } from '../errors.js';
import { allowedPushEndpoint, requireNotifyOwner } from '../policy/notifications.js';
import { loadWebPush } from './web-push-send.js';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SETTING = 'vapid_keys';

/** The VAPID key pair, generated once and kept in the database, so every node signs with it. */
export async function vapidKeys(ctx: Ctx): Promise<VapidKeys> {
  const stored = await ctx.store.settings.get<VapidKeys>(VAPID_SETTING);
  if (stored) return stored;
  return ctx.store.settings.setIfAbsent<VapidKeys>(VAPID_SETTING, (await loadWebPush()).generateVAPIDKeys());
}

export async function vapidKey(ctx: Ctx, actor: Actor): Promise<VapidKey> {
  requireNotifyOwner(actor);
  return { public_key: (await vapidKeys(ctx)).publicKey };
}

/** 400 unless `p256dh` is a point on P-256 and `auth` a 16-byte secret (both base64url). */
function checkKeys(keys: PushSubscriptionRequest['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  if (auth.length !== 16) throw badRequest('bad push auth secret');
  if (p256dh.length !== 65 || p256dh[0] !== 4) throw badRequest('bad push key');
  try {
    const x = p256dh.subarray(1, 33).toString('base64url');
    const y = p256dh.subarray(33).toString('base64url');
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' });
  } catch {
    throw badRequest('bad push key');
  }
}

export async function subscribePush(ctx: Ctx, actor: Actor, req: PushSubscriptionRequest): Promise<void> {
  requireNotifyOwner(actor);
  const endpoint = allowedPushEndpoint(ctx, req.endpoint);
  checkKeys(req.keys);
  const now = ctx.now();
  await ctx.store.notify.saveSubscription({
    uid: actor.uid,
    device: actor.device,
    endpoint,
    p256dh: req.keys.p256dh,
    auth: req.keys.auth,
    created_at: now,
    updated_at: now,
  });
}

export async function unsubscribePush(ctx: Ctx, actor: Actor): Promise<void> {
  requireNotifyOwner(actor);
  await ctx.store.notify.deleteSubscription(actor.uid, actor.device);
}
