import type {
  BurnAfterReadingRequest,
  ContactAction,
  MuteRequest,
  SearchUserRequest,
} from '@parley/protocol';
import { call } from '../call';
import type { ErrorOverrides } from '../error-toast';

type Target = { uid: number } | { gid: number };

export const listContacts = () => call('listContacts', {}, { errors: { default: null } });
export const muteConversations = (body: MuteRequest) => call('mute', { body });
export const pinChat = (target: Target) => call('pinChat', { body: { target } });
export const unpinChat = (target: Target) => call('unpinChat', { body: { target } });
export const setBurnAfterReading = (body: BurnAfterReadingRequest) => call('burnAfterReading', { body });
export const updateContactStatus = (action: ContactAction, targetUid: number) =>
  call('updateContactStatus', { body: { action, target_uid: targetUid } });
export const searchUser = (body: SearchUserRequest, errors?: ErrorOverrides) =>
  call('searchUser', { body }, { errors });
