/** Data management (API.md §3): an administrator clears every message; every client drops its own. */
import type { Actor, Ctx } from '../context.js';
import { requireAdmin } from '../policy/index.js';
import { audited } from './audit.js';

export async function clearAllMessages(ctx: Ctx, actor: Actor): Promise<void> {
  requireAdmin(actor);
  const latest = await audited(ctx, actor, async (tx, audit) => {
    const through = await tx.messages.clearAll();
    await audit('data.clear_messages', null, `up to mid ${through}`);
    return through;
  });
  if (latest === 0) return;
  ctx.log.info({ uid: actor.uid, latest_deleted_mid: latest }, 'all messages cleared');
  await ctx.bus.publish({
    audience: { kind: 'all' },
    event: { type: 'message_cleared', latest_deleted_mid: latest },
  });
}
