/** Deletes abandoned uploads in the background (API.md §7.1: discarded after 300 s without a chunk). */
import type { Ctx } from '../../context.js';
import { sweepAbandonedUploads } from './upload.js';

export function startUploadSweeper(ctx: Ctx): () => void {
  const every = Math.min(60_000, ctx.config.files.uploadTimeoutMs);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepAbandonedUploads(ctx)
      .catch((err: unknown) => ctx.log.warn({ err }, 'sweeping abandoned uploads failed'))
      .finally(() => (running = false));
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
