import { DEFAULT_CHANNEL_SWITCHES, type ChatMessage, type Group, type UserInfo } from '@parley/protocol';
import type { StreamEvent } from '../events';
import type { Action } from '../actions';
import { rootReducer } from '../root-reducer';
import { createInitialState, type AppState } from '../state';

export const SELF = 1;

export function user(uid: number, extra: Partial<UserInfo> = {}): UserInfo {
  return {
    uid,
    email: `u${uid}@example.com`,
    name: `User ${uid}`,
    gender: 0,
    language: 'en-US',
    is_admin: false,
    is_bot: false,
    avatar_updated_at: 0,
    create_by: 'password',
    ...extra,
  };
}

export function group(gid: number, extra: Partial<Group> = {}): Group {
  return {
    gid,
    owner: SELF,
    name: `group-${gid}`,
    description: null,
    members: [SELF, 2],
    is_public: false,
    avatar_updated_at: 0,
    pinned_messages: [],
    ...DEFAULT_CHANNEL_SWITCHES,
    ...extra,
  };
}

export function text(
  mid: number,
  from: number,
  target: ChatMessage['target'],
  content = `m${mid}`,
  localId?: number,
): ChatMessage {
  return {
    mid,
    from_uid: from,
    created_at: 1_700_000_000_000 + mid * 1000,
    target,
    detail: {
      type: 'normal',
      properties: localId === undefined ? null : { local_id: localId },
      content_type: 'text/plain',
      content,
      expires_in: null,
    },
  };
}

export function like(
  mid: number,
  from: number,
  target: ChatMessage['target'],
  targetMid: number,
  action = '👍',
): ChatMessage {
  return {
    mid,
    from_uid: from,
    created_at: 0,
    target,
    detail: { type: 'reaction', mid: targetMid, detail: { type: 'like', action } },
  };
}

export function edit(
  mid: number,
  from: number,
  target: ChatMessage['target'],
  targetMid: number,
  content: string,
): ChatMessage {
  return {
    mid,
    from_uid: from,
    created_at: 0,
    target,
    detail: {
      type: 'reaction',
      mid: targetMid,
      detail: { type: 'edit', content, content_type: 'text/plain', properties: null },
    },
  };
}

export function remove(
  mid: number,
  from: number,
  target: ChatMessage['target'],
  targetMid: number,
): ChatMessage {
  return {
    mid,
    from_uid: from,
    created_at: 0,
    target,
    detail: { type: 'reaction', mid: targetMid, detail: { type: 'delete' } },
  };
}

export const chat = (message: ChatMessage): StreamEvent => ({ type: 'chat', ...message });

export function loggedIn(): AppState {
  return rootReducer(createInitialState(), {
    type: 'auth/loggedIn',
    now: 1000,
    login: {
      server_id: 's',
      token: 't',
      refresh_token: 'r',
      expired_in: 300,
      user: user(SELF),
      initialized: true,
    },
  });
}

export function run(state: AppState, ...actions: Action[]): AppState {
  return actions.reduce(rootReducer, state);
}

export function events(state: AppState, ...list: StreamEvent[]): AppState {
  return rootReducer(state, { type: 'stream/events', events: list });
}
