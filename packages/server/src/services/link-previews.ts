/**
 * Link previews (API.md §7.4) and the image proxy: every fetch goes through `ctx.outbound` (the safe
 * client), results are cached on this node with an expiry, and each user's requests are limited
 * (`PREVIEW_RATE` a minute). A page that cannot be fetched gives the empty preview, as upstream.
 */
import type { ImageProxyQuery, OpenGraph } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { sniffMime } from '../file-type.js';
import { TtlCache } from '../outbound/cache.js';
import { decodePage, emptyOpenGraph, parseOpenGraph } from '../outbound/open-graph.js';
import { OutboundRefused } from '../outbound/safe-fetch.js';
import { readSetting } from './settings.js';

const PAGE = { accept: ['text/html', 'application/xhtml+xml'], maxBytes: 1024 * 1024, timeoutMs: 5_000 };
/** Raster types only: an SVG can carry script and remote references of its own. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];
const IMAGE = { accept: IMAGE_TYPES, maxBytes: 5 * 1000 * 1000, timeoutMs: 8_000 };
const HOUR = 3_600_000;
const FAILURE_TTL_MS = 5 * 60_000;
const CACHED_IMAGE_MAX_BYTES = 512 * 1024;
const CACHED_IMAGES = 100;

export interface ProxiedImage {
  image: Buffer;
  contentType: string;
  cacheControl: string;
}

interface PreviewCaches {
  pages: TtlCache<OpenGraph>;
  images: TtlCache<ProxiedImage | null>;
}
const caches = new WeakMap<Ctx, PreviewCaches>();
function cachesOf(ctx: Ctx): PreviewCaches {
  let found = caches.get(ctx);
  if (!found) {
    found = { pages: new TtlCache(2_000, ctx.now), images: new TtlCache(CACHED_IMAGES, ctx.now) };
    caches.set(ctx, found);
  }
  return found;
}

/** The server-wide switch (SPEC §3, `ext_setting.enable_msg_url_preview`); on unless set false. */
export async function previewsEnabled(ctx: Ctx): Promise<boolean> {
  const { ext_setting } = await readSetting(ctx.store, 'systemCommon');
  if (!ext_setting) return true;
  try {
    const parsed = JSON.parse(ext_setting) as { enable_msg_url_preview?: unknown };
    return parsed.enable_msg_url_preview !== false;
  } catch {
    return true;
  }
}

/** An absolute http(s) URL, or 400. */
function targetOf(raw: string): string {
  try {
    const url = new URL(raw.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // answered below
  }
  throw badRequest('url must be an absolute http(s) URL');
}

export async function openGraph(
  ctx: Ctx,
  actor: Actor,
  rawUrl: string,
  acceptLanguage: string | undefined,
): Promise<{ preview: OpenGraph; cacheable: boolean }> {
  const url = targetOf(rawUrl);
  if (!(await previewsEnabled(ctx))) return { preview: emptyOpenGraph(), cacheable: false };
  await ctx.limits.preview(actor.uid, ctx.config.outbound.perUserPerMinute);
  const language = (acceptLanguage ?? '').slice(0, 100);
  const preview = await cachesOf(ctx).pages.get(`${language}\n${url}`, async () => {
    try {
      const res = await ctx.outbound(url, {
        ...PAGE,
        headers: language ? { 'accept-language': language } : {},
      });
      return { value: parseOpenGraph(decodePage(res.body, res.charset), res.url), ttlMs: HOUR };
    } catch (err) {
      if (!(err instanceof OutboundRefused)) throw err;
      ctx.log.debug({ reason: err.reason }, 'link preview not fetched');
      return { value: emptyOpenGraph(), ttlMs: FAILURE_TTL_MS };
    }
  });
  return { preview, cacheable: true };
}

/** A remote raster image, fetched by the server; 404 when it cannot be had. */
export async function proxyImage(ctx: Ctx, actor: Actor, query: ImageProxyQuery): Promise<ProxiedImage> {
  const url = targetOf(query.url);
  await ctx.limits.preview(actor.uid, ctx.config.outbound.perUserPerMinute);
  const image = await cachesOf(ctx).images.get(url, async () => {
    try {
      const res = await ctx.outbound(url, IMAGE);
      // The bytes must be what the header claims: a raster image of an accepted type.
      const sniffed = await sniffMime(res.body);
      if (!sniffed || !IMAGE_TYPES.includes(sniffed)) return { value: null, ttlMs: FAILURE_TTL_MS };
      return {
        value: { image: res.body, contentType: sniffed, cacheControl: 'private, max-age=86400' },
        // Large images are not kept (the reader's browser keeps them): the cache stays ≤ 50 MB.
        ttlMs: res.body.length <= CACHED_IMAGE_MAX_BYTES ? HOUR : 0,
      };
    } catch (err) {
      if (!(err instanceof OutboundRefused)) throw err;
      return { value: null, ttlMs: FAILURE_TTL_MS };
    }
  });
  if (!image) throw notFound('image not available');
  return image;
}
