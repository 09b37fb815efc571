import type { Group, SystemCommon, UserInfo } from '@parley/protocol';

/** `g:<gid>` for a channel, `u:<uid>` for a direct conversation (the other party's uid). */
export type ConvKey = `g:${number}` | `u:${number}`;

export interface AuthState {
  user: UserInfo;
  token: string;
  refreshToken: string;
  /** Epoch ms at which the access token expires (login time + expired_in). */
  expireTime: number;
}

export interface ServerState {
  /** `null` until `GET /admin/system/initialized` answered. */
  initialized: boolean | null;
  name: string;
  description: string | null;
  serverId: string | null;
  /** `GET /admin/system/common` once signed in, kept current by `server_config_changed`. */
  common: SystemCommon | null;
}

export interface UsersState {
  byId: Record<number, UserInfo>;
  /** Last applied user-log id; sent back as `users_version` when the stream reconnects. */
  version: number;
  online: Record<number, boolean>;
}

export interface GroupsState {
  byId: Record<number, Group>;
  /** True once `related_groups` arrived, so "unknown channel" can be told apart from "not loaded yet". */
  loaded: boolean;
}

export interface LikeRecord {
  mid: number;
  uid: number;
  action: string;
}

export interface Message {
  /** Server id, or the local id (a ms timestamp) while the message is still being sent. */
  mid: number;
  conv: ConvKey;
  fromUid: number;
  createdAt: number;
  contentType: string;
  content: string;
  properties: Record<string, unknown> | null;
  replyMid: number | null;
  localId: number | null;
  sending: boolean;
  /** Set when the message was built from the send response before the stream delivered it. */
  provisional: boolean;
  edited: boolean;
  editMid: number;
  likes: LikeRecord[];
}

export interface ReactionRecord {
  mid: number;
  fromUid: number;
  targetMid: number;
  kind: 'like' | 'edit' | 'delete';
  action: string;
  content: string;
  contentType: string;
  properties: Record<string, unknown> | null;
}

export interface Conversation {
  /** Mids of normal and reply messages, ascending. */
  mids: number[];
  /** Smallest record mid received for this conversation (any kind); the `before` cursor for history. */
  oldest: number | null;
  /** True once history said there is nothing older. */
  exhausted: boolean;
}

export interface MessagesState {
  byMid: Record<number, Message>;
  convs: Partial<Record<ConvKey, Conversation>>;
  /** Reactions whose target is not loaded yet, keyed by the target mid. */
  pending: Record<number, ReactionRecord[]>;
  /** Highest normal/reply mid received; sent back as `after_mid` when the stream reconnects. */
  afterMid: number;
  /** Mids seen deleted, so a reply to one can say so rather than "not loaded" (capped). */
  deleted: Record<number, true>;
}

export interface ReadState {
  users: Record<number, number>;
  groups: Record<number, number>;
}

/** The user's own conversation settings and contacts (API.md §9.3 `user_settings`). */
export interface ChatSettingsState {
  /** Muted conversations: until when (ms), null = until unmuted. */
  mutes: Partial<Record<ConvKey, number | null>>;
  /** Pinned conversations: when pinned (ms). */
  pins: Partial<Record<ConvKey, number>>;
  /** Auto-delete of own messages: seconds (absent = off). */
  burn: Partial<Record<ConvKey, number>>;
  contacts: Record<number, 'added' | 'blocked'>;
}

export type StreamStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'reconnecting';

export interface StreamState {
  status: StreamStatus;
  ready: boolean;
}

export interface AppState {
  auth: AuthState | null;
  server: ServerState;
  users: UsersState;
  groups: GroupsState;
  messages: MessagesState;
  reads: ReadState;
  chatSettings: ChatSettingsState;
  stream: StreamState;
  online: boolean;
  /** False once another tab of this app took over (SPEC §4 "Multi-tab"). */
  tabActive: boolean;
}

export const initialServerState: ServerState = {
  initialized: null,
  name: '',
  description: null,
  serverId: null,
  common: null,
};
export const initialUsersState: UsersState = { byId: {}, version: 0, online: {} };
export const initialGroupsState: GroupsState = { byId: {}, loaded: false };
export const initialMessagesState: MessagesState = {
  byMid: {},
  convs: {},
  pending: {},
  afterMid: 0,
  deleted: {},
};
export const initialReadState: ReadState = { users: {}, groups: {} };
export const initialChatSettingsState: ChatSettingsState = { mutes: {}, pins: {}, burn: {}, contacts: {} };
export const initialStreamState: StreamState = { status: 'idle', ready: false };

export function createInitialState(overrides: Partial<AppState> = {}): AppState {
  return {
    auth: null,
    server: initialServerState,
    users: initialUsersState,
    groups: initialGroupsState,
    messages: initialMessagesState,
    reads: initialReadState,
    chatSettings: initialChatSettingsState,
    stream: initialStreamState,
    online: true,
    tabActive: true,
    ...overrides,
  };
}
