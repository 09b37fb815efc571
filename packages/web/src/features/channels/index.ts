export { ChannelHeader } from './channel-header';
export { CreateChannelDialog } from './create-channel-dialog';
export { memberCount, membersOf, roleOf, sortMembers, type MemberRole } from './member-order';
export { MembersPanel } from './members-panel';
