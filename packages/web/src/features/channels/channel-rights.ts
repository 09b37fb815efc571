import type { Group, UserInfo } from '@parley/protocol';

/** What the signed-in user may do on a channel's settings page; mirrors the server's policy. */
export interface ChannelRights {
  /** Rename, describe, set the icon and the switches, remove members, delete (owner or admin). */
  manage: boolean;
  /** Add members: any member of a private channel, or an administrator. */
  addMembers: boolean;
  /** Hand the channel to another member: its owner, or an administrator. */
  transfer: boolean;
  /** Make it public or private: administrators (public) and the owner (private → stays private). */
  changeVisibility: boolean;
  /** Leave: a member of a private channel who is not its owner. */
  leave: boolean;
  /** Write in it: no guests; with `only_owner_can_send_msg`, the owner and administrators. */
  send: boolean;
}

export function channelRights(group: Group, self: UserInfo | undefined): ChannelRights {
  if (!self || self.create_by === 'guest') {
    return {
      manage: false,
      addMembers: false,
      transfer: false,
      changeVisibility: false,
      leave: false,
      send: false,
    };
  }
  const admin = self.is_admin;
  const owner = !group.is_public && group.owner === self.uid;
  const member = group.is_public || group.members.includes(self.uid);
  return {
    manage: owner || admin,
    addMembers: !group.is_public && (member || admin),
    transfer: !group.is_public && (owner || admin),
    changeVisibility: admin,
    leave: !group.is_public && member && !owner,
    send: member && (!group.only_owner_can_send_msg || owner || admin),
  };
}
