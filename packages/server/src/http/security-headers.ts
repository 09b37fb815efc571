/**
 * Browser security headers on every answer (docs/deploy.md, "Browser security"): a Content
 * Security Policy that runs only our own scripts (the one inline script of the web client's
 * index.html by its hash, computed when the node starts), loads images only from this server,
 * and lets only configured sites frame the app; no MIME sniffing; no referrer to other sites.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/index.js';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP hash sources of every inline script in `html`, hashed exactly as the browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
  );
}

export function contentSecurityPolicy(scriptHashes: readonly string[], frameAncestors: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // Inline styles stay: the toast library injects a <style> element. They cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Nothing remote: message content must not tell an outside host who read it.
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** `/widget.html`, with or without a query: the one page other sites may frame. */
export function isWidgetPage(url: string): boolean {
  return url === '/widget.html' || url.startsWith('/widget.html?');
}

/** How long a node trusts the frame-ancestors it read: an administrator's change shows within this. */
export const FRAME_ANCESTORS_TTL_MS = 3000;

/**
 * `currentFrameAncestors` reads the administrator's setting (docs/embedding.md); without it, or
 * while it fails, the configured `FRAME_ANCESTORS` applies.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  currentFrameAncestors?: () => Promise<string>,
  now: () => number = Date.now,
): Promise<void> {
  const html = config.webDir
    ? await readFile(path.join(config.webDir, 'index.html'), 'utf8').catch(() => '')
    : '';
  const hashes = inlineScriptHashes(html);
  const headersFor = (frameAncestors: string): Record<string, string> => {
    const headers: Record<string, string> = {
      'content-security-policy': contentSecurityPolicy(hashes, frameAncestors),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
    };
    // For browsers that predate frame-ancestors, where the old header can say the same thing.
    if (frameAncestors === "'self'") headers['x-frame-options'] = 'SAMEORIGIN';
    if (frameAncestors === "'none'") headers['x-frame-options'] = 'DENY';
    return headers;
  };
  let current = { sources: config.http.frameAncestors, headers: headersFor(config.http.frameAncestors) };
  let readAt = -Infinity;
  let reading: Promise<void> | undefined;
  const refresh = async () => {
    const sources = await currentFrameAncestors!().catch(() => config.http.frameAncestors);
    if (sources !== current.sources) current = { sources, headers: headersFor(sources) };
    readAt = now();
  };
  // The chat widget's page is made to be framed by any website (docs/widget.md); it holds only
  // the visitor's own conversation, never the app, and scripts from this server alone. It shows
  // messages as plain text, so the only outside image it loads is the logo the site names.
  const widgetHeaders: Record<string, string> = {
    ...headersFor('*'),
    'content-security-policy': contentSecurityPolicy([], '*').replace(
      "img-src 'self' data: blob:",
      "img-src 'self' data: blob: https:",
    ),
  };
  // Read once now, then again in the background when stale: an answer never waits on the database
  // (a slow or lost database must not hold every page), it gets what the node last read.
  if (currentFrameAncestors) await refresh();
  app.addHook('onRequest', async (request, reply) => {
    if (isWidgetPage(request.url)) return void reply.headers(widgetHeaders);
    if (currentFrameAncestors && !reading && now() - readAt > FRAME_ANCESTORS_TTL_MS)
      reading = refresh().finally(() => (reading = undefined));
    reply.headers(current.headers);
  });
}
