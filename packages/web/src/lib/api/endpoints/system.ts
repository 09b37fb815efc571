import type { LoginConfig } from '@parley/protocol';
import { call } from '../call';

/** The initialized check times out after 5 s (SPEC §9); callers treat failure as initialized. */
export const getInitialized = () => call('isInitialized', {}, { timeoutMs: 5000, errors: { default: null } });

export const getOrganization = () => call('getOrganization', {}, { errors: { default: null } });

export const updateOrganization = (name: string) => call('updateOrganization', { body: { name } });

export interface CreateAdmin {
  email: string;
  name: string;
  password: string;
}

export const createAdmin = ({ email, name, password }: CreateAdmin) =>
  call('createAdmin', { body: { email, name, password, gender: 0 } });

export const getLoginConfig = () => call('getLoginConfig');

export const getLoginConfigQuietly = () => call('getLoginConfig', {}, { errors: { default: null } });

export const updateLoginConfig = (config: LoginConfig) => call('setLoginConfig', { body: config });

export const createRegMagicLink = (expiredIn: number, maxTimes: number) =>
  call('createRegMagicLink', { query: { expired_in: expiredIn, max_times: maxTimes } });
