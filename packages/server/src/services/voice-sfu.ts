/**
 * Rooms on the SFU (docs/voice.md "SFU"): each member sends its media once to Janus and receives
 * the others' through it, instead of everyone sending to everyone. Parley carries the SDP and ICE
 * between the browser and Janus (browsers never reach Janus's API), keeps each member's Janus
 * handles in the database so that any node can serve their requests, and tells the room's members
 * whose media is up (`voice_sfu_feed`). A room is on the SFU from its first member when an SFU is
 * set, and stays so until it empties (no mid-call switch between mesh and SFU).
 */
import type {
  SfuPublishRequest,
  SfuSdpReply,
  SfuStartRequest,
  SfuSubscribeRequest,
  SfuTrickleRequest,
  VoiceConfig,
} from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { AppError, badRequest, notFound } from '../errors.js';
import type { RoomRef } from '../policy/voice.js';
import { requireSfuHandle, requireSfuMember } from '../policy/voice-sfu.js';
import type { VoiceMemberRecord, VoiceSfuHandleRecord } from '../store/types.js';
import {
  JanusError,
  NO_SUCH_SESSION,
  postToHandle,
  type JanusEvent,
  type VideoRoomClient,
} from './sfu/janus.js';
import { sfuClient, type SfuListeners } from './sfu/nodes.js';
import { readSetting } from './settings.js';

/** Janus's name for a Parley room (`group:5` → `parley-group-5`; string ids). */
export const janusRoom = (room: string) => `parley-${room.replace(/:/g, '-')}`;

/** Tells the room's members (each on the device it joined from) that a member's media is up or gone. */
async function publishFeed(
  ctx: Ctx,
  room: string,
  uid: number,
  state: 'up' | 'gone',
  except?: Actor,
): Promise<void> {
  for (const member of await ctx.store.voice.members(room)) {
    if (except && member.uid === except.uid && member.device === except.device) continue;
    await ctx.bus.publish({
      audience: { kind: 'device', uid: member.uid, device: member.device },
      event: { type: 'voice_sfu_feed', room, uid, state },
    });
  }
}

function detach(handles: VoiceSfuHandleRecord[]): Promise<unknown> {
  return Promise.all(
    handles.map((h) => postToHandle(h.url, h.session, h.handle, { janus: 'detach' }).catch(() => undefined)),
  );
}

/**
 * Removes these handles (and the subscriptions to publishers among them), detaches them in Janus,
 * and tells the room about publishers whose media was up.
 */
async function dropHandles(
  ctx: Ctx,
  room: string,
  drop: VoiceSfuHandleRecord[],
  /** The device publishing again: its own feed's `gone` would read as a lost session to it. */
  publishing?: Actor,
): Promise<void> {
  if (drop.length === 0) return;
  const publishers = new Set(drop.filter((h) => h.kind === 'publisher').map((h) => h.uid));
  const orphans =
    publishers.size === 0
      ? []
      : (await ctx.store.voiceSfu.handles(room)).filter(
          (h) => h.kind === 'subscriber' && publishers.has(h.feed!),
        );
  const removed = await ctx.store.voiceSfu.removeHandles([...drop, ...orphans].map((h) => h.handle));
  await detach(removed);
  for (const h of removed) {
    if (h.kind === 'publisher' && h.up_at !== null) await publishFeed(ctx, room, h.uid, 'gone', publishing);
  }
}

/** A publisher's media reached Janus (its `webrtcup`): the room's members may subscribe to it now. */
export async function feedUp(ctx: Ctx, handle: number): Promise<void> {
  const up = await ctx.store.voiceSfu.markUp(handle, ctx.now());
  if (up) await publishFeed(ctx, up.room, up.uid, 'up');
}

/** Janus's asynchronous events on this node's session: a publisher's media up, or hung up. */
async function onJanusEvent(ctx: Ctx, client: VideoRoomClient, event: JanusEvent): Promise<void> {
  if (typeof event.sender !== 'number') return;
  if (event.janus === 'webrtcup') {
    await feedUp(ctx, event.sender);
  } else if (event.janus === 'hangup' || event.janus === 'detached') {
    const handle = await ctx.store.voiceSfu.handle(event.sender);
    if (handle?.kind === 'publisher' && handle.session === client.session.id) {
      await dropHandles(ctx, handle.room, [handle]);
    }
  }
}

/**
 * Janus no longer knows a session (Janus restarted, or the session expired or was destroyed):
 * every handle in it is gone, and with them the media of the members whose connections its node
 * made. Run by the node whose session it was, or by any node that Janus told so (a 458 on a
 * handle): the work is in the database and the events, and what another node removed first is
 * not announced twice. The handles go, and so do the subscriptions (of any session) to the
 * publishers among them. Each member whose publisher died hears its own feed is `gone`, which
 * tells its client to publish again (the others hear it too and drop their receivers until its
 * `up`); a member whose subscription died, to a publisher still up, hears that feed is `up`
 * again, which tells its client to subscribe again (docs/voice.md "Lost sessions").
 */
export async function sessionLost(ctx: Ctx, session: number): Promise<void> {
  const dead = await ctx.store.voiceSfu.sessionHandles(session);
  for (const room of new Set(dead.map((h) => h.room))) {
    const inRoom = dead.filter((h) => h.room === room);
    const gone = new Set(inRoom.filter((h) => h.kind === 'publisher').map((h) => h.uid));
    const orphans = (await ctx.store.voiceSfu.handles(room)).filter(
      (h) => h.kind === 'subscriber' && gone.has(h.feed!) && h.session !== session,
    );
    const removed = await ctx.store.voiceSfu.removeHandles([...inRoom, ...orphans].map((h) => h.handle));
    await detach(removed.filter((h) => h.session !== session));
    const lost = removed.filter((h) => h.session === session);
    for (const h of lost) if (h.kind === 'publisher') await publishFeed(ctx, room, h.uid, 'gone');
    const members = await ctx.store.voice.members(room);
    for (const h of lost) {
      if (h.kind !== 'subscriber' || gone.has(h.feed!)) continue;
      if (!members.some((m) => m.uid === h.uid && m.device === h.device)) continue;
      await ctx.bus.publish({
        audience: { kind: 'device', uid: h.uid, device: h.device },
        event: { type: 'voice_sfu_feed', room, uid: h.feed!, state: 'up' },
      });
    }
  }
}

const listeners: SfuListeners = {
  event: onJanusEvent,
  lost: (ctx, client) => sessionLost(ctx, client.session.id),
};

/**
 * Runs `fn` on this node's session at `url`; Janus's refusals are 400s, an unreachable SFU 503.
 * A 458 ends this node's session only when it was about that session: a handle's request may go
 * to another node's session, and this one holds every other member's handles here. Either way
 * the lost session's handles are rebuilt (`sessionLost`).
 */
async function withJanus<T>(ctx: Ctx, url: string, fn: (client: VideoRoomClient) => Promise<T>): Promise<T> {
  let client: VideoRoomClient | undefined;
  try {
    client = await sfuClient(ctx, url, listeners);
    return await fn(client);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof JanusError && error.code === NO_SUCH_SESSION) {
      if (client && error.session === client.session.id) client.session.lost();
      else if (error.session !== undefined) await sessionLost(ctx, error.session);
      throw new AppError('unavailable', 'the SFU session ended; try again');
    }
    if (error instanceof JanusError && error.code !== undefined) throw badRequest(`SFU: ${error.message}`);
    ctx.log.warn({ err: error }, 'sfu unreachable');
    throw new AppError('unavailable', 'the SFU is unreachable');
  }
}

/**
 * Whether a channel's room runs on the SFU, decided by its first member: the room's SFU when it
 * already has one and other members, the setting's when the actor is the first (an emptied room's
 * leftover SFU state goes). DM calls (two people) stay meshes.
 */
export async function planSfu(
  ctx: Ctx,
  ref: RoomRef,
  uid: number,
  config: VoiceConfig,
): Promise<{ url: string } | undefined> {
  if (ref.gid === null) return undefined;
  const existing = await ctx.store.voiceSfu.room(ref.room);
  const others = (await ctx.store.voice.members(ref.room)).filter((m) => m.uid !== uid);
  if (others.length > 0) return existing && { url: existing.url };
  if (existing) await closeSfuRoom(ctx, ref.room, existing.url);
  return config.sfu_url ? { url: config.sfu_url } : undefined;
}

/** Puts the room on the SFU (kept when it already is); the members whose media is up there. */
export async function openSfuRoom(ctx: Ctx, room: string, url: string, uid: number): Promise<number[]> {
  await ctx.store.voiceSfu.openRoom({ room, url, created_at: ctx.now() });
  const handles = await ctx.store.voiceSfu.handles(room);
  return handles.filter((h) => h.kind === 'publisher' && h.up_at !== null && h.uid !== uid).map((h) => h.uid);
}

async function closeSfuRoom(ctx: Ctx, room: string, url: string): Promise<void> {
  await detach(await ctx.store.voiceSfu.closeRoom(room));
  await withJanus(ctx, url, (client) => client.destroyRoom(janusRoom(room))).catch(() => undefined);
}

/**
 * After a room's membership changed: the Janus handles of those no longer in it go (and the
 * others hear their feeds are gone); an empty room leaves the SFU.
 */
export async function syncSfuRoom(ctx: Ctx, room: string, members: VoiceMemberRecord[]): Promise<void> {
  const sfuRoom = await ctx.store.voiceSfu.room(room);
  if (!sfuRoom) return;
  if (members.length === 0) return closeSfuRoom(ctx, room, sfuRoom.url);
  const here = new Set(members.map((m) => `${m.uid}/${m.device}`));
  const handles = await ctx.store.voiceSfu.handles(room);
  await dropHandles(
    ctx,
    room,
    handles.filter((h) => !here.has(`${h.uid}/${h.device}`)),
  );
}

export async function publishSfu(ctx: Ctx, actor: Actor, req: SfuPublishRequest): Promise<SfuSdpReply> {
  const { room } = await requireSfuMember(ctx, actor);
  const config = await readSetting(ctx.store, 'voice');
  const name = janusRoom(room.room);
  return withJanus(ctx, room.url, async (client) => {
    await client.ensureRoom(name, Math.max(config.sfu_limit ?? 2, 2));
    // A member publishes once; publishing again (a reloaded page) starts over.
    const mine = (await ctx.store.voiceSfu.handles(room.room)).filter((h) => h.uid === actor.uid);
    await dropHandles(ctx, room.room, mine, actor);
    const handle = await client.session.attachVideoRoom();
    const janusId = `u${actor.uid}-${handle}`;
    await ctx.store.voiceSfu.addHandle({
      handle,
      session: client.session.id,
      url: room.url,
      room: room.room,
      uid: actor.uid,
      device: actor.device,
      kind: 'publisher',
      feed: null,
      janus_id: janusId,
      up_at: null,
      created_at: ctx.now(),
    });
    try {
      const reply = await client.publish(
        name,
        janusId,
        String(actor.uid),
        { type: 'offer', sdp: req.sdp },
        handle,
      );
      if (!reply.answer) throw badRequest('the SFU gave no answer');
      return { handle, sdp: reply.answer.sdp };
    } catch (error) {
      await detach(await ctx.store.voiceSfu.removeHandles([handle]));
      throw error;
    }
  });
}

export async function subscribeSfu(ctx: Ctx, actor: Actor, req: SfuSubscribeRequest): Promise<SfuSdpReply> {
  const { room } = await requireSfuMember(ctx, actor);
  if (req.feed === actor.uid) throw badRequest('that is your own feed');
  const handles = await ctx.store.voiceSfu.handles(room.room);
  const feed = handles.find((h) => h.kind === 'publisher' && h.uid === req.feed && h.up_at !== null);
  if (!feed) throw notFound('no such feed');
  return withJanus(ctx, room.url, async (client) => {
    // One subscription per feed: asking again replaces it.
    const again = handles.filter(
      (h) => h.kind === 'subscriber' && h.uid === actor.uid && h.feed === req.feed,
    );
    await detach(await ctx.store.voiceSfu.removeHandles(again.map((h) => h.handle)));
    const handle = await client.session.attachVideoRoom();
    await ctx.store.voiceSfu.addHandle({
      handle,
      session: client.session.id,
      url: room.url,
      room: room.room,
      uid: actor.uid,
      device: actor.device,
      kind: 'subscriber',
      feed: req.feed,
      janus_id: null,
      up_at: null,
      created_at: ctx.now(),
    });
    try {
      const reply = await client.subscribe(janusRoom(room.room), [feed.janus_id!], handle);
      if (!reply.offer) throw badRequest('the SFU gave no offer');
      return { handle, sdp: reply.offer.sdp };
    } catch (error) {
      await detach(await ctx.store.voiceSfu.removeHandles([handle]));
      throw error;
    }
  });
}

/**
 * The answer to a subscription's offer. Posted by id, whichever node made the handle: Janus
 * checks the SDP at once (a bad one is a 400); the plugin's `started` goes to the owner's long poll.
 */
export async function startSfu(ctx: Ctx, actor: Actor, req: SfuStartRequest): Promise<void> {
  const h = await requireSfuHandle(ctx, actor, req.handle, 'subscriber');
  await withJanus(ctx, h.url, () =>
    postToHandle(h.url, h.session, h.handle, {
      janus: 'message',
      body: { request: 'start' },
      jsep: { type: 'answer', sdp: req.sdp },
    }),
  );
}

export async function trickleSfu(ctx: Ctx, actor: Actor, req: SfuTrickleRequest): Promise<void> {
  const h = await requireSfuHandle(ctx, actor, req.handle);
  const candidate =
    req.candidate === undefined
      ? { completed: true }
      : {
          candidate: req.candidate,
          ...(req.sdp_mid !== undefined ? { sdpMid: req.sdp_mid } : {}),
          ...(req.sdp_m_line_index !== undefined ? { sdpMLineIndex: req.sdp_m_line_index } : {}),
        };
  await withJanus(ctx, h.url, () =>
    postToHandle(h.url, h.session, h.handle, { janus: 'trickle', candidate }),
  );
}
