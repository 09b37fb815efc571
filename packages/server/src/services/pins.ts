/**
 * Pinned messages per channel (API.md §9.3 `pinned_message_updated`, §15.7): the channel's owner
 * or an administrator pins (a public channel has no owner, so administrators only); edits and
 * deletes of a pinned message reach everyone who reads the channel.
 */
import type { MessageVersion, PinRequest } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { conflict, notFound } from '../errors.js';
import type { PinRecord } from '../store/types.js';
import { groupAudience } from './audience.js';
import { loadPinnable, type LoadedMessage } from '../policy/messages.js';
import { currentVersion } from './message-versions.js';

export async function pinMessage(ctx: Ctx, actor: Actor, gid: number, req: PinRequest): Promise<void> {
  const { group, members } = await loadPinnable(ctx, actor, gid, req.mid);
  // Under the send lock: a delete commits either before (the message is gone here) or after (and
  // then removes this pin), never in between.
  const pin = await ctx.sends.ordered(async () => {
    const version = currentVersion(await ctx.store.messages.versions(req.mid));
    if (!version) throw notFound('no such message in this channel');
    const record: PinRecord = {
      gid,
      mid: req.mid,
      created_by: actor.uid,
      created_at: ctx.now(),
      content_type: version.content_type,
      content: version.content,
      properties: version.properties,
    };
    if (!(await ctx.store.pins.add(record))) throw conflict('already_pinned');
    return record;
  });
  await publishPin(ctx, groupAudience(group, members), pin, gid, req.mid);
}

export async function unpinMessage(ctx: Ctx, actor: Actor, gid: number, req: PinRequest): Promise<void> {
  const { group, members } = await loadPinnable(ctx, actor, gid, req.mid);
  if (!(await ctx.store.pins.remove(gid, req.mid))) throw notFound('the message is not pinned');
  await publishPin(ctx, groupAudience(group, members), null, gid, req.mid);
}

/** After an edit: the pin shows the new version (API.md §15.7). */
export async function pinEdited(ctx: Ctx, loaded: LoadedMessage, version: MessageVersion | undefined) {
  if (!version || !loaded.group || !(await ctx.store.pins.forMessage(loaded.message.mid))) return;
  const { content_type, content, properties } = version;
  const pin = await ctx.store.pins.updateVersion(loaded.message.mid, { content_type, content, properties });
  if (pin) await publishPin(ctx, loaded.audience, pin, pin.gid, pin.mid);
}

/** After deletes: their pins go, with `msg: null`. */
export async function pinsDeleted(ctx: Ctx, deleted: readonly LoadedMessage[]) {
  for (const { message, group, audience } of deleted) {
    if (group && (await ctx.store.pins.remove(group.gid, message.mid))) {
      await publishPin(ctx, audience, null, group.gid, message.mid);
    }
  }
}

async function publishPin(
  ctx: Ctx,
  audience: LoadedMessage['audience'],
  pin: PinRecord | null,
  gid: number,
  mid: number,
) {
  const msg = pin && (({ gid: _gid, ...rest }) => rest)(pin);
  await ctx.bus.publish({ audience, event: { type: 'pinned_message_updated', gid, mid, msg } });
}
