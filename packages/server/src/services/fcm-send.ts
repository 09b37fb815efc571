/**
 * Sending through the FCM HTTP v1 API (issue 16): a service-account JWT (RS256, node:crypto) is
 * exchanged at the token URL for an access token (RFC 7523 `jwt-bearer`), kept until shortly
 * before it expires, and each message is one `POST {api}/v1/projects/{project}/messages:send`.
 */
import { createSign } from 'node:crypto';
import type { PushPayload } from '@parley/protocol';
import type { FcmTarget } from './fcm-config.js';
import type { PushOutcome } from './web-push-send.js';

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_LIFETIME_S = 3600;
/** A token is renewed this long before it expires. */
const EARLY_RENEW_MS = 60_000;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The signed assertion of a service account (RFC 7523 §2.1). */
export function serviceAccountJwt(target: FcmTarget, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const head = b64({ alg: 'RS256', typ: 'JWT' });
  const claims = b64({
    iss: target.clientEmail,
    scope: FCM_SCOPE,
    aud: target.tokenUrl,
    iat,
    exp: iat + JWT_LIFETIME_S,
  });
  const signature = createSign('RSA-SHA256').update(`${head}.${claims}`).sign(target.privateKey, 'base64url');
  return `${head}.${claims}.${signature}`;
}

/**
 * The FCM v1 message for one device. Data values are strings (FCM's rule). Every message of a
 * conversation has the same collapse key and tag, so a newer one replaces the one shown (Android).
 * - A new message (`kind` absent or `message`): a notification plus data.
 * - An edit: the same, with the edited text and `kind: "edit"`; it replaces the shown notification.
 * - A withdrawal (deleted message): a data-only message (`kind: "withdraw"`, no `notification`), so
 *   nothing is shown: FCM cannot remove a notification from a device, an app that knows the kind
 *   cancels its notification by tag, and an app that does not (VoceChat's) shows nothing new.
 */
export function fcmMessage(token: string, payload: PushPayload): object {
  const title = payload.group_name ? `${payload.from_name} · ${payload.group_name}` : payload.from_name;
  const conversation = 'gid' in payload.target ? `g${payload.target.gid}` : `u${payload.target.uid}`;
  const data = {
    mid: String(payload.mid),
    from_uid: String(payload.from_uid),
    ...('gid' in payload.target ? { gid: String(payload.target.gid) } : { uid: String(payload.target.uid) }),
    ...(payload.kind === 'edit' || payload.kind === 'withdraw'
      ? { kind: payload.kind, tag: conversation }
      : {}),
  };
  if (payload.kind === 'withdraw') {
    return {
      message: {
        token,
        data,
        android: { collapse_key: conversation, priority: 'high' },
        apns: {
          headers: { 'apns-push-type': 'background', 'apns-priority': '5' },
          payload: { aps: { 'content-available': 1 } },
        },
      },
    };
  }
  return {
    message: {
      token,
      notification: { title, body: payload.text },
      data,
      android: { collapse_key: conversation, notification: { tag: conversation } },
      apns: { headers: { 'apns-collapse-id': conversation } },
    },
  };
}

export class FcmSender {
  private token: { value: string; until: number; key: string } | undefined;

  constructor(private readonly now: () => number) {}

  private async accessToken(target: FcmTarget, timeoutMs: number): Promise<string> {
    const key = `${target.tokenUrl} ${target.clientEmail} ${target.privateKey.length}`;
    if (this.token && this.token.key === key && this.token.until > this.now()) return this.token.value;
    const res = await fetch(target.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: serviceAccountJwt(target, this.now()),
      }).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (!res.ok || typeof body.access_token !== 'string') throw new Error(`token HTTP ${res.status}`);
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 3_600_000;
    this.token = { value: body.access_token, until: this.now() + lifetime - EARLY_RENEW_MS, key };
    return body.access_token;
  }

  /** Sends one message; `status` 404 means the device token is gone (FCM's UNREGISTERED). */
  async send(
    target: FcmTarget,
    deviceToken: string,
    payload: PushPayload,
    timeoutMs: number,
  ): Promise<PushOutcome> {
    try {
      const access = await this.accessToken(target, timeoutMs);
      const url = `${target.apiUrl}/v1/projects/${encodeURIComponent(target.projectId)}/messages:send`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body: JSON.stringify(fcmMessage(deviceToken, payload)),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      // A rejected token is fetched anew on the next attempt.
      if (res.status === 401) this.token = undefined;
      return { status: res.status, error: res.ok ? null : `HTTP ${res.status}` };
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      return { status: null, error: (cause ?? (err instanceof Error ? err.message : 'error')).slice(0, 200) };
    }
  }
}
