/**
 * Who sets message retention (docs/api.md "Retention"): administrators only, for the server and
 * for any channel. Decided: not channel owners, since retention deletes every member's messages
 * for good, which no member can do to another's messages either.
 */
import type { Actor, Ctx } from '../context.js';
import { loadGroup, requireAdmin, type LoadedGroup } from './index.js';

export function requireRetentionAdmin(actor: Actor): void {
  requireAdmin(actor);
}

export async function loadRetentionChannel(ctx: Ctx, actor: Actor, gid: number): Promise<LoadedGroup> {
  requireAdmin(actor);
  return loadGroup(ctx, gid);
}
