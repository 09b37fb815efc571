/** Deletes abandoned uploads in the background (API.md §7.1: discarded after 300 s without a chunk). */
import type { Ctx } from '../../context.js';
import { JobRunner } from '../jobs/job-runner.js';
import { sweepAbandonedUploads } from './upload.js';

/** Every node sweeps (no lease): deleting an upload twice is harmless. */
export function uploadSweeper(ctx: Ctx): JobRunner {
  return new JobRunner(ctx, {
    name: 'upload-sweeper',
    intervalMs: Math.min(60_000, ctx.config.files.uploadTimeoutMs),
    pass: async () => void (await sweepAbandonedUploads(ctx)),
  });
}
