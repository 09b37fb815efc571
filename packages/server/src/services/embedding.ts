/**
 * Which sites may frame the whole client (issue 14; docs/embedding.md): an administrator's list of
 * origins, stored as a runtime setting and read by the security headers (`http/security-headers.ts`).
 */
import type { EmbeddingConfig } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { requireAdmin } from '../policy/index.js';
import type { Store } from '../store/types.js';
import { readSetting, writeSetting } from './settings.js';

export async function getEmbeddingConfig(ctx: Ctx, actor: Actor): Promise<EmbeddingConfig> {
  requireAdmin(actor);
  return readSetting(ctx.store, 'embedding');
}

export async function setEmbeddingConfig(ctx: Ctx, actor: Actor, config: EmbeddingConfig): Promise<void> {
  requireAdmin(actor);
  const origins = [...new Set(config.frame_ancestors.map((origin) => origin.toLowerCase()))];
  await writeSetting(ctx.store, 'embedding', { frame_ancestors: origins });
}

/**
 * The CSP `frame-ancestors` sources now: this server and the administrator's sites, or the
 * configured default while the list is empty.
 */
export async function frameAncestors(store: Store, fallback: string): Promise<string> {
  const { frame_ancestors } = await readSetting(store, 'embedding');
  return frame_ancestors.length > 0 ? ["'self'", ...frame_ancestors].join(' ') : fallback;
}
