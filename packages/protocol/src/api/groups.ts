import Type from 'typebox';
import { ImageCropQuery } from '../files.js';
import {
  ChangeGroupTypeRequest,
  CreateGroupRequest,
  CreateGroupResponse,
  Group,
  GroupAvatarQuery,
  ListGroupsQuery,
  MemberList,
  RegMagicLinkQuery,
  UpdateGroupRequest,
} from '../groups.js';
import { GidParams, type RouteSpec } from './route.js';

const tag = 'group';
const auth = 'header';
const params = GidParams;

export const GROUP_ROUTES = {
  createGroup: {
    method: 'POST',
    path: '/group',
    auth,
    kind: 'json',
    tag,
    body: CreateGroupRequest,
    response: CreateGroupResponse,
  },
  listGroups: {
    method: 'GET',
    path: '/group',
    auth,
    kind: 'json',
    tag,
    query: ListGroupsQuery,
    response: Type.Array(Group),
  },
  createRegMagicLink: {
    method: 'GET',
    path: '/group/create_reg_magic_link',
    auth,
    kind: 'text',
    tag,
    query: RegMagicLinkQuery,
  },
  getGroup: { method: 'GET', path: '/group/:gid', auth, kind: 'json', tag, params, response: Group },
  updateGroup: {
    method: 'PUT',
    path: '/group/:gid',
    auth,
    kind: 'empty',
    tag,
    params,
    body: UpdateGroupRequest,
  },
  deleteGroup: { method: 'DELETE', path: '/group/:gid', auth, kind: 'empty', tag, params },
  changeGroupType: {
    method: 'POST',
    path: '/group/:gid/change_type',
    auth,
    kind: 'empty',
    tag,
    params,
    body: ChangeGroupTypeRequest,
  },
  leaveGroup: { method: 'GET', path: '/group/:gid/leave', auth, kind: 'empty', tag, params },
  addMembers: {
    method: 'POST',
    path: '/group/:gid/members/add',
    auth,
    kind: 'empty',
    tag,
    params,
    body: MemberList,
  },
  removeMembers: {
    method: 'POST',
    path: '/group/:gid/members/remove',
    auth,
    kind: 'empty',
    tag,
    params,
    body: MemberList,
  },
  setGroupAvatar: {
    method: 'POST',
    path: '/group/:gid/avatar',
    auth,
    kind: 'empty',
    tag,
    params,
    query: ImageCropQuery,
    upload: 'image',
  },
  getGroupAvatar: {
    method: 'GET',
    path: '/resource/group_avatar',
    auth: 'public',
    kind: 'image',
    tag,
    query: GroupAvatarQuery,
  },
} as const satisfies Record<string, RouteSpec>;
