import type { Group, PinnedMessage } from '@parley/protocol';
import type { StreamEvent } from '../events';
import { initialGroupsState, type GroupsState } from '../state';
import type { SliceAction, SliceContext } from './slice-action';

export function groupsReducer(state: GroupsState, action: SliceAction, ctx: SliceContext): GroupsState {
  switch (action.type) {
    case 'groups/created':
      return state.byId[action.group.gid] ? state : withGroup(state, action.group);
    case 'auth/cleared':
      return initialGroupsState;
    case 'stream/event':
      return applyEvent(state, action.event, ctx);
    default:
      return state;
  }
}

function applyEvent(state: GroupsState, event: StreamEvent, ctx: SliceContext): GroupsState {
  switch (event.type) {
    case 'related_groups':
      return { byId: Object.fromEntries(event.groups.map((group) => [group.gid, group])), loaded: true };
    case 'joined_group':
      return withGroup(state, event.group);
    case 'group_changed': {
      const group = state.byId[event.gid];
      if (!group) return state;
      const next: Group = {
        ...group,
        name: event.name ?? group.name,
        description: event.description ?? group.description,
        owner: event.owner ?? group.owner,
        avatar_updated_at: event.avatar_updated_at ?? group.avatar_updated_at,
        show_email: event.show_email ?? group.show_email,
        dm_to_member: event.dm_to_member ?? group.dm_to_member,
        add_friend: event.add_friend ?? group.add_friend,
        only_owner_can_send_msg: event.only_owner_can_send_msg ?? group.only_owner_can_send_msg,
        ext_setting: event.ext_setting !== undefined ? event.ext_setting : group.ext_setting,
      };
      if (event.is_public !== null && event.is_public !== group.is_public) {
        next.is_public = event.is_public;
        // Public channels list no members; a channel turned private starts with everyone (SPEC §4 "Channel").
        next.members = event.is_public ? [] : Object.keys(ctx.users).map(Number);
        if (event.is_public) next.owner = null;
      }
      return withGroup(state, next);
    }
    case 'user_joined_group': {
      const group = state.byId[event.gid];
      if (!group || group.is_public) return state;
      const members = [...new Set([...group.members, ...event.uid])];
      return members.length === group.members.length ? state : withGroup(state, { ...group, members });
    }
    case 'user_leaved_group': {
      const group = state.byId[event.gid];
      if (!group) return state;
      if (ctx.selfUid !== null && event.uid.includes(ctx.selfUid)) return withoutGroup(state, event.gid);
      if (group.is_public) return state;
      const leaving = new Set(event.uid);
      return withGroup(state, { ...group, members: group.members.filter((uid) => !leaving.has(uid)) });
    }
    case 'kick_from_group':
      return withoutGroup(state, event.gid);
    case 'pinned_message_updated': {
      const group = state.byId[event.gid];
      if (!group) return state;
      return withGroup(state, {
        ...group,
        pinned_messages: updatePins(group.pinned_messages, event.mid, event.msg),
      });
    }
    default:
      return state;
  }
}

function updatePins(pins: readonly PinnedMessage[], mid: number, msg: PinnedMessage | null): PinnedMessage[] {
  if (!msg) return pins.filter((pin) => pin.mid !== mid);
  const index = pins.findIndex((pin) => pin.mid === mid);
  if (index === -1) return [...pins, msg].sort((a, b) => a.created_at - b.created_at);
  return pins.map((pin, i) => (i === index ? msg : pin));
}

function withGroup(state: GroupsState, group: Group): GroupsState {
  return { ...state, byId: { ...state.byId, [group.gid]: group } };
}

function withoutGroup(state: GroupsState, gid: number): GroupsState {
  if (!state.byId[gid]) return state;
  const byId = { ...state.byId };
  delete byId[gid];
  return { ...state, byId };
}
