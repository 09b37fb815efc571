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

export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const html = config.webDir
    ? await readFile(path.join(config.webDir, 'index.html'), 'utf8').catch(() => '')
    : '';
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(inlineScriptHashes(html), config.http.frameAncestors),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  };
  // For browsers that predate frame-ancestors, where the old header can say the same thing.
  if (config.http.frameAncestors === "'self'") headers['x-frame-options'] = 'SAMEORIGIN';
  if (config.http.frameAncestors === "'none'") headers['x-frame-options'] = 'DENY';
  // The chat widget's page is made to be framed by any website (docs/widget.md); it holds only
  // the visitor's own conversation, never the app, and scripts from this server alone. It shows
  // messages as plain text, so the only outside image it loads is the logo the site names.
  const widgetHeaders: Record<string, string> = {
    ...headers,
    'content-security-policy': contentSecurityPolicy([], '*').replace(
      "img-src 'self' data: blob:",
      "img-src 'self' data: blob: https:",
    ),
  };
  delete widgetHeaders['x-frame-options'];
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(isWidgetPage(request.url) ? widgetHeaders : headers);
  });
}
