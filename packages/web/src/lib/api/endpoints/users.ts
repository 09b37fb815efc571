import type { ReadIndexRequest, UserInfo } from '@parley/protocol';
import { request } from '../client';

export const listUsers = () => request<UserInfo[]>('/user');

/** A silent authenticated call; a 401 here still logs out, which is its purpose after a failed stream. */
export const probeSession = () => request<UserInfo>('/user/me', { errors: { default: null } });

export const updateReadIndex = (body: ReadIndexRequest) =>
  request<null>('/user/read-index', { method: 'POST', json: body, errors: { default: null } });
