/**
 * Who may have notifications, and which push endpoints the server posts to (issue 16): guests
 * have neither settings nor subscriptions; an endpoint is an `https:` URL (`http:` only where
 * `PUSH_ALLOW_HTTP` allows it, for a test stand-in).
 */
import type { Actor, Ctx } from '../context.js';
import { badRequest, forbidden } from '../errors.js';

export function requireNotifyOwner(actor: Actor): void {
  if (actor.isGuest) throw forbidden('guests have no notifications');
}

/** The endpoint as a URL string; 400 unless the server may post to it. */
export function allowedPushEndpoint(ctx: Ctx, endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest('bad push endpoint');
  }
  const http = url.protocol === 'http:' && ctx.config.push.allowHttpEndpoints;
  if (url.protocol !== 'https:' && !http) throw badRequest('push endpoint must be https');
  if (url.username || url.password) throw badRequest('bad push endpoint');
  return url.toString();
}
