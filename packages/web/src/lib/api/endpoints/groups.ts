import type { CreateGroupRequest, CreateGroupResponse } from '@parley/protocol';
import { request } from '../client';

export const createGroup = (body: CreateGroupRequest) =>
  request<CreateGroupResponse | number>('/group', { method: 'POST', json: body });
