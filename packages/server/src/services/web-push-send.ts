/**
 * One Web Push request (RFC 8030), its payload encrypted for the subscription (RFC 8291,
 * `aes128gcm`) and signed with the server's VAPID key (RFC 8292) by the `web-push` package, and
 * sent with `fetch` so that a slow endpoint is cut off after `timeoutMs`.
 */
import { lazyModule } from '../lazy-module.js';
import type { PushSubscriptionRecord } from '../store/types.js';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushOutcome {
  /** The push service's status, or null when it could not be reached. */
  status: number | null;
  error: string | null;
}

export const loadWebPush = lazyModule(async () => (await import('web-push')).default);

/** How long a pushed message may wait in the push service for an offline browser. */
const TTL_SECONDS = 24 * 3600;

export async function sendWebPush(
  sub: PushSubscriptionRecord,
  body: string,
  vapid: VapidDetails,
  timeoutMs: number,
): Promise<PushOutcome> {
  const webpush = await loadWebPush();
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    body,
    { vapidDetails: vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'high' },
  );
  try {
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    const ok = res.status >= 200 && res.status <= 299;
    return { status: res.status, error: ok ? null : `HTTP ${res.status}` };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { status: null, error: (cause ?? (err instanceof Error ? err.name : 'error')).slice(0, 200) };
  }
}
