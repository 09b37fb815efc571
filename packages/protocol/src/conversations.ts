/**
 * Per-conversation settings of one user (mute, pinned chats, burn after reading), contacts and
 * user search (API.md §4.3, §9.3).
 */
import Type from 'typebox';
import { Id, MessageTarget } from './common.js';
import { LIMITS } from './limits.js';
import { ContactInfo } from './users.js';

/** A conversation's settings are changed for at most this many conversations in one call. */
const MAX_ITEMS = 1_000;
/** An expiry of up to a year, in seconds (mute `expired_in`, burn-after-reading `expires_in`). */
export const MAX_EXPIRY_SECONDS = 366 * 24 * 3600;
const Seconds = Type.Integer({ minimum: 0, maximum: MAX_EXPIRY_SECONDS });

/** `POST /user/mute`: `expired_in` seconds; absent = muted until unmuted. */
export const MuteRequest = Type.Object({
  add_users: Type.Optional(
    Type.Array(Type.Object({ uid: Id, expired_in: Type.Optional(Seconds) }), { maxItems: MAX_ITEMS }),
  ),
  add_groups: Type.Optional(
    Type.Array(Type.Object({ gid: Id, expired_in: Type.Optional(Seconds) }), { maxItems: MAX_ITEMS }),
  ),
  remove_users: Type.Optional(Type.Array(Id, { maxItems: MAX_ITEMS })),
  remove_groups: Type.Optional(Type.Array(Id, { maxItems: MAX_ITEMS })),
});
export type MuteRequest = Type.Static<typeof MuteRequest>;

/** `POST /user/pin_chat` and `/user/unpin_chat`. */
export const PinChatRequest = Type.Object({ target: MessageTarget });
export type PinChatRequest = Type.Static<typeof PinChatRequest>;

/**
 * `POST /user/burn-after-reading`: the caller's own messages in that conversation are deleted
 * `expires_in` seconds after they are sent; `0` turns it off (SPEC §4 "auto-delete own messages").
 */
export const BurnAfterReadingRequest = Type.Object({
  users: Type.Optional(Type.Array(Type.Object({ uid: Id, expires_in: Seconds }), { maxItems: MAX_ITEMS })),
  groups: Type.Optional(Type.Array(Type.Object({ gid: Id, expires_in: Seconds }), { maxItems: MAX_ITEMS })),
});
export type BurnAfterReadingRequest = Type.Static<typeof BurnAfterReadingRequest>;

/** The choices the web client offers for auto-deleting own messages (SPEC §4), in seconds. */
export const AUTO_DELETE_CHOICES = [0, 300, 600, 3600, 86_400, 604_800] as const;

export const ContactAction = Type.Union([
  Type.Literal('add'),
  Type.Literal('remove'),
  Type.Literal('block'),
  Type.Literal('unblock'),
]);
export type ContactAction = Type.Static<typeof ContactAction>;

export const UpdateContactStatusRequest = Type.Object({ action: ContactAction, target_uid: Id });
export type UpdateContactStatusRequest = Type.Static<typeof UpdateContactStatusRequest>;

export const SearchUserRequest = Type.Object({
  search_type: Type.Union([Type.Literal('id'), Type.Literal('email'), Type.Literal('name')]),
  keyword: Type.String({ minLength: 1, maxLength: LIMITS.userSearchKeywordMaxLength }),
});
export type SearchUserRequest = Type.Static<typeof SearchUserRequest>;

/** The user-visible refusal of `POST /user/search` (404). */
export const USER_SEARCH_NOT_FOUND = 'Not found, or this user is not allowed to be searched';

/** `user_settings_changed.add_contacts` items. */
export const ContactChange = Type.Object({ target_uid: Id, info: ContactInfo });
export type ContactChange = Type.Static<typeof ContactChange>;
