/**
 * Outbound webhooks (API.md §10.3): the URL a bot's chat records go to, checked with a GET that
 * must answer 200 (else 406), and Parley's additions: a per-bot signing secret and a delivery log.
 * The deliveries themselves are made by `webhook-worker.ts`.
 */
import { createHmac } from 'node:crypto';
import type { BotWebhook, WebhookDelivery } from '@parley/protocol';
import { randomToken } from '../auth/tokens.js';
import type { Actor, Ctx } from '../context.js';
import { AppError, badRequest } from '../errors.js';
import { loadManagedBot } from '../policy/bots.js';
import { audited } from './audit.js';
import type { DeliveryRecord, Store } from '../store/types.js';

const CHECK_TIMEOUT_MS = 5_000;
const LOG_LIMIT = 100;

const newSecret = () => `whsec_${randomToken(32)}`;

/**
 * The signature of one delivery: hex HMAC-SHA256 over `<timestamp>.<body>` with the bot's secret,
 * sent as `sha256=<hex>` (docs/api.md, "Webhooks").
 */
export const signDelivery = (secret: string, timestamp: number, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** An `http(s)` URL, or null for "no webhook"; 400 for anything else. */
export function parseWebhookUrl(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('Bad url format!');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('Bad url format!');
  return url.toString();
}

/**
 * The receiver must answer a GET with 200 before it is set (API.md §10.3). Administrators set
 * these URLs, so loopback and private addresses are allowed, unlike link previews.
 */
export async function checkWebhookUrl(url: string): Promise<void> {
  const ok = await fetch(url, {
    method: 'GET',
    redirect: 'manual',
    signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
  })
    .then(async (res) => {
      await res.body?.cancel();
      return res.status === 200;
    })
    .catch(() => false);
  if (!ok) throw new AppError('not_acceptable', 'Invalid Webhook URL!');
}

/** Stores the URL (already checked), keeping the secret or making the first one. */
export async function storeWebhookUrl(
  ctx: Ctx,
  uid: number,
  url: string | null,
  store: Store = ctx.store,
): Promise<void> {
  const existing = await store.bots.getWebhook(uid);
  if (!existing && url === null) return;
  // A new webhook starts with the next record; changing the URL keeps its place.
  const fromMid = existing?.url ? existing.from_mid : await store.messages.maxMid();
  await store.bots.setWebhook({
    uid,
    url,
    secret: existing?.secret ?? newSecret(),
    from_mid: fromMid,
    updated_at: ctx.now(),
  });
  if (url === null) await store.bots.failPending(uid, 'webhook removed');
}

export async function webhookUrlOf(ctx: Ctx, uid: number): Promise<string | null> {
  return (await ctx.store.bots.getWebhook(uid))?.url ?? null;
}

export async function getBotWebhook(ctx: Ctx, actor: Actor, uid: number): Promise<BotWebhook> {
  await loadManagedBot(ctx, actor, uid);
  const hook = await ctx.store.bots.getWebhook(uid);
  return { webhook_url: hook?.url ?? null, secret: hook?.secret ?? null };
}

export async function rotateWebhookSecret(ctx: Ctx, actor: Actor, uid: number): Promise<BotWebhook> {
  await loadManagedBot(ctx, actor, uid);
  const hook = await ctx.store.bots.getWebhook(uid);
  const secret = newSecret();
  const fromMid = hook?.from_mid ?? (await ctx.store.messages.maxMid());
  await audited(ctx, actor, async (tx, audit) => {
    await tx.bots.setWebhook({
      uid,
      url: hook?.url ?? null,
      secret,
      from_mid: fromMid,
      updated_at: ctx.now(),
    });
    await audit('bot.webhook_secret', `user:${uid}`, 'secret rotated');
  });
  return { webhook_url: hook?.url ?? null, secret };
}

export async function listDeliveries(ctx: Ctx, actor: Actor, uid: number): Promise<WebhookDelivery[]> {
  await loadManagedBot(ctx, actor, uid);
  return (await ctx.store.bots.listDeliveries(uid, LOG_LIMIT)).map(deliveryView);
}

const deliveryView = (d: DeliveryRecord): WebhookDelivery => ({
  id: d.id,
  mid: d.mid,
  status: d.status,
  attempts: d.attempts,
  last_status: d.last_status,
  last_error: d.last_error,
  created_at: d.created_at,
  delivered_at: d.delivered_at,
});
