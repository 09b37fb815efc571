import {
  BurnAfterReadingRequest,
  MuteRequest,
  PinChatRequest,
  SearchUserRequest,
  UpdateContactStatusRequest,
} from '../conversations.js';
import { UserInfo } from '../users.js';
import type { RouteSpec } from './route.js';

const tag = 'user';
const auth = 'header';

/** A user's conversation settings, contacts and user search (API.md §4.3). */
export const CONVERSATION_ROUTES = {
  mute: { method: 'POST', path: '/user/mute', auth, kind: 'empty', tag, body: MuteRequest },
  pinChat: { method: 'POST', path: '/user/pin_chat', auth, kind: 'empty', tag, body: PinChatRequest },
  unpinChat: { method: 'POST', path: '/user/unpin_chat', auth, kind: 'empty', tag, body: PinChatRequest },
  burnAfterReading: {
    method: 'POST',
    path: '/user/burn-after-reading',
    auth,
    kind: 'empty',
    tag,
    body: BurnAfterReadingRequest,
  },
  updateContactStatus: {
    method: 'POST',
    path: '/user/update_contact_status',
    auth,
    kind: 'empty',
    tag,
    body: UpdateContactStatusRequest,
  },
  searchUser: {
    method: 'POST',
    path: '/user/search',
    auth,
    kind: 'json',
    tag,
    body: SearchUserRequest,
    response: UserInfo,
  },
} as const satisfies Record<string, RouteSpec>;
