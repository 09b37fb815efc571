export { ChannelHeader } from './channel-header';
/** The create dialog loads when first opened, so the first chat screen does not carry it. */
export const loadCreateChannelDialog = () => import('./create-channel-dialog');
export { memberCount, membersOf, roleOf, sortMembers, type MemberRole } from './member-order';
export { MembersPanel } from './members-panel';
export { channelRights, type ChannelRights } from './channel-rights';
