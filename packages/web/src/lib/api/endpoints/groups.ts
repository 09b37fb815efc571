import type { CreateGroupRequest, CreateGroupResponse } from '@parley/protocol';
import { call } from '../call';

/** Like the VoceChat client, this also accepts a bare gid (API.md §5). */
export const createGroup = (body: CreateGroupRequest): Promise<CreateGroupResponse | number> =>
  call('createGroup', { body });
