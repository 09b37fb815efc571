import Type from 'typebox';
import { Id, MessageTarget, Nullable } from './common.js';
import { ContactChange } from './conversations.js';
import { Group, PinnedMessage } from './groups.js';
import { UpdateSystemCommonRequest } from './system.js';
import { ChatMessage } from './messages.js';
import { UserPreferences } from './preferences.js';
import { CallState, VoiceMember, VoiceSignal } from './voice.js';
import { UserInfo, UserLog, UserState } from './users.js';

/** Every event on `GET /user/events` is one JSON object with a `type` discriminator (API.md §9.3). */
const Event = <N extends string, P extends Type.TProperties>(name: N, props: P) =>
  Type.Object({ type: Type.Literal(name), ...props });

export const ReadyEvent = Event('ready', {});
export const HeartbeatEvent = Event('heartbeat', { time: Type.Integer() });
export const UsersSnapshotEvent = Event('users_snapshot', {
  users: Type.Array(UserInfo),
  version: Type.Integer(),
});
export const UsersLogEvent = Event('users_log', { logs: Type.Array(UserLog) });
export const UsersStateEvent = Event('users_state', { users: Type.Array(UserState) });
export const UsersStateChangedEvent = Event('users_state_changed', { uid: Id, online: Type.Boolean() });

const MuteUser = Type.Object({ uid: Id, expired_at: Nullable(Type.Integer()) });
const MuteGroup = Type.Object({ gid: Id, expired_at: Nullable(Type.Integer()) });
export const PinnedChat = Type.Object({ target: MessageTarget, updated_at: Type.Integer() });

export const UserSettingsEvent = Event('user_settings', {
  mute_users: Type.Array(MuteUser),
  mute_groups: Type.Array(MuteGroup),
  read_index_users: Type.Array(Type.Object({ uid: Id, mid: Id })),
  read_index_groups: Type.Array(Type.Object({ gid: Id, mid: Id })),
  burn_after_reading_users: Type.Array(Type.Object({ uid: Id, expires_in: Type.Integer() })),
  burn_after_reading_groups: Type.Array(Type.Object({ gid: Id, expires_in: Type.Integer() })),
  pinned_chats: Type.Array(PinnedChat),
});
export const UserSettingsChangedEvent = Event('user_settings_changed', {
  from_device: Type.String(),
  add_mute_users: Type.Array(MuteUser),
  remove_mute_users: Type.Array(Id),
  add_mute_groups: Type.Array(MuteGroup),
  remove_mute_groups: Type.Array(Id),
  read_index_users: Type.Array(Type.Object({ uid: Id, mid: Id })),
  read_index_groups: Type.Array(Type.Object({ gid: Id, mid: Id })),
  burn_after_reading_users: Type.Array(Type.Object({ uid: Id, expires_in: Type.Integer() })),
  burn_after_reading_groups: Type.Array(Type.Object({ gid: Id, expires_in: Type.Integer() })),
  // Newer fields (API.md §9.3, C): present when the change is of that kind.
  add_contacts: Type.Optional(Type.Array(ContactChange)),
  remove_contacts: Type.Optional(Type.Array(Id)),
  add_pin_chats: Type.Optional(Type.Array(PinnedChat)),
  remove_pin_chats: Type.Optional(Type.Array(MessageTarget)),
});
/**
 * Parley's extension: the user changed their client preferences on another device; the whole of
 * them. Sent to that user's other devices only, never to the one that made the change.
 */
export const UserPreferencesChangedEvent = Event('user_preferences_changed', {
  from_device: Type.String(),
  preferences: UserPreferences,
});
export const RelatedGroupsEvent = Event('related_groups', { groups: Type.Array(Group) });
export const JoinedGroupEvent = Event('joined_group', { group: Group });
export const UserJoinedGroupEvent = Event('user_joined_group', { gid: Id, uid: Type.Array(Id) });
export const UserLeavedGroupEvent = Event('user_leaved_group', { gid: Id, uid: Type.Array(Id) });
export const KickFromGroupEvent = Event('kick_from_group', {
  gid: Id,
  reason: Type.Union([Type.Literal('kick'), Type.Literal('group_deleted')]),
});
export const GroupChangedEvent = Event('group_changed', {
  gid: Id,
  name: Nullable(Type.String()),
  description: Nullable(Type.String()),
  owner: Nullable(Id),
  avatar_updated_at: Nullable(Type.Integer()),
  is_public: Nullable(Type.Boolean()),
  // Parley sends the channel switches (API.md §5.1) only when they change; VoceChat ignores them.
  show_email: Type.Optional(Type.Boolean()),
  dm_to_member: Type.Optional(Type.Boolean()),
  add_friend: Type.Optional(Type.Boolean()),
  only_owner_can_send_msg: Type.Optional(Type.Boolean()),
  ext_setting: Type.Optional(Nullable(Type.String())),
});
export const PinnedMessageUpdatedEvent = Event('pinned_message_updated', {
  gid: Id,
  mid: Id,
  msg: Nullable(PinnedMessage),
});
/** Parley, beyond VoceChat: `uid` is typing in `target` (a channel, or the DM's recipient); not stored. */
export const UserTypingEvent = Event('user_typing', { uid: Id, target: MessageTarget });
/** A DM voice call rings `target` (API.md §9.3, C). */
export const UserCallingEvent = Event('user_calling', { target: Id, uid: Id });
/** Parley: a DM call changed state; both sides' devices get it. */
export const VoiceCallEvent = Event('voice_call', {
  caller: Id,
  callee: Id,
  room: Type.String(),
  state: CallState,
});
/** Parley: who is in a voice room now (to its channel's readers, or both sides of a DM). */
export const VoiceRoomChangedEvent = Event('voice_room_changed', {
  room: Type.String(),
  gid: Nullable(Id),
  members: Type.Array(VoiceMember),
});
/** Parley: WebRTC signalling from `from`, to the one device of the room's member it is for. */
export const VoiceSignalEvent = Event('voice_signal', { room: Type.String(), from: Id, signal: VoiceSignal });
/** Parley: this device is no longer in the room (the same user joined from another device). */
export const VoiceEndedEvent = Event('voice_ended', {
  room: Type.String(),
  reason: Type.Union([Type.Literal('other_device'), Type.Literal('removed')]),
});
/**
 * Parley: a member's media reaches the room's SFU (`up`: subscribe to it) or no longer does
 * (`gone`); to the room's members only.
 */
export const VoiceSfuFeedEvent = Event('voice_sfu_feed', {
  room: Type.String(),
  uid: Id,
  state: Type.Union([Type.Literal('up'), Type.Literal('gone')]),
});
export const ChatEvent = Type.Object({ type: Type.Literal('chat'), ...ChatMessage.properties });
export const KickReason = Type.Union([
  Type.Literal('login_from_other_device'),
  Type.Literal('delete_user'),
  Type.Literal('delete_device'),
  Type.Literal('logout'),
  Type.Literal('frozen'),
]);
export type KickReason = Type.Static<typeof KickReason>;
export const KickEvent = Event('kick', { reason: KickReason });
export const ServerConfigChangedEvent = Event('server_config_changed', {
  organization_name: Nullable(Type.String()),
  organization_description: Nullable(Type.String()),
  organization_logo: Nullable(Type.String()),
  ...UpdateSystemCommonRequest.properties,
});
/** Every message, or one channel's history, was cleared; the client drops what it holds (API.md §9.3). */
export const MessageClearedEvent = Event('message_cleared', { latest_deleted_mid: Id });
export const GroupMessageClearedEvent = Event('group_message_cleared', { gid: Id });

export const ServerEvent = Type.Union([
  ReadyEvent,
  HeartbeatEvent,
  UsersSnapshotEvent,
  UsersLogEvent,
  UsersStateEvent,
  UsersStateChangedEvent,
  UserSettingsEvent,
  UserSettingsChangedEvent,
  UserPreferencesChangedEvent,
  RelatedGroupsEvent,
  JoinedGroupEvent,
  UserJoinedGroupEvent,
  UserLeavedGroupEvent,
  KickFromGroupEvent,
  GroupChangedEvent,
  PinnedMessageUpdatedEvent,
  ChatEvent,
  KickEvent,
  ServerConfigChangedEvent,
  MessageClearedEvent,
  GroupMessageClearedEvent,
  UserTypingEvent,
  UserCallingEvent,
  VoiceCallEvent,
  VoiceRoomChangedEvent,
  VoiceSignalEvent,
  VoiceEndedEvent,
  VoiceSfuFeedEvent,
]);
export type ServerEvent = Type.Static<typeof ServerEvent>;
export type ServerEventType = ServerEvent['type'];
export type EventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

export const EventsQuery = Type.Object({
  'api-key': Type.Optional(Type.String()),
  after_mid: Type.Optional(Type.Integer({ minimum: 0 })),
  users_version: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});
export type EventsQuery = Type.Static<typeof EventsQuery>;
