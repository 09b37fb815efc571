import type {
  CreateAdminUserRequest,
  UpdateAdminUserRequest,
  UpdateSystemCommonRequest,
} from '@parley/protocol';
import { call } from '../call';

/** The settings screens' calls (API.md §3, §11). */
export const getSystemCommon = () => call('getSystemCommon', {}, { errors: { default: null } });
export const updateSystemCommon = (patch: UpdateSystemCommonRequest) =>
  call('updateSystemCommon', { body: patch });
export const updateOrganizationDetails = (name: string, description: string) =>
  call('updateOrganization', { body: { name, description } });
export const uploadOrganizationLogo = (image: Blob, crop?: string) =>
  call('setOrganizationLogo', { body: image, query: { crop } });
export const getVersion = () => call('getVersion');
export const getMetrics = () => call('getMetrics');
export const getLicense = () => call('getLicense');

export const adminListUsers = () => call('adminListUsers');
export const adminCreateUser = (body: CreateAdminUserRequest) =>
  call('adminCreateUser', { body }, { errors: { 409: 'admin:members.taken' } });
export const adminUpdateUser = (uid: number, body: UpdateAdminUserRequest) =>
  call('adminUpdateUser', { params: { uid }, body }, { errors: { 409: 'admin:members.taken' } });
export const adminDeleteUser = (uid: number) => call('adminDeleteUser', { params: { uid } });
export const adminListSessions = (uid: number) => call('adminListSessions', { params: { uid } });
export const adminRevokeSession = (uid: number, device: string) =>
  call('adminRevokeSession', { params: { uid, device } });

export const clearAllMessages = () => call('clearAllMessages');
export const clearAllFiles = () => call('deleteAllFiles');

export const updateMe = (body: { name?: string; language?: string }) => call('updateMe', { body });
export const setMyAvatar = (image: Blob, crop?: string) =>
  call('setAvatar', { body: image, query: { crop } });
export const changeMyPassword = (oldPassword: string, newPassword: string) =>
  call('changePassword', { body: { old_password: oldPassword, new_password: newPassword } });
