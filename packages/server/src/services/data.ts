/** Data management (API.md §3): an administrator clears every message; every client drops its own. */
import type { Actor, Ctx } from '../context.js';
import { requireAdmin } from '../policy/index.js';
import { audited } from './audit.js';
import { isRestricted } from './directory.js';
import { retract } from './directory-retraction.js';

export async function clearAllMessages(ctx: Ctx, actor: Actor): Promise<void> {
  requireAdmin(actor);
  // Direct messages make their two sides visible to each other in a restricted directory.
  const restricted = await isRestricted(ctx);
  const { latest, pairs } = await audited(ctx, actor, async (tx, audit) => {
    const pairs = restricted ? await tx.directory.dmPairs() : [];
    const through = await tx.messages.clearAll();
    await audit('data.clear_messages', null, `up to mid ${through}`);
    return { latest: through, pairs };
  });
  if (latest === 0) return;
  ctx.log.info({ uid: actor.uid, latest_deleted_mid: latest }, 'all messages cleared');
  await ctx.bus.publish({
    audience: { kind: 'all' },
    event: { type: 'message_cleared', latest_deleted_mid: latest },
  });
  // Those conversations are gone: each side may no longer see the other (docs/api.md).
  await retract(
    ctx,
    pairs.flatMap(([a, b]) => [
      [a, b],
      [b, a],
    ]),
  );
}
