import type { LoginConfig, Organization, UserInfo } from '@parley/protocol';
import { request } from '../client';

/** The initialized check times out after 5 s (SPEC §9); callers treat failure as initialized. */
export const getInitialized = () =>
  request<boolean>('/admin/system/initialized', { timeoutMs: 5000, errors: { default: null } });

export const getOrganization = () =>
  request<Organization>('/admin/system/organization', { errors: { default: null } });

export const updateOrganization = (name: string) =>
  request<null>('/admin/system/organization', { method: 'PUT', json: { name } });

export interface CreateAdmin {
  email: string;
  name: string;
  password: string;
}

export const createAdmin = ({ email, name, password }: CreateAdmin) =>
  request<UserInfo>('/admin/system/create_admin', {
    method: 'POST',
    json: { email, name, password, gender: 0 },
  });

export const getLoginConfig = () => request<LoginConfig>('/admin/login/config');

export const getLoginConfigQuietly = () =>
  request<LoginConfig>('/admin/login/config', { errors: { default: null } });

export const updateLoginConfig = (config: LoginConfig) =>
  request<null>('/admin/login/config', { method: 'POST', json: config });

export const createRegMagicLink = (expiredIn: number, maxTimes: number) =>
  request<string>('/group/create_reg_magic_link', { query: { expired_in: expiredIn, max_times: maxTimes } });
