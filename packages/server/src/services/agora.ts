/**
 * VoceChat's Agora path (API.md §5, §11.2): the settings, `enabled`, and RTC tokens made with the
 * `agora-token` package, so VoceChat clients keep calling through Agora. The channel listing is
 * answered from Parley's own rooms (public channels only: VoceChat clients call it without a
 * token); Parley does not ask Agora's REST API who is in its channels.
 */
import type {
  AgoraChannelList,
  AgoraChannelUsers,
  AgoraConfig,
  AgoraToken,
  AgoraTokenRequest,
} from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { AppError, badRequest } from '../errors.js';
import { lazyModule } from '../lazy-module.js';
import { requireAdmin } from '../policy/index.js';
import { groupRoom, requireCallable, requireChannelVoice } from '../policy/voice.js';
import { audited, settingsDiff } from './audit.js';
import { readSetting, writeSetting } from './settings.js';
import { liveRooms } from './voice-rooms.js';

/** Seconds an Agora token lives. */
export const AGORA_TOKEN_TTL = 3600;
const loadAgora = lazyModule(async () => (await import('agora-token')).default);
const AGORA_KEY = /^[0-9a-fA-F]{32}$/;

export async function isAgoraEnabled(ctx: Ctx): Promise<boolean> {
  const config = await readSetting(ctx.store, 'agora');
  return (
    config.enabled && AGORA_KEY.test(config.app_id ?? '') && AGORA_KEY.test(config.app_certificate ?? '')
  );
}

export async function getAgoraConfig(ctx: Ctx, actor: Actor): Promise<AgoraConfig> {
  requireAdmin(actor);
  return readSetting(ctx.store, 'agora');
}

export async function setAgoraConfig(ctx: Ctx, actor: Actor, config: AgoraConfig): Promise<void> {
  requireAdmin(actor);
  const app_id = (config.app_id ?? '').trim();
  const app_certificate = (config.app_certificate ?? '').trim();
  if (config.enabled && !AGORA_KEY.test(app_id)) throw badRequest('app_id must be 32 hexadecimal digits');
  if (config.enabled && !AGORA_KEY.test(app_certificate)) {
    throw badRequest('app_certificate must be 32 hexadecimal digits');
  }
  const current = await readSetting(ctx.store, 'agora');
  const { rtm_key, rtm_secret, ...rest } = config;
  const next = {
    ...current,
    ...rest,
    app_id,
    app_certificate,
    // 0.3.3 clients name the REST credentials rtm_key / rtm_secret.
    customer_id: config.customer_id ?? rtm_key ?? current.customer_id ?? '',
    customer_secret: config.customer_secret ?? rtm_secret ?? current.customer_secret ?? '',
  };
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'agora', next);
    await audit('settings.voice', 'settings:agora', settingsDiff(current, next));
  });
}

/** Agora channel names: `vocechat:group:<gid>`, and `vocechat:<low uid>:user:<high uid>` for a DM. */
export const agoraGroupChannel = (gid: number) => `vocechat:group:${gid}`;
const agoraDmChannel = (a: number, b: number) => `vocechat:${Math.min(a, b)}:user:${Math.max(a, b)}`;

export async function createAgoraToken(ctx: Ctx, actor: Actor, req: AgoraTokenRequest): Promise<AgoraToken> {
  if ((req.gid === undefined) === (req.uid === undefined)) throw badRequest('give either gid or uid');
  let channel: string;
  if (req.gid !== undefined) {
    await requireChannelVoice(ctx, actor, req.gid);
    channel = agoraGroupChannel(req.gid);
  } else {
    await requireCallable(ctx, actor, req.uid!);
    channel = agoraDmChannel(actor.uid, req.uid!);
  }
  const config = await readSetting(ctx.store, 'agora');
  if (!(await isAgoraEnabled(ctx))) throw new AppError('unavailable', 'Agora is not enabled');
  const agora = await loadAgora();
  const token = agora.RtcTokenBuilder.buildTokenWithUid(
    config.app_id!,
    config.app_certificate!,
    channel,
    actor.uid,
    agora.RtcRole.PUBLISHER,
    AGORA_TOKEN_TTL,
    AGORA_TOKEN_TTL,
  );
  return {
    agora_token: token,
    app_id: config.app_id!,
    uid: actor.uid,
    channel_name: channel,
    expired_in: AGORA_TOKEN_TTL,
  };
}

/** Public channels' rooms with someone in them, a page at a time (page numbers from 0). */
export async function listAgoraChannels(
  ctx: Ctx,
  pageNo: number,
  pageSize: number,
): Promise<AgoraChannelList> {
  const rooms = await publicRooms(ctx);
  const page = rooms.slice(pageNo * pageSize, (pageNo + 1) * pageSize);
  return {
    success: true,
    data: {
      channels: page.map((r) => ({ channel_name: agoraGroupChannel(r.gid), user_count: r.uids.length })),
      total_size: rooms.length,
    },
  };
}

export async function getAgoraChannelUsers(ctx: Ctx, name: string): Promise<AgoraChannelUsers> {
  const gid = /^vocechat:group:(\d{1,16})$/.exec(name)?.[1];
  const room = gid === undefined ? undefined : (await publicRooms(ctx)).find((r) => r.gid === Number(gid));
  if (!room) return { success: true, data: { channel_exist: false } };
  // Mode 1: a communication channel (everyone publishes), as Agora reports it.
  return { success: true, data: { channel_exist: true, mode: 1, total: room.uids.length, users: room.uids } };
}

async function publicRooms(ctx: Ctx): Promise<{ gid: number; uids: number[] }[]> {
  const out: { gid: number; uids: number[] }[] = [];
  for (const room of await liveRooms(ctx)) {
    if (room.gid === null) continue;
    const group = await ctx.store.groups.get(room.gid);
    if (!group?.is_public) continue;
    out.push({
      gid: room.gid,
      uids: (await ctx.store.voice.members(groupRoom(room.gid).room)).map((m) => m.uid),
    });
  }
  return out;
}
