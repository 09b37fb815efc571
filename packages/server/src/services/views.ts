/** Wire views of stored records: the one place a record becomes a contract shape. */
import type { Group, PinnedMessage, ServerEvent, UserInfo } from '@parley/protocol';
import type { GroupRecord, UserRecord } from '../store/types.js';

export function userInfo(u: UserRecord): UserInfo {
  return {
    uid: u.uid,
    email: u.email,
    name: u.name,
    gender: u.gender,
    language: u.language,
    is_admin: u.is_admin,
    is_bot: u.is_bot,
    avatar_updated_at: u.avatar_updated_at,
    create_by: u.create_by,
  };
}

/** Public groups list no members: everyone is implicitly one (API.md §5.1). */
export function groupView(
  g: GroupRecord,
  members: readonly number[],
  pins: readonly PinnedMessage[] = [],
): Group {
  return {
    gid: g.gid,
    owner: g.is_public ? null : g.owner,
    name: g.name,
    description: g.description || null,
    members: g.is_public ? [] : [...members],
    is_public: g.is_public,
    avatar_updated_at: g.avatar_updated_at,
    pinned_messages: [...pins],
    show_email: g.show_email,
    dm_to_member: g.dm_to_member,
    add_friend: g.add_friend,
    only_owner_can_send_msg: g.only_owner_can_send_msg,
    ext_setting: g.ext_setting,
  };
}

type GroupChanged = Extract<ServerEvent, { type: 'group_changed' }>;

/** A `group_changed` event: the fields given changed, every other one is null (unchanged). */
export function groupChanged(
  gid: number,
  changed: Partial<Omit<GroupChanged, 'type' | 'gid'>>,
): GroupChanged {
  return {
    type: 'group_changed',
    gid,
    name: null,
    description: null,
    owner: null,
    avatar_updated_at: null,
    is_public: null,
    ...changed,
  };
}
