/**
 * Voice and video (issue 15): VoceChat's Agora settings and tokens (API.md §11.2, §5), and
 * Parley's self-hosted calls: rooms in channels and DMs whose WebRTC signalling travels over
 * this API and the event stream (docs/voice.md).
 */
import Type from 'typebox';
import { Id } from './common.js';

const Str = (maxLength: number) => Type.String({ maxLength });

/** `GET`/`POST /admin/agora/config` (API.md §11.2; 0.3.3 clients send `rtm_key`/`rtm_secret`). */
export const AgoraConfig = Type.Object({
  enabled: Type.Boolean(),
  url: Type.Optional(Str(2048)),
  project_id: Type.Optional(Str(256)),
  app_id: Type.Optional(Str(256)),
  app_certificate: Type.Optional(Str(256)),
  customer_id: Type.Optional(Str(256)),
  customer_secret: Type.Optional(Str(256)),
  rtm_key: Type.Optional(Str(256)),
  rtm_secret: Type.Optional(Str(256)),
});
export type AgoraConfig = Type.Static<typeof AgoraConfig>;

/** `POST /admin/agora/token`: `{uid}` for a DM call, `{gid}` for a channel. */
export const AgoraTokenRequest = Type.Object({ uid: Type.Optional(Id), gid: Type.Optional(Id) });
export type AgoraTokenRequest = Type.Static<typeof AgoraTokenRequest>;
export const AgoraToken = Type.Object({
  agora_token: Type.String(),
  app_id: Type.String(),
  uid: Id,
  channel_name: Type.String(),
  expired_in: Type.Integer(),
});
export type AgoraToken = Type.Static<typeof AgoraToken>;

export const AgoraChannelPage = Type.Object({
  page_no: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  page_size: Type.Integer({ minimum: 1, maximum: 1000 }),
});
export const AgoraChannelList = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    channels: Type.Array(Type.Object({ channel_name: Type.String(), user_count: Type.Integer() })),
    total_size: Type.Integer(),
  }),
});
export type AgoraChannelList = Type.Static<typeof AgoraChannelList>;
/** An Agora channel name as Parley makes them (`vocechat:group:<gid>`): colon-separated parts. */
export const AgoraChannelName = Type.Object({
  name: Type.String({ maxLength: 256, pattern: '^[A-Za-z0-9_.-]{1,64}(:[A-Za-z0-9_.-]{1,64}){1,4}$' }),
});
export const AgoraChannelUsers = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    channel_exist: Type.Boolean(),
    mode: Type.Optional(Type.Integer()),
    total: Type.Optional(Type.Integer()),
    users: Type.Optional(Type.Array(Id)),
  }),
});
export type AgoraChannelUsers = Type.Static<typeof AgoraChannelUsers>;

/** Parley's own calls: STUN/TURN, the ICE candidate filter and the per-server limits. */
export const VoiceConfig = Type.Object({
  stun_urls: Type.Array(Str(512), { maxItems: 8 }),
  turn_urls: Type.Array(Str(512), { maxItems: 8 }),
  /** The coturn `static-auth-secret` (REST scheme); empty: no TURN credentials are issued. */
  turn_secret: Str(256),
  /** Lifetime of a TURN credential, seconds. */
  turn_ttl: Type.Integer({ minimum: 60, maximum: 86_400 }),
  /** Most participants of one mesh room (everyone sends to everyone). */
  mesh_limit: Type.Integer({ minimum: 2, maximum: 16 }),
  /** Most rooms with someone in them at once; 0 = no limit. */
  max_calls: Type.Integer({ minimum: 0, maximum: 100_000 }),
  /**
   * Clients use only ICE candidates whose address starts with one of these (e.g. `127.0.0.1`);
   * empty = all. Keeps media on chosen networks (tests: loopback only).
   */
  ice_address_prefixes: Type.Array(Str(64), { maxItems: 16 }),
  /**
   * The SFU (Janus's HTTP API base, e.g. `http://127.0.0.1:8088/janus`); empty: no SFU, rooms are
   * meshes. When set, a channel's room runs on the SFU from its first member (docs/voice.md).
   * Omitted on a write: unchanged.
   */
  sfu_url: Type.Optional(Str(2048)),
  /** Most participants of one room on the SFU. Omitted on a write: unchanged. */
  sfu_limit: Type.Optional(Type.Integer({ minimum: 2, maximum: 1000 })),
});
export type VoiceConfig = Type.Static<typeof VoiceConfig>;

export const IceServer = Type.Object({
  urls: Type.Array(Type.String()),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
});
export type IceServer = Type.Static<typeof IceServer>;
/** What a client needs before joining: ICE servers with fresh TURN credentials, filter, limits. */
export const VoiceIce = Type.Object({
  ice_servers: Type.Array(IceServer),
  ice_address_prefixes: Type.Array(Type.String()),
  mesh_limit: Type.Integer(),
  /**
   * The path a new channel room takes (`sfu` when an SFU is set); the join answer tells which one
   * a room is on. VoceChat clients keep using Agora.
   */
  mode: Type.Union([Type.Literal('mesh'), Type.Literal('sfu')]),
});
export type VoiceIce = Type.Static<typeof VoiceIce>;

/** A participant's media state as the others see it. Deafened implies muted. */
export const VoiceMediaState = Type.Object({
  muted: Type.Boolean(),
  deafened: Type.Boolean(),
  video: Type.Boolean(),
  screen: Type.Boolean(),
});
export type VoiceMediaState = Type.Static<typeof VoiceMediaState>;
export const VoiceMember = Type.Object({ uid: Id, ...VoiceMediaState.properties });
export type VoiceMember = Type.Static<typeof VoiceMember>;

/** A room: `group:<gid>` for a channel, `dm:<low uid>:<high uid>` for a DM call. */
export const VoiceRoomId = Type.String({ pattern: '^(group:[0-9]{1,16}|dm:[0-9]{1,16}:[0-9]{1,16})$' });

/**
 * SPEC §3 "voice list": `id` is the channel's gid, or the other side's uid for a DM; `channelName`
 * is the channel's name (the other user's name for a DM).
 */
export const VoiceRoom = Type.Object({
  id: Id,
  room: Type.String(),
  context: Type.Union([Type.Literal('channel'), Type.Literal('dm')]),
  memberCount: Type.Integer(),
  channelName: Type.String(),
});
export type VoiceRoom = Type.Static<typeof VoiceRoom>;

export const JoinVoiceRequest = Type.Object({ gid: Id, ...VoiceMediaState.properties });
export type JoinVoiceRequest = Type.Static<typeof JoinVoiceRequest>;
/** `sfu`: the room runs on the SFU; `feeds` are the members whose media reaches it now. */
export const JoinedVoice = Type.Object({
  room: Type.String(),
  members: Type.Array(VoiceMember),
  sfu: Type.Optional(Type.Object({ feeds: Type.Array(Id) })),
});
export type JoinedVoice = Type.Static<typeof JoinedVoice>;

/** WebRTC signalling, relayed unchanged to one member of the caller's room. */
export const VoiceSignal = Type.Object({
  kind: Type.Union([
    Type.Literal('offer'),
    Type.Literal('answer'),
    Type.Literal('ice'),
    Type.Literal('hello'),
  ]),
  sdp: Type.Optional(Type.String({ maxLength: 65_536 })),
  candidate: Type.Optional(Type.String({ maxLength: 2048 })),
  sdp_mid: Type.Optional(Type.String({ maxLength: 64 })),
  sdp_m_line_index: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
});
export type VoiceSignal = Type.Static<typeof VoiceSignal>;
export const SendVoiceSignalRequest = Type.Object({ to: Id, signal: VoiceSignal });
export type SendVoiceSignalRequest = Type.Static<typeof SendVoiceSignalRequest>;

export const CallState = Type.Union([
  Type.Literal('ringing'),
  Type.Literal('accepted'),
  Type.Literal('declined'),
  Type.Literal('busy'),
  Type.Literal('missed'),
  Type.Literal('cancelled'),
  // An answered call one side hung up (`/voice/call/cancel`); a reload drops a side without it.
  Type.Literal('ended'),
]);
export type CallState = Type.Static<typeof CallState>;
/**
 * `rejoin` (calling only): get back into a call this device was in (after a reload) without
 * ringing: `accepted` when the other side still waits in the DM's room, `ended` otherwise.
 */
export const CallPeerRequest = Type.Object({
  uid: Id,
  video: Type.Optional(Type.Boolean()),
  rejoin: Type.Optional(Type.Boolean()),
});
export type CallPeerRequest = Type.Static<typeof CallPeerRequest>;
/** `members`: with `accepted`, when calling joined the other side in the room at once. */
export const CallReply = Type.Object({
  state: CallState,
  room: Type.String(),
  members: Type.Optional(Type.Array(VoiceMember)),
});
export type CallReply = Type.Static<typeof CallReply>;

/** A Janus handle Parley made for the caller (a publisher or a subscriber). */
export const SfuHandle = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Sdp = Type.String({ minLength: 1, maxLength: 65_536 });
/** `POST /voice/sfu/publish`: the caller's offer (sending only); the SFU's answer back. */
export const SfuPublishRequest = Type.Object({ sdp: Sdp });
export type SfuPublishRequest = Type.Static<typeof SfuPublishRequest>;
/** An SDP from the SFU (`answer` to a publish, `offer` of a subscription) and the handle it is for. */
export const SfuSdpReply = Type.Object({ handle: SfuHandle, sdp: Type.String() });
export type SfuSdpReply = Type.Static<typeof SfuSdpReply>;
/** `POST /voice/sfu/subscribe`: receive `feed`'s (a member's uid) media; answer with `start`. */
export const SfuSubscribeRequest = Type.Object({ feed: Id });
export type SfuSubscribeRequest = Type.Static<typeof SfuSubscribeRequest>;
/** `POST /voice/sfu/start`: the caller's answer to a subscription's offer. */
export const SfuStartRequest = Type.Object({ handle: SfuHandle, sdp: Sdp });
export type SfuStartRequest = Type.Static<typeof SfuStartRequest>;
/** `POST /voice/sfu/trickle`: one ICE candidate of a handle; no `candidate`: gathering is done. */
export const SfuTrickleRequest = Type.Object({
  handle: SfuHandle,
  candidate: Type.Optional(Type.String({ maxLength: 2048 })),
  sdp_mid: Type.Optional(Type.String({ maxLength: 64 })),
  sdp_m_line_index: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
});
export type SfuTrickleRequest = Type.Static<typeof SfuTrickleRequest>;
