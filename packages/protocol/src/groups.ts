import Type from 'typebox';
import { Id, Nullable } from './common.js';
import { LIMITS } from './limits.js';

export const PinnedMessage = Type.Object({
  mid: Id,
  created_by: Id,
  created_at: Type.Integer(),
  properties: Nullable(Type.Record(Type.String(), Type.Unknown())),
  content_type: Type.String(),
  content: Type.String(),
});
export type PinnedMessage = Type.Static<typeof PinnedMessage>;

export const Group = Type.Object({
  gid: Id,
  owner: Nullable(Id),
  name: Type.String(),
  description: Nullable(Type.String()),
  members: Type.Array(Id),
  is_public: Type.Boolean(),
  avatar_updated_at: Type.Integer(),
  pinned_messages: Type.Array(PinnedMessage),
  show_email: Type.Boolean(),
  dm_to_member: Type.Boolean(),
  add_friend: Type.Boolean(),
  only_owner_can_send_msg: Type.Boolean(),
  ext_setting: Nullable(Type.String()),
});
export type Group = Type.Static<typeof Group>;

const GroupName = Type.String({ minLength: 1, maxLength: LIMITS.groupNameMaxLength });
const Description = Nullable(Type.String({ maxLength: LIMITS.descriptionMaxLength }));

export const CreateGroupRequest = Type.Object({
  name: GroupName,
  description: Type.Optional(Description),
  members: Type.Optional(Nullable(Type.Array(Id, { maxItems: 10_000 }))),
  is_public: Type.Boolean(),
});
export type CreateGroupRequest = Type.Static<typeof CreateGroupRequest>;

export const CreateGroupResponse = Type.Object({ gid: Id, created_at: Type.Integer() });
export type CreateGroupResponse = Type.Static<typeof CreateGroupResponse>;

export const UpdateGroupRequest = Type.Object({
  name: Type.Optional(GroupName),
  description: Type.Optional(Description),
  owner: Type.Optional(Id),
  show_email: Type.Optional(Type.Boolean()),
  dm_to_member: Type.Optional(Type.Boolean()),
  add_friend: Type.Optional(Type.Boolean()),
  only_owner_can_send_msg: Type.Optional(Type.Boolean()),
  ext_setting: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.groupExtSettingMaxLength }))),
});
export type UpdateGroupRequest = Type.Static<typeof UpdateGroupRequest>;

export const ChangeGroupTypeRequest = Type.Object({
  is_public: Type.Boolean(),
  members: Type.Optional(Nullable(Type.Array(Id, { maxItems: 10_000 }))),
});
export type ChangeGroupTypeRequest = Type.Static<typeof ChangeGroupTypeRequest>;

/** The per-channel switches (SPEC §3), in the order the settings page shows them. */
export const CHANNEL_SWITCHES = [
  'only_owner_can_send_msg',
  'add_friend',
  'dm_to_member',
  'show_email',
] as const;
export type ChannelSwitch = (typeof CHANNEL_SWITCHES)[number];
/** What a new channel starts with (migration 0012 gives existing channels the same). */
export const DEFAULT_CHANNEL_SWITCHES = {
  show_email: false,
  dm_to_member: true,
  add_friend: true,
  only_owner_can_send_msg: false,
  ext_setting: null,
} as const satisfies Pick<Group, ChannelSwitch | 'ext_setting'>;

export const MemberList = Type.Array(Id, { minItems: 1, maxItems: 10_000 });

export const RegMagicLinkQuery = Type.Object({
  gid: Type.Optional(Id),
  expired_in: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 * 24 * 3600 })),
  max_times: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.inviteUnlimitedUses })),
});
export type RegMagicLinkQuery = Type.Static<typeof RegMagicLinkQuery>;

/** `public_only` narrows the caller's list to public channels. */
export const ListGroupsQuery = Type.Object({ public_only: Type.Optional(Type.Boolean()) });
export type ListGroupsQuery = Type.Static<typeof ListGroupsQuery>;

export const GroupAvatarQuery = Type.Object({ gid: Type.Integer({ minimum: 0 }) });
export type GroupAvatarQuery = Type.Static<typeof GroupAvatarQuery>;
